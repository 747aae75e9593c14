#!/usr/bin/env bash
# Run 2's build: verify --device gpu (default settings, then b = 64 forced so the complex cases run split), n = 1024
# with b = 16 against the default 32, and the complex GEMM shapes for 2b = 64, 128, 256 (CuPy).
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
D=docs/benchmarks/gpu-h100-2026-11-26f/run3-verify-shapes
nvidia-smi --query-gpu=name --format=csv,noheader
python3 $D/zgemm_shapes.py 2>&1 | tee $OUT/shapes.txt
for w in 32 16 32 16; do
  timeout 60 $J -Dgpujacobi.cuda.blockWidth=$w -Xmx32g -jar $A bench --op svd,eig --spd --n 1024 --dtype double --repeat 5 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[b=$w] /"
done 2>&1 | tee $OUT/b16.txt
timeout 200 $J -Xmx16g -jar $A verify --device gpu > $OUT/verify.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify.txt | tail -5
timeout 200 $J -Dgpujacobi.cuda.blockWidth=64 -Xmx16g -jar $A verify --device gpu > $OUT/verify-b64.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify-b64.txt | tail -5
