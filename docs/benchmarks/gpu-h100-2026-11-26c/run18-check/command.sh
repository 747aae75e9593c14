#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
for r in 1 2; do for c in 1 16; do
  echo "checkFrom $c r$r 1024: $($J -Xmx32g -Dgpujacobi.cuda.blockedCheckFrom=$c -jar $A bench --op svd,eig --spd --n 1024 --dtype double,single --repeat 5 --impl cuda/blocked 2>&1 | grep -E '^(svd|eig)' | awk '{print $1, $2, $7, $12}' | paste -sd' ')"
done; done
for c in 1 16; do
  echo "checkFrom $c 4096: $($J -Xmx32g -Dgpujacobi.cuda.blockedCheckFrom=$c -jar $A bench --op svd,eig --spd --n 4096 --repeat 1 --impl cuda/blocked 2>&1 | grep -E '^(svd|eig)' | awk '{print $1, $7, $12}' | paste -sd' ') | indef $($J -Xmx32g -Dgpujacobi.cuda.blockedCheckFrom=$c -jar $A bench --op eig --n 1024,4096 --repeat 1 --impl cuda/blocked 2>&1 | grep -E '^eig' | awk '{print $3, $7, $12}' | paste -sd' ') | complex $($J -Xmx32g -Dgpujacobi.cuda.blockedCheckFrom=$c -jar $A bench --op eig,svd --n 1024 --dtype complex128 --repeat 3 --impl cuda/auto 2>&1 | grep -E '^(eig|svd)' | awk '{print $1, $7, $12}' | paste -sd' ')"
done
