#!/usr/bin/env bash
# The final commit (the preconditioning's memory guard added after run 10): conformance, verify, the blocked rows at
# n = 1024 and 4096, and the n = 16384 eig (the guard's largest case on this card).
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 120 $J -Xmx16g -cp $A:$CJ org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
echo "conformance:"; grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -20
timeout 90 $J -Xmx16g -jar $A verify --device gpu > $OUT/verify.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify.txt | tail -5
timeout 90 $J -Xmx32g -jar $A bench --op svd,eig --spd --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^(svd|eig)" | tee $OUT/rows.txt
timeout 100 $J -Xmx64g -jar $A bench --op eig --spd --n 16384 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | tee -a $OUT/rows.txt
