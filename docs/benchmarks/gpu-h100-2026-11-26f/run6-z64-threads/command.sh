#!/usr/bin/env bash
# A/B: the complex pair kernel blocked_pair_z_64 with 512 threads (var-cuda.jar: this commit's cuda module built with
# BLOCKED_PAIR(blocked_pair_z_64, cuDoubleComplex, 64, 512) and 512 threads launched for complex 2b = 64, first on the
# class path) against 256 (the committed build), alternating; complex svd and indefinite eig, n = 1024, 2048, 4096.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; V=.gpu/final/var-cuda.jar
nvidia-smi --query-gpu=name --format=csv,noheader
for v in t256 t512 t256 t512; do
  if [ $v = t512 ]; then CP="$V:$A"; else CP="$A"; fi
  timeout 100 $J -Xmx32g -cp $CP io.github.gpujacobi.cli.Main bench --op svd,eig --n 1024,2048,4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[$v] /"
done 2>&1 | tee $OUT/ab.txt
