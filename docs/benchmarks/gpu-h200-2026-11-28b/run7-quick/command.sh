#!/usr/bin/env bash
# Run 7 (2026-11-28 09:34 UTC, H200, build fb42e76): the merge check at the session's final build (conformance with
# CudaMultiGpuTest, verify, one row per target). TAR first, so it expands with the device tool's $OUT. JUnit XML not kept.
r=$(mktemp -d); (TAR=$OUT/run7-quick.tgz OUT=$r JAR=.gpu/final/gpujacobi.jar CONFORMANCE=.gpu/final/gpujacobi-conformance.jar timeout 400 bash cuda/gpu-verify.sh quick)
grep -hE "tests (successful|failed)" $r/conformance.txt; grep -hE "^FAIL|verify:" $r/verify.txt | head
grep -hE "^(eig|svd|inv) .*(gpujacobi|cusolver|Batched)" $r/quick-*.txt | grep -v "^#"
