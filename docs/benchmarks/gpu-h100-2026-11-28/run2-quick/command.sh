#!/usr/bin/env bash
# Run 2 (2026-11-28): cuda/gpu-verify.sh quick on the build of 338ab12 (first GPU run of 2ef65bf's refactor too), with the
# preconditioned hyperbolic sweeps switched on for every java process (the default since the next commit).
r=$(mktemp -d); ( sleep 560; tar -C $r -czf $OUT/quick-partial.tgz . ) &
JAVA_TOOL_OPTIONS=-Dgpujacobi.cuda.hyperbolicPrecondition=true OUT=$r JAR=.gpu/final/gpujacobi.jar \
    CONFORMANCE=.gpu/final/gpujacobi-conformance.jar bash cuda/gpu-verify.sh quick 2>&1 | grep -v "Picked up"
grep -hE "^(eig|svd|inv) " $r/quick-*.txt | grep -v Picked; tar -C $r -czf $OUT/quick.tgz .; kill %1
