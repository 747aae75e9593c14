#!/usr/bin/env bash
# device run 19 (2026-11-26): the review's kernels (one Newton-Schulz warp step, warp_polish_column, for the eig and
# svd warp kernels; ERow as one template): gpu-verify.sh verify (conformance + CudaPageOrthogonalityTest) and the
# small double pages against cuSOLVER
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/v timeout 300 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
grep -E "tests (successful|failed|found)|✘" $OUT/v/conformance.txt >> $OUT/verify.log; rm -rf $OUT/v
timeout 120 $java -Xmx32g -cp $J io.github.gpujacobi.cli.Main bench --op eig,svd --n 8,16,32 --pages 2000 --dtype double \
  --repeat 9 --impl 'cuda/(parallel|onesided)|Batched' 2>&1 | grep -v "^#" > $OUT/small.txt
grep -v "Assumption" $OUT/verify.log | tail -6; cat $OUT/small.txt
