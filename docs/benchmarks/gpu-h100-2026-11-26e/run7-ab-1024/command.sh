#!/usr/bin/env bash
# A/B: main before this session's kernel change (base-cuda.jar: 61b82d5's cuda module, put first on the class path)
# against run 6's build, alternating, n = 1024 (svd, SPD eig, indefinite eig) and svd 4096.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; B=.gpu/final/base-cuda.jar
nvidia-smi --query-gpu=name --format=csv,noheader
for v in base new base new; do
  if [ $v = base ]; then CP="$B:$A"; else CP="$A"; fi
  $J -Xmx32g -cp $CP io.github.gpujacobi.cli.Main bench --op svd,eig --spd --n 1024 --dtype double --repeat 5 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[$v] spd /"
  $J -Xmx32g -cp $CP io.github.gpujacobi.cli.Main bench --op eig --n 1024 --dtype double --repeat 5 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/[$v] indef /"
  $J -Xmx32g -cp $CP io.github.gpujacobi.cli.Main bench --op svd --n 4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^svd" | sed "s/^/[$v] /"
done 2>&1 | tee $OUT/ab.txt
