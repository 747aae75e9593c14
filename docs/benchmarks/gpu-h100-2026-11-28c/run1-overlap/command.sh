#!/usr/bin/env bash
# Run 1 (2026-11-28, third session): cuda/gpu-verify.sh overlap on the build that also counts a failed Cholesky's time
# in the indefinite eig (conformance + verify with the overlap at every size, its profile, on/off alternating against
# cuSOLVER, inv with the per-context side stream); verify also covers the rotate_columns refactor of svd_jacobi.cu
# (the pointwise 'hyperbolic' method's graded rows at n = 1000, 1100).
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); ( sleep 570; tar -C $r -czf $OUT/overlap-partial.tgz . ) &
OUT=$r JAR=.gpu/final/gpujacobi.jar CONFORMANCE=.gpu/final/gpujacobi-conformance.jar bash cuda/gpu-verify.sh overlap
grep -E "tests (successful|failed)" $r/overlap-conformance.txt; grep -E "^FAIL|verify:" $r/overlap-verify.txt | head
grep -hE "^(eig|inv) " $r/overlap-*.txt | sort | uniq
tar -C $r -czf $OUT/overlap.tgz .; kill %1
