#!/usr/bin/env bash
# Complex b = 64 by split pair problems (CudaSplitPairs) against b = 32 (-Dgpujacobi.cuda.blockedSplit=false), same jar:
# complex svd, indefinite and positive definite eig at n = 4096 with cuSOLVER, the phases of one svd, then the
# conformance suite with b = 64 forced (the split path at every complex size the suite runs on the blocked route).
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
OFF=-Dgpujacobi.cuda.blockedSplit=false
nvidia-smi --query-gpu=name --format=csv,noheader
{
timeout 100 $J -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[split] /"
timeout 100 $J $OFF -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[b32] /"
timeout 60 $J -Xmx32g -jar $A bench --op eig --spd --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^eig" | sed "s/^/[split] hpd /"
timeout 60 $J $OFF -Xmx32g -jar $A bench --op eig --spd --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^eig" | sed "s/^/[b32] hpd /"
timeout 60 $J -Dgpujacobi.cuda.blockedProfile=true -Xmx32g -jar $A bench --op svd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^svd|blocked m=" | sed "s/^/[split profile] /"
timeout 60 $J $OFF -Dgpujacobi.cuda.blockedProfile=true -Xmx32g -jar $A bench --op svd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^svd|blocked m=" | sed "s/^/[b32 profile] /"
} 2>&1 | tee $OUT/rows.txt
timeout 250 $J -Dgpujacobi.cuda.blockWidth=64 -Xmx16g -cp $A:$CJ org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conf-b64.txt 2>&1
echo "conformance (b = 64 forced):"; grep -E "✘|tests (successful|failed)" $OUT/conf-b64.txt | head -20
