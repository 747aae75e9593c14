#!/usr/bin/env bash
# Run 5 (2026-11-28, second session): the pointwise hyperbolic sweep with cosine_low (svd_jacobi.cu): the conformance
# suite, then verify --graded 2048 (its 'hyperbolic' rows measured 1.2e-12 at n = 2048 in run 4).
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); j=.jre/bin/java
s() { local name=$1; shift; echo "== $name"; local t0=$SECONDS; "$@" > $r/$name.txt 2>&1; echo "   rc $? $((SECONDS - t0)) s"; }
s conformance $j -Xmx16g -cp .gpu/final/gpujacobi.jar:.gpu/final/gpujacobi-conformance.jar \
    org.junit.platform.console.ConsoleLauncher execute --select-class io.github.gpujacobi.cuda.CudaConformanceTest \
    --details=tree --disable-banner --disable-ansi-colors --reports-dir $r/conformance-xml
grep -E "tests (successful|failed)" $r/conformance.txt; grep -B2 -A6 "✘" $r/conformance.txt | head -40
tar -C $r -czf $OUT/run5a.tgz .
( while sleep 20; do tar -C $r -czf $OUT/run5-partial.tgz . 2>/dev/null; done ) &
s verify-graded $j -Xmx64g -jar .gpu/final/gpujacobi.jar verify --device gpu --sizes 1 --methods parallel --graded 2048
grep -E "hyperbolic|hsvd|graded .*n=2048|verify:|^FAIL" $r/verify-graded.txt
kill %1; tar -C $r -czf $OUT/run5.tgz .
