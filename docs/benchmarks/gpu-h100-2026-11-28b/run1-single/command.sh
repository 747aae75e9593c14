#!/usr/bin/env bash
# Run 1 (2026-11-28, second session): cuda/gpu-verify.sh single on the build of the check before the first sweep
# (CudaBlockedSvd.PRE_CHECK_TOL): profiles, then with/without alternating against cuSOLVER in the same process.
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); ( sleep 560; tar -C $r -czf $OUT/single-partial.tgz . ) &
OUT=$r JAR=.gpu/final/gpujacobi.jar bash cuda/gpu-verify.sh single
grep -hE "^(eig|svd) " $r/single-*.txt | sort | uniq
tar -C $r -czf $OUT/single.tgz .; kill %1
