#!/usr/bin/env bash
# The positive definite eig preconditioned by syevd's eigenvectors of X'X (CudaBlockedSvd.precondition, [22]) against
# the sweeps on X = R' alone (-Dgpujacobi.cuda.spdPrecondition=false), alternating: real double and single, complex;
# then the conformance suite with the preconditioning at every size (-Dgpujacobi.cuda.spdPreconditionFrom=2) and verify.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
OFF=-Dgpujacobi.cuda.spdPrecondition=false
nvidia-smi --query-gpu=name --format=csv,noheader
{
timeout 100 $J -Xmx32g -jar $A bench --op eig --spd --n 1024 --dtype double,single --repeat 3 --impl 'cuda/blocked|syevj|syevd' 2>&1 | grep -E "^eig" | sed "s/^/[pre] /"
timeout 100 $J -Xmx32g -jar $A bench --op eig --spd --n 4096 --dtype double,single --repeat 3 --impl 'cuda/blocked|syevd' 2>&1 | grep -E "^eig" | sed "s/^/[pre] /"
for v in off pre off pre; do
  if [ $v = off ]; then P=$OFF; else P=-Dgpujacobi.x=1; fi
  timeout 100 $J $P -Xmx32g -jar $A bench --op eig --spd --n 1024,2048,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/[$v] /"
  timeout 60 $J $P -Xmx32g -jar $A bench --op eig --spd --n 1024,4096 --dtype single --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/[$v] /"
done
for v in off pre; do
  if [ $v = off ]; then P=$OFF; else P=-Dgpujacobi.x=1; fi
  timeout 60 $J $P -Xmx32g -jar $A bench --op eig --spd --n 8192 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/[$v] /"
  timeout 60 $J $P -Xmx32g -jar $A bench --op eig --spd --n 1024,4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^eig" | sed "s/^/[$v] /"
done
} 2>&1 | tee $OUT/rows.txt
timeout 150 $J -Xmx16g -jar $A verify --device gpu > $OUT/verify.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify.txt | tail -5
