#!/usr/bin/env bash
# Run 4 (2026-11-28, second session): run 3's verify --graded 2048 again with room to finish (run 3 gave it 200 s and it
# stopped before the indefinite n = 2048 row), then Bunch-Parlett's columns per block at n = 1024 in what time is left.
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); j=.jre/bin/java
( sleep 570; tar -C $r -czf $OUT/run4-partial.tgz . ) &
timeout 480 $j -Xmx64g -jar .gpu/final/gpujacobi.jar verify --device gpu --sizes 1 --methods parallel --graded 2048 \
    > $r/verify-graded.txt 2>&1; echo "verify rc $? after $SECONDS s"
grep -E "graded .*n=(1100|2048)|verify:|^FAIL" $r/verify-graded.txt
tar -C $r -czf $OUT/run4a.tgz .
for c in 8 16 32; do
  timeout 25 $j -Xmx16g -Dgpujacobi.cuda.bpColumnsPerBlock=$c -Dgpujacobi.cuda.blockedProfile=true \
      -jar .gpu/final/gpujacobi.jar bench --op eig --n 1024 --dtype double --repeat 3 --impl 'cuda/blocked' > $r/bp-$c.txt 2>&1
  echo "columns per block $c:"; grep -E "^eig|bunch" $r/bp-$c.txt | sort | uniq -c | head
done
tar -C $r -czf $OUT/run4.tgz .; kill %1
