#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
for op in svd eig; do
$J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $A bench --op $op --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^blocked m=|bunch|^(eig|svd) " | tail -4
done
$J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $A bench --op svd --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "^blocked m=|^(eig|svd) " | tail -3
