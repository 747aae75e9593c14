#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
JAR=$A CONFORMANCE=.gpu/final/gpujacobi-conformance.jar OUT=/tmp/q JAVA=$J timeout 540 bash cuda/gpu-verify.sh quick > $OUT/console.txt 2>&1
tail -3 $OUT/console.txt; grep -E "tests (successful|failed)" /tmp/q/conformance.txt; grep -E "^FAIL|verify:" /tmp/q/verify.txt | head
grep -hE "^(eig|svd)" /tmp/q/quick-blocked.txt /tmp/q/quick-indefinite.txt /tmp/q/quick-tall.txt /tmp/q/quick-8192.txt /tmp/q/quick-16384.txt 2>/dev/null | head -40
tar czf $OUT/q.tgz -C /tmp q
