#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; B=.gpu/final/base.jar; NCU=/usr/local/cuda/bin/ncu
JAR=$A CONFORMANCE=.gpu/final/gpujacobi-conformance.jar OUT=$OUT/v bash cuda/gpu-verify.sh verify
grep -E "tests (successful|failed)" $OUT/v/conformance.txt; grep -E "^FAIL|verify:" $OUT/v/verify.txt
timeout 120 $J -Xmx32g -jar $A bench --op eig,svd --n 1024 --dtype complex128,complex64 --repeat 3 --impl 'cuda/auto|heevj|gesvdj' --out $OUT/c1024.csv 2>&1 | grep -v '^#' | tail -9
timeout 120 $J -Xmx32g -jar $A bench --op eig --spd --n 1024 --dtype complex128,complex64 --repeat 3 --impl 'cuda/auto|heevj' --out $OUT/c1024spd.csv 2>&1 | grep -v '^#' | tail -5
for v in base new; do
  cp=$A; [ $v = base ] && cp=$B:$A
  $NCU --kernel-name regex:blocked_pair_64 --launch-skip 60 --launch-count 6 --metrics gpu__time_duration.sum --csv \
    $J -Xmx16g -cp $cp io.github.gpujacobi.cli.Main bench --op eig --spd --n 1024 --impl cuda/blocked --repeat 1 > $OUT/ncu64-$v.csv 2>&1
  $NCU --kernel-name regex:blocked_pair_128 --launch-skip 60 --launch-count 6 --metrics gpu__time_duration.sum --csv \
    $J -Xmx16g -cp $cp io.github.gpujacobi.cli.Main bench --op eig --spd --n 4096 --impl cuda/blocked --repeat 1 > $OUT/ncu128-$v.csv 2>&1
  echo "ncu $v: $(grep -h '"gpu__time_duration.sum"' $OUT/ncu64-$v.csv | awk -F'","' '{print $NF}' | tr -d '"' | paste -sd' ') | $(grep -h '"gpu__time_duration.sum"' $OUT/ncu128-$v.csv | awk -F'","' '{print $NF}' | tr -d '"' | paste -sd' ')"
done
