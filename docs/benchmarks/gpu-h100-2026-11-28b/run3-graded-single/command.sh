#!/usr/bin/env bash
# Run 3 (2026-11-28, second session): issue 13's graded rows at n = 2048 against the corrected CPU reference
# (JacobiRotation.cosineLow), then cuda/gpu-verify.sh single (the check before the first sweep, single and double, with
# and without, alternating, against cuSOLVER in the same process), then Bunch-Parlett's columns per block at n = 1024.
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); j=.jre/bin/java
( sleep 565; tar -C $r -czf $OUT/run3-partial.tgz . ) &
timeout 200 $j -Xmx64g -jar .gpu/final/gpujacobi.jar verify --device gpu --sizes 1 --methods parallel --graded 2048 \
    > $r/verify-graded.txt 2>&1; echo "verify rc $?"
grep -E "graded .*n=(1000|1100|2048)|verify:|^FAIL" $r/verify-graded.txt
tar -C $r -czf $OUT/run3a.tgz .
OUT=$r JAR=.gpu/final/gpujacobi.jar bash cuda/gpu-verify.sh single
grep -hE "^(eig|svd) " $r/single-*-[1-4].txt | sort | uniq
tar -C $r -czf $OUT/run3b.tgz .
for c in 8 16 32; do
  $j -Xmx16g -Dgpujacobi.cuda.bpColumnsPerBlock=$c -Dgpujacobi.cuda.blockedProfile=true -jar .gpu/final/gpujacobi.jar \
      bench --op eig --n 1024,2048 --dtype double --repeat 3 --impl 'cuda/blocked' > $r/bp-$c.txt 2>&1
  echo "columns per block $c:"; grep -E "^eig|bunch" $r/bp-$c.txt | sort | uniq -c | head
done
tar -C $r -czf $OUT/run3.tgz .; kill %1
