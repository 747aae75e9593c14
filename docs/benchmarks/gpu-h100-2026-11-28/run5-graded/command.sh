#!/usr/bin/env bash
# Run 5 (2026-11-28): issue 13's graded accuracy rows up to n = 2048 (graded positive definite and indefinite, 10
# decades in D, against the CPU backend at tol 1e-17), which verify's fixed sizes stop at 1100.
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 540 .jre/bin/java -Xmx64g -jar .gpu/final/gpujacobi.jar verify --device gpu --sizes 1 --methods parallel \
    --graded 2048 2>&1 | tee $OUT/verify-graded.txt | grep -E "graded|verify:|^FAIL"
