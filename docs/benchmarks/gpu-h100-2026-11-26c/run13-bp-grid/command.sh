#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
for c in 8 16 32 64 128; do
  r=$($J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -Dgpujacobi.cuda.bpColumnsPerBlock=$c -jar $A bench --op eig --n 1024,4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E '^bunch' | awk '{print $3}' | paste -sd' ')
  z=$($J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -Dgpujacobi.cuda.bpColumnsPerBlock=$c -jar $A bench --op eig --n 1024,4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E '^bunch' | awk '{print $3}' | paste -sd' ')
  echo "columns/block $c: real n=1024,1024,4096,4096: $r | complex: $z"
done
