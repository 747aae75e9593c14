#!/usr/bin/env bash
# Complex b = 64 from n = 2048 (default now): the complex rows against cuSOLVER at n = 2048 and 4096, b = 32 against 64
# at n = 1024 and 1536, and the complex Bunch-Parlett's columns per block (4, 8, 16) on the indefinite eig at 4096.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
W=-Dgpujacobi.cuda.complexBlockWidth
nvidia-smi --query-gpu=name --format=csv,noheader
{
timeout 150 $J -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto|gesvdj|heevj' 2>&1 | grep -E "^(eig|svd)"
timeout 60 $J -Xmx32g -jar $A bench --op svd,eig --n 2048 --dtype complex128 --repeat 3 --impl 'cuda/auto|gesvdj|heevj' 2>&1 | grep -E "^(eig|svd)"
timeout 60 $J -Xmx32g -jar $A bench --op eig --spd --n 2048,4096 --dtype complex128 --repeat 3 --impl 'cuda/auto|heevj' 2>&1 | grep -E "^eig" | sed "s/^/hpd /"
for w in 32 64 32 64; do
  timeout 60 $J $W=$w -Xmx32g -jar $A bench --op svd,eig --n 1024,1536 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[b=$w] /"
done
for c in 4 8 16 8; do
  timeout 60 $J -Dgpujacobi.cuda.bpColumnsPerBlock=$c -Xmx32g -jar $A bench --op eig --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^eig" | sed "s/^/[bp cols $c] /"
done
} 2>&1 | tee $OUT/rows.txt
