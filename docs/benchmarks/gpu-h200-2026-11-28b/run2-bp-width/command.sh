#!/usr/bin/env bash
# Run 2 (2026-11-28, H200, build c86dccf): Bunch-Parlett beside syevd with 32 (default), 64 and 48 columns a block,
# alternating processes, indefinite eig n = 1024, 2048 single and double against syevj; then the profile at 32 and 64.
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar
for round in 1 2; do for w in 32 64 48; do
  $j -Xmx16g -Dgpujacobi.cuda.bpColumnsPerBlock=$w -jar $J bench --op eig --n 1024,2048 --dtype single,double --repeat 5 --impl 'cuda/blocked|syevj' --out $r/w$w-$round.csv > $r/w$w-$round.txt 2>&1
  tar -C $r -czf $OUT/run2.tgz .
done; done
for w in 32 64; do
  $j -Xmx16g -Dgpujacobi.cuda.bpColumnsPerBlock=$w -Dgpujacobi.cuda.blockedProfile=true -jar $J bench --op eig --n 1024 --dtype single --repeat 4 --impl 'cuda/blocked' > $r/profile-w$w.txt 2>&1
  tar -C $r -czf $OUT/run2.tgz .
done
