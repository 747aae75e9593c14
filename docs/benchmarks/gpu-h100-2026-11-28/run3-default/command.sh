#!/usr/bin/env bash
# Run 3 (2026-11-28): the build with the preconditioned hyperbolic sweeps on by default. verify (its graded indefinite
# n = 1100 row goes through them), then the rows issues 13 and 16 still lacked: the indefinite eig in single and single
# complex, the complex 1024 rows with 5 repeats, the complex single svd; cuSOLVER in the same process.
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); j=".jre/bin/java -Xmx64g -jar .gpu/final/gpujacobi.jar"
( sleep 560; tar -C $r -czf $OUT/run3-partial.tgz . ) &
s() { local name=$1; shift; echo "== $name"; "$@" > $r/$name.txt 2>&1; echo "   rc $?"; grep -E "^(eig|svd|inv) |verify:|^FAIL" $r/$name.txt; }
s verify $j verify --device gpu
s indefinite-single $j bench --op eig --n 1024,4096 --dtype single,complex64 --repeat 3 \
    --impl 'cuda/(auto|blocked)|syevj|syevd|heevj|heevd' --out $r/indefinite-single.csv
s complex-1024 $j bench --op eig,svd --n 1024 --dtype complex128 --repeat 5 --impl 'cuda/auto|cusolver' --out $r/complex-1024.csv
s complex64-svd $j bench --op svd --n 1024,4096 --dtype complex64 --repeat 3 --impl 'cuda/auto|gesvdj|gesvd' \
    --out $r/complex64-svd.csv
tar -C $r -czf $OUT/run3.tgz .; kill %1
