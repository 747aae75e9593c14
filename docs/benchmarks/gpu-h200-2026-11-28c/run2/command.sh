#!/usr/bin/env bash
# Run 2 (2026-11-28, H200, build 4c2111e, main's head): 'quick' (conformance with CudaMultiGpuTest, verify, one row per
# target) on the final code, then the n = 16384 svd (double, blocked) with the peak device memory.
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; t() { tar -C $r -czf $OUT/run2.tgz .; }
(TAR=$OUT/run2-quick.tgz OUT=$r/quick JAR=$J CONFORMANCE=.gpu/final/gpujacobi-conformance.jar timeout 420 bash cuda/gpu-verify.sh quick) > $r/quick.txt 2>&1; t
nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 200 > $r/svd-16384-mem.txt 2>/dev/null & smi=$!
timeout 150 $j -Xmx64g -jar $J bench --op svd --n 16384 --dtype double --repeat 1 --impl 'cuda/blocked' --out $r/svd-16384.csv > $r/svd-16384.txt 2>&1
kill $smi; echo "peak $(sort -n $r/svd-16384-mem.txt | tail -1) MiB" >> $r/svd-16384.txt; t
