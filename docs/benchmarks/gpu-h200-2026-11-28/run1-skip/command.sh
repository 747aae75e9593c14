#!/usr/bin/env bash
# Run 1 (2026-11-28, H200, build 38b550b): the potrf skip (CudaBlockedSvd.DIAGONAL_TEST) on / off alternating.
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nvidia-smi -q | grep -iE "cuda version|product name" | head -3
mkdir -p $OUT/run1-skip
JAR=.gpu/final/gpujacobi.jar CONFORMANCE=.gpu/final/gpujacobi-conformance.jar OUT=$OUT/run1-skip timeout 570 bash cuda/gpu-verify.sh skip
grep -hE "^eig .*(gpujacobi|syevj)" $OUT/run1-skip/skip-*.txt
