#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; B=.gpu/final/base.jar
for r in 1 2; do for v in base new; do
  cp=$A; [ $v = base ] && cp=$B:$A
  echo "$v real: $($J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -cp $cp io.github.gpujacobi.cli.Main bench --op eig --n 1024,4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E '^bunch' | awk '{print $3}' | paste -sd' ') complex: $($J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -cp $cp io.github.gpujacobi.cli.Main bench --op eig --n 1024,4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E '^bunch' | awk '{print $3}' | paste -sd' ')"
done; done
