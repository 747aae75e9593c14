#!/usr/bin/env bash
# Step lanes with the pair solves on high-priority streams: lanes 1 / 2 / 4, with and without the pair kernel's shared
# memory raised to 200000 bytes (no GEMM block beside it on its SM), n = 4096 real and complex.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
for cfg in "1 0" "2 0" "4 0" "2 200000" "4 200000" "8 0"; do set -- $cfg
  O="-Dgpujacobi.cuda.blockedLanes=$1 -Dgpujacobi.cuda.pairSharedMin=$2"
  timeout 60 $J -Xmx32g $O -jar $A bench --op eig,svd --n 4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[$cfg] /"
  timeout 60 $J -Xmx32g $O -jar $A bench --op eig,svd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[$cfg] complex /"
done 2>&1 | tee $OUT/lanes.txt
