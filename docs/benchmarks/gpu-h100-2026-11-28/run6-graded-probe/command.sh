#!/usr/bin/env bash
# Run 6 (2026-11-28): where the blocked hyperbolic route's extra relative error on graded indefinite input comes from.
# GradedProbe (this folder; compiled against the product jar into .gpu/probe/classes, carried) writes the eigenvalues of
# verify's graded indefinite matrix (Generators.gradedIndefinite(new Random(n), n, 10)); each switch of the blocked
# route in its own JVM; the eigenvalues come back and are compared here with the CPU backend's at tol 1e-17.
# It timed out (300 s) after two of its ten JVMs: each rebuilt the input (most of a minute at n = 2048), and the tar
# came only at the end. See gpu-h100-2026-11-28.md, run 6.
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); cp=.gpu/probe/classes:.gpu/final/gpujacobi.jar; J=".jre/bin/java -Xmx32g"
p() { local name=$1 n=$2 method=$3; shift 3; echo -n "$name: "; timeout 120 $J "$@" -cp $cp GradedProbe $n gpu $method $r/$name.txt 2>&1 | tail -1; }
p base-1000 1000 blocked
p base-2048 2048 blocked
p nocross-2048 2048 blocked -Dgpujacobi.cuda.hyperbolicCross=false
p b16-2048 2048 blocked -Dgpujacobi.cuda.blockWidth=16
p b64-2048 2048 blocked -Dgpujacobi.cuda.blockWidth=64
p checkfrom1-2048 2048 blocked -Dgpujacobi.cuda.blockedCheckFrom=1
p nocheck-2048 2048 blocked -Dgpujacobi.cuda.blockedCheck=false
p pointwise-2048 2048 hyperbolic
p base-4096 4096 blocked
p pointwise-1000 1000 hyperbolic
tar -C $r -czf $OUT/probe.tgz .
