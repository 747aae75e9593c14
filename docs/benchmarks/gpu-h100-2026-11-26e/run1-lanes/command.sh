#!/usr/bin/env bash
# Step lanes (StepLanes): 1 (the default stream, as before), 2, 3, 4 lanes at n = 4096; then the conformance suite with
# the odd-even ordering forced at every size (lanes from 8 blocks on).
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
nvidia-smi --query-gpu=name --format=csv,noheader
for L in 1 2 4 3 1 2; do
  O="-Dgpujacobi.cuda.blockedLanes=$L"
  timeout 60 $J -Xmx32g $O -jar $A bench --op eig --n 4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/[L=$L] indef /"
  timeout 60 $J -Xmx32g $O -jar $A bench --op svd,eig --spd --n 4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[L=$L] spd /"
done 2>&1 | tee $OUT/lanes-real.txt
for L in 1 2 4; do
  O="-Dgpujacobi.cuda.blockedLanes=$L"
  timeout 60 $J -Xmx32g $O -jar $A bench --op eig,svd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[L=$L] complex /"
done 2>&1 | tee $OUT/lanes-complex.txt
timeout 250 $J -Xmx16g -Dgpujacobi.cuda.blockedOrder=oddeven -cp $A:$CJ org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conf-oddeven.txt 2>&1
echo "conformance oddeven:"; grep -E "✘|tests (successful|failed)" $OUT/conf-oddeven.txt | head -20
