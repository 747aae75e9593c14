#!/usr/bin/env bash
# The split route's Gram matrices from three GEMM quarters (CudaSplitPairs.gram) against one whole GEMM
# (-Dgpujacobi.cuda.splitGram=false), alternating, complex n = 2048 and 4096; the complex rows with cuSOLVER; then
# the conformance suite and verify with complex b = 64 forced (the split route at every complex blocked size).
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
nvidia-smi --query-gpu=name --format=csv,noheader
{
for v in quarters whole quarters whole; do
  if [ $v = whole ]; then P=-Dgpujacobi.cuda.splitGram=false; else P=-Dgpujacobi.x=1; fi
  timeout 100 $J $P -Xmx32g -jar $A bench --op svd,eig --n 2048,4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[$v] /"
done
timeout 150 $J -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto|gesvdj|heevj' 2>&1 | grep -E "^(eig|svd)"
timeout 60 $J -Xmx32g -jar $A bench --op eig --spd --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto|heevj' 2>&1 | grep -E "^eig" | sed "s/^/hpd /"
} 2>&1 | tee $OUT/rows.txt
timeout 200 $J -Dgpujacobi.cuda.complexBlockWidth=64 -Xmx16g -cp $A:$CJ org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conf-b64.txt 2>&1
echo "conformance (complex b = 64 forced):"; grep -E "✘|tests (successful|failed)" $OUT/conf-b64.txt | head -20
timeout 150 $J -Dgpujacobi.cuda.complexBlockWidth=64 -Xmx16g -jar $A verify --device gpu > $OUT/verify-b64.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify-b64.txt | tail -5
