#!/usr/bin/env bash
# Run 3 (2026-11-28, H200, build 38b550b): the merge check on the first H200 (conformance with CudaMultiGpuTest, verify,
# one row per issue-13 target), its output tarred every 10 s.
r=$(mktemp -d)
( JAR=.gpu/final/gpujacobi.jar CONFORMANCE=.gpu/final/gpujacobi-conformance.jar OUT=$r timeout 540 bash cuda/gpu-verify.sh quick ) &
p=$!; for i in $(seq 1 60); do sleep 10; kill -0 $p 2>/dev/null || break; tar -C $r -czf $OUT/run3-quick.tgz . ; done; wait $p; tar -C $r -czf $OUT/run3-quick.tgz .
grep -hE "tests (successful|failed)" $r/conformance.txt; grep -hE "^FAIL|verify:" $r/verify.txt | head
grep -hE "^(eig|svd|inv) .*(gpujacobi|cusolver|Batched)" $r/quick-*.txt | grep -v "^#"
