#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
JAR=.gpu/final/gpujacobi.jar CONFORMANCE=.gpu/final/gpujacobi-conformance.jar OUT=/tmp/v JAVA=$J timeout 420 bash cuda/gpu-verify.sh verify > $OUT/verify-console.txt 2>&1
tail -5 $OUT/verify-console.txt; grep -E "tests (successful|failed)" /tmp/v/*.txt; grep -E "^FAIL|verify:" /tmp/v/verify.txt | head
tar czf $OUT/v.tgz -C /tmp v
for cf in 16 128; do
  $J -Xmx32g -Dgpujacobi.cuda.blockedCheckFrom=$cf -jar $A bench --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/cf=$cf indef /"
  $J -Xmx32g -Dgpujacobi.cuda.blockedCheckFrom=$cf -jar $A bench --op svd,eig --spd --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/cf=$cf /"
done | tee $OUT/cf.txt
$J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $A bench --op eig --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "bunch|^eig" | tee $OUT/complex.txt
