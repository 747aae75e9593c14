#!/usr/bin/env bash
# Run 5's fast hyperbolic rotations with the pair kernel built twice (template HYP: with and without signs), so the
# symmetric pair problems keep their code: rows against cuSOLVER, verify, and the conformance suite.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
nvidia-smi --query-gpu=name --format=csv,noheader
{
timeout 90 $J -Xmx32g -jar $A bench --op eig --n 1024,2048,4096 --dtype double --repeat 3 --impl 'cuda/blocked|syevj' 2>&1 | grep -E "^eig" | sed "s/^/indef /"
timeout 60 $J -Xmx32g -jar $A bench --op eig --n 4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/indef /"
timeout 90 $J -Xmx32g -jar $A bench --op svd,eig --spd --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/spd /"
timeout 60 $J -Xmx32g -jar $A bench --op eig,svd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/complex /"
timeout 60 $J -Xmx32g -jar $A bench --op eig --n 1024,2048 --dtype complex128 --repeat 3 --impl 'cuda/auto|heevj' 2>&1 | grep -E "^eig" | sed "s/^/complex /"
} 2>&1 | tee $OUT/rows.txt
timeout 200 $J -Xmx16g -jar $A verify --device gpu > $OUT/verify.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify.txt | tail -5
timeout 250 $J -Xmx16g -cp $A:$CJ org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
echo "conformance:"; grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -20
