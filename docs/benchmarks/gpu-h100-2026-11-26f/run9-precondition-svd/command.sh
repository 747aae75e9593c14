#!/usr/bin/env bash
# The svd preconditioned like the positive definite eig (X P, V accumulated from P) against the sweeps on X = R'
# alone (-Dgpujacobi.cuda.precondition=false), alternating, real double and single, complex; then the conformance
# suite with the preconditioning at every size (-Dgpujacobi.cuda.preconditionFrom=2), and verify.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
OFF=-Dgpujacobi.cuda.precondition=false
nvidia-smi --query-gpu=name --format=csv,noheader
{
timeout 100 $J -Xmx32g -jar $A bench --op svd --n 1024 --dtype double,single --repeat 3 --impl 'cuda/blocked|gesvdj|gesvd' 2>&1 | grep -E "^svd" | sed "s/^/[pre] /"
for v in off pre off pre; do
  if [ $v = off ]; then P=$OFF; else P=-Dgpujacobi.x=1; fi
  timeout 100 $J $P -Xmx32g -jar $A bench --op svd --n 1024,2048,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^svd" | sed "s/^/[$v] /"
  timeout 60 $J $P -Xmx32g -jar $A bench --op svd --n 1024,4096 --dtype single --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^svd" | sed "s/^/[$v] /"
done
for v in off pre; do
  if [ $v = off ]; then P=$OFF; else P=-Dgpujacobi.x=1; fi
  timeout 60 $J $P -Xmx32g -jar $A bench --op svd --n 1024,4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^svd" | sed "s/^/[$v] /"
done
} 2>&1 | tee $OUT/rows.txt
timeout 200 $J -Dgpujacobi.cuda.preconditionFrom=2 -Xmx16g -cp $A:$CJ org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conf-pre2.txt 2>&1
echo "conformance (preconditioned at every size):"; grep -E "✘|tests (successful|failed)" $OUT/conf-pre2.txt | head -20
timeout 120 $J -Xmx16g -jar $A verify --device gpu > $OUT/verify.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify.txt | tail -5
