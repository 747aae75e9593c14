#!/usr/bin/env bash
# Complex b = 128 (pair problems of 256 columns split twice, the diagonal step in two stages) against b = 64 and 32:
# n = 4096 with cuSOLVER, n = 2048 and 3072 by width; then the conformance suite and verify with complex b = 128 forced.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
W=-Dgpujacobi.cuda.complexBlockWidth
nvidia-smi --query-gpu=name --format=csv,noheader
{
timeout 150 $J -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto|gesvdj|heevj' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[default] /"
for w in 64 128 64 128; do
  timeout 60 $J $W=$w -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[b=$w] /"
done
timeout 60 $J $W=128 -Xmx32g -jar $A bench --op eig --spd --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^eig" | sed "s/^/[b=128] hpd /"
for w in 32 64 128; do
  timeout 60 $J $W=$w -Xmx32g -jar $A bench --op svd,eig --n 2048,3072 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[b=$w] /"
done
timeout 60 $J $W=128 -Dgpujacobi.cuda.blockedProfile=true -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)|blocked m=" | sed "s/^/[b=128 profile] /"
} 2>&1 | tee $OUT/rows.txt
timeout 200 $J $W=128 -Xmx16g -cp $A:$CJ org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conf-b128.txt 2>&1
echo "conformance (complex b = 128 forced):"; grep -E "✘|tests (successful|failed)" $OUT/conf-b128.txt | head -20
timeout 150 $J $W=128 -Xmx16g -jar $A verify --device gpu > $OUT/verify-b128.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify-b128.txt | tail -5
