#!/usr/bin/env bash
# Run 2 (2026-11-28, third session): with the overlap on (run 1: Bunch-Parlett beside syevd took 14 ms at n = 1024,
# against 8 and 11 ms alone), Bunch-Parlett's columns per block 8 / 16 / 32 (fewer blocks leave SMs to syevd):
# profiles, then alternating processes against cuSOLVER, n = 1024, 2048, double and single.
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); ( sleep 560; tar -C $r -czf $OUT/run2-partial.tgz . ) &
j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; on=-Dgpujacobi.cuda.overlapFactorEigh=true
s() { local name=$1; shift; echo "== $name"; local t0=$SECONDS; "$@" > $r/$name.txt 2>&1; echo "   rc $? $((SECONDS - t0)) s"; }
for c in 8 16 32; do
  s profile-$c $j -Xmx16g $on -Dgpujacobi.cuda.bpColumnsPerBlock=$c -Dgpujacobi.cuda.blockedProfile=true -jar $J \
      bench --op eig --n 1024,2048 --dtype double,single --repeat 1 --impl 'cuda/blocked'
  grep -E "^bunch|^hyperbolic precondition" $r/profile-$c.txt
done
for k in 1 2; do for c in 8 16 32; do
  s bench-$c-$k $j -Xmx16g $on -Dgpujacobi.cuda.bpColumnsPerBlock=$c -jar $J bench --op eig --n 1024,2048 \
      --dtype double,single --repeat 3 --impl 'cuda/blocked|syevj|syevd' --out $r/bench-$c-$k.csv
  grep -E "^eig .*gpujacobi" $r/bench-$c-$k.txt
done; done
tar -C $r -czf $OUT/run2.tgz .; kill %1
