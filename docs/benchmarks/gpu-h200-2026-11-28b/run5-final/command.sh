#!/usr/bin/env bash
# Run 5 (2026-11-28, H200, build 4283a6d): three processes of the indefinite eig n = 1024, 4096, single and double,
# against syevj and syevd; then positive definite eig and svd at 4096 (nothing slower at the large sizes).
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; t() { tar -C $r -czf $OUT/run5.tgz .; }
for p in 1 2 3; do
  $j -Xmx16g -jar $J bench --op eig --n 1024,4096 --dtype single,double --repeat 5 --impl 'cuda/blocked|syevj|syevd' --out $r/indefinite-$p.csv > $r/indefinite-$p.txt 2>&1; t
done
$j -Xmx16g -jar $J bench --op eig,svd --spd --n 4096 --dtype double --repeat 3 --impl 'cuda/blocked|syevj|gesvdj' --out $r/large.csv > $r/large.txt 2>&1; t
