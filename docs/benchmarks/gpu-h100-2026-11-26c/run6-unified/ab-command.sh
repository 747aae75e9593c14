#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; B=.gpu/final/base.jar
nvidia-smi --query-gpu=name,clocks.sm,temperature.gpu --format=csv,noheader
for r in 1 2; do for v in base new; do
  cp=$A; [ $v = base ] && cp=$B:$A
  echo "$v r$r: $($J -Xmx16g -cp $cp io.github.gpujacobi.cli.Main bench --op eig --spd --n 1024 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep '^eig' | awk '{print $7, $11}') | $($J -Xmx16g -cp $cp io.github.gpujacobi.cli.Main bench --op eig,svd --n 1024 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E '^(eig|svd)' | awk '{print $1, $7}' | paste -sd' ')"
done; done
