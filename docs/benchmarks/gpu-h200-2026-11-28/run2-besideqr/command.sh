#!/usr/bin/env bash
# Run 2 (2026-11-28, H200, build 38b550b): the svd's opt-in syevd of A'A beside geqrf (CudaBlockedSvd.EIGH_BESIDE_QR).
mkdir -p $OUT/run2-besideqr
JAR=.gpu/final/gpujacobi.jar CONFORMANCE=.gpu/final/gpujacobi-conformance.jar OUT=$OUT/run2-besideqr timeout 580 bash cuda/gpu-verify.sh besideqr
grep -hE "tests (successful|failed)" $OUT/run2-besideqr/*conformance.txt; grep -hE "^FAIL|verify:" $OUT/run2-besideqr/*verify.txt | head
grep -hE "^svd .*(gpujacobi|gesvdj)" $OUT/run2-besideqr/besideqr-*.txt
