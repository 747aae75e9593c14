#!/usr/bin/env bash
# Run 6 (2026-11-28, H200, build f1edc21: this session's option checks (Tol raised to eps of the class, overflow
# reported as such), batch and MAT-input fixes on top of 7b7082d): 'verify' stage (conformance with
# CudaPageOrthogonalityTest, verify --device gpu), then the eig rows at 1024 and 4096 (nothing slower).
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; t() { tar -C $r -czf $OUT/run6.tgz .; }
(TAR=$OUT/run6-verify.tgz OUT=$r/verify JAR=$J CONFORMANCE=.gpu/final/gpujacobi-conformance.jar timeout 300 bash cuda/gpu-verify.sh verify) > $r/verify.txt 2>&1; t
timeout 120 $j -Xmx32g -jar $J bench --op eig,svd --n 1024,4096 --dtype double,single --repeat 3 --impl 'cuda/blocked|syevd' --out $r/rows.csv > $r/rows.txt 2>&1; t
