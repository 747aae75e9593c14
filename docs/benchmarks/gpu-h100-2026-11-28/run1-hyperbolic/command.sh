#!/usr/bin/env bash
# Run 1 (2026-11-28, H100; prepared when no device time was left, then run as it stands here). From the repository root on the GPU machine, with .jre
# and the slimmed jars in .gpu/final (carry [".jre", ".gpu/final"]): the gpu-verify.sh stage for the preconditioned
# hyperbolic sweeps (conformance and verify with them at every size, profile, with/without against cuSOLVER real and
# complex, n = 8192), its outputs tarred into one file (the device returns only a few files). If it verifies and pays,
# flip CudaHyperbolicPrecondition.ON's default.
nvidia-smi --query-gpu=name --format=csv,noheader
r=$(mktemp -d)
# a snapshot before the device's 10-minute limit, in case the stage outruns it
( sleep 540; tar -C $r -czf $OUT/hyperbolic-partial.tgz . ) &
OUT=$r JAR=.gpu/final/gpujacobi.jar CONFORMANCE=.gpu/final/gpujacobi-conformance.jar bash cuda/gpu-verify.sh hyperbolic
grep -hE "^eig|hyperbolic precondition|bunch|blocked m=" $r/hyperbolic-profile.txt $r/hyperbolic-peers.txt $r/hyperbolic-o*.txt $r/hyperbolic-8192.txt
grep -E "tests (successful|failed)" $r/hyperbolic-conformance.txt; grep -E "^FAIL|verify:" $r/hyperbolic-verify.txt | tail -5
tar -C $r -czf $OUT/hyperbolic.tgz .; kill %1 2>/dev/null
