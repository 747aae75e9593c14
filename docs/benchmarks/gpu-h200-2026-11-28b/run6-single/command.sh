#!/usr/bin/env bash
# Run 6 (2026-11-28, H200, build 4283a6d): five more processes of issue 13's single indefinite eig row, n = 1024.
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar
for p in 1 2 3 4 5; do
  $j -Xmx16g -jar $J bench --op eig --n 1024 --dtype single --repeat 7 --impl 'cuda/blocked|syevj' --out $r/single-$p.csv > $r/single-$p.txt 2>&1
done
tar -C $r -czf $OUT/run6.tgz .
