#!/usr/bin/env bash
# Run 4 (2026-11-28, H200, build 4c2111e): the check after the first sweep of a preconditioned start, by the existing
# properties: blockedCheckFrom=256 lets the check run after a sweep of up to 256 rotations a column (8192 double
# indefinite: sweep 1 rotated 221 a column), blockedCheckList raises how many failing pairs the cleanup rounds take on.
# Profiles of the indefinite eig at 8192 and 4096, double, and the svd at 4096, double.
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; t() { tar -C $r -czf $OUT/run4.tgz .; }
for cfg in default 256:1024 256:4096 256:16384; do
  o=(-Dgpujacobi.cuda.blockedProfile=true)
  [ $cfg = default ] || o+=(-Dgpujacobi.cuda.blockedCheckFrom=${cfg%:*} -Dgpujacobi.cuda.blockedCheckList=${cfg#*:})
  timeout 100 $j -Xmx32g "${o[@]}" -jar $J bench --op eig --n 8192 --dtype double --repeat 2 --impl 'cuda/blocked' > $r/eig8192-${cfg/:/-}.txt 2>&1; t
  timeout 60 $j -Xmx32g "${o[@]}" -jar $J bench --op eig,svd --n 4096 --dtype double --repeat 2 --impl 'cuda/blocked' > $r/n4096-${cfg/:/-}.txt 2>&1; t
done
