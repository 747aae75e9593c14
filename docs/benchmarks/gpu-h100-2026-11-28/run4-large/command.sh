#!/usr/bin/env bash
# Run 4 (2026-11-28): the default indefinite eig (Bunch-Parlett, preconditioned hyperbolic sweeps) at n = 16384 double
# (one run, per-phase profile, peak device memory sampled by nvidia-smi) and the complex indefinite eig at n = 8192
# beside heevd.
r=$(mktemp -d); j=".jre/bin/java -Xmx64g -Dgpujacobi.cuda.blockedProfile=true -jar .gpu/final/gpujacobi.jar"
nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 200 > $r/indefinite-16384-mem.txt &
timeout 300 $j bench --op eig --n 16384 --dtype double --repeat 1 --impl 'cuda/blocked' --out $r/indefinite-16384.csv \
    > $r/indefinite-16384.txt 2>&1; echo "rc $?"
kill %1; echo "peak device memory $(sort -n $r/indefinite-16384-mem.txt | tail -1) MiB (nvidia-smi, whole device)"
cat $r/indefinite-16384.txt
timeout 200 $j bench --op eig --n 8192 --dtype complex128 --repeat 1 --impl 'cuda/auto|heevd' --out $r/complex-8192.csv \
    > $r/complex-8192.txt 2>&1; echo "rc $?"
cat $r/complex-8192.txt
tar -C $r -czf $OUT/run4.tgz .
