#!/usr/bin/env bash
# Prepared 2026-11-28, NOT YET RUN (no device time was left). Run from the repository root on the GPU machine with
# .jre and the slimmed jars in .gpu/final. The hyperbolic sweeps preconditioned (core/HyperbolicPreconditioner through
# CudaHyperbolicPrecondition: Y = G P, P = J G^H Q S from syevd, Newton-Schulz steps), switched on by
# -Dgpujacobi.cuda.hyperbolicPrecondition=true, against G swept alone (the default), alternating; the profile of each
# phase; cuSOLVER in the same process; then conformance and verify with the preconditioning at every size
# (-Dgpujacobi.cuda.preconditionFrom=2). If it verifies and pays, flip CudaHyperbolicPrecondition.ON's default.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
ON=-Dgpujacobi.cuda.hyperbolicPrecondition=true
OFF=-Dgpujacobi.x=1
P="$ON -Dgpujacobi.cuda.blockedProfile=true"
nvidia-smi --query-gpu=name --format=csv,noheader
{
for t in double complex128; do for n in 1024 4096; do
  timeout 60 $J $P -Xmx32g -jar $A bench --op eig --n $n --dtype $t --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^eig|precondition|bunch|blocked m=|blocked sweep"
done; done
} > $OUT/profile.txt 2>&1
{
timeout 100 $J $ON -Xmx32g -jar $A bench --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/auto|syevj|syevd' 2>&1 | grep -E "^eig" | sed "s/^/[pre] /"
timeout 100 $J $ON -Xmx32g -jar $A bench --op eig --n 1024 --dtype complex128 --repeat 3 --impl 'cuda/auto|heevj|heevd' 2>&1 | grep -E "^eig" | sed "s/^/[pre] /"
for v in off pre off pre; do
  if [ $v = off ]; then X=$OFF; else X=$ON; fi
  timeout 100 $J $X -Xmx32g -jar $A bench --op eig --n 1024,2048,4096 --dtype double --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^eig" | sed "s/^/[$v] /"
  timeout 100 $J $X -Xmx32g -jar $A bench --op eig --n 1024,2048,4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^eig" | sed "s/^/[$v] /"
done
timeout 100 $J $ON -Xmx32g -jar $A bench --op eig --n 1024,4096 --dtype single --repeat 3 --impl 'cuda/auto|syevj' 2>&1 | grep -E "^eig" | sed "s/^/[pre] /"
timeout 100 $J $P -Xmx48g -jar $A bench --op eig --n 8192 --dtype double --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^eig|precondition|bunch|blocked m=" | sed "s/^/[pre] /"
} 2>&1 | tee $OUT/rows.txt
timeout 200 $J $ON -Xmx16g -Dgpujacobi.cuda.preconditionFrom=2 -cp "$A:$CJ" org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conformance.txt 2>&1
grep -E "tests (successful|failed)" $OUT/conformance.txt
timeout 150 $J $ON -Xmx16g -Dgpujacobi.cuda.preconditionFrom=2 -jar $A verify --device gpu > $OUT/verify.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify.txt | tail -5
