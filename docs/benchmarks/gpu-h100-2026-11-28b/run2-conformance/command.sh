#!/usr/bin/env bash
# Run 2 (2026-11-28, second session): the check before the first sweep at every size: the conformance suite and verify
# with the preconditioned routes from n = 2 (-Dgpujacobi.cuda.preconditionFrom=2; both precisions, real and complex,
# svd, positive definite and indefinite eig).
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); j=.jre/bin/java; P=-Dgpujacobi.cuda.preconditionFrom=2
( sleep 560; tar -C $r -czf $OUT/run2-partial.tgz . ) &
s() { local name=$1; shift; echo "== $name"; local t0=$SECONDS; "$@" > $r/$name.txt 2>&1; echo "   rc $? $((SECONDS - t0)) s"; }
s conformance $j -Xmx16g $P -cp .gpu/final/gpujacobi.jar:.gpu/final/gpujacobi-conformance.jar \
    org.junit.platform.console.ConsoleLauncher execute --select-class io.github.gpujacobi.cuda.CudaConformanceTest \
    --details=tree --disable-banner --disable-ansi-colors --reports-dir $r/conformance-xml
grep -E "tests (successful|failed)" $r/conformance.txt; grep -B2 -A6 "✘" $r/conformance.txt | head -60
tar -C $r -czf $OUT/run2a.tgz .
s verify $j -Xmx64g $P -jar .gpu/final/gpujacobi.jar verify --device gpu
grep -E "^FAIL|verify:|single" $r/verify.txt | head -40
tar -C $r -czf $OUT/run2.tgz .; kill %1
