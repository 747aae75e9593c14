#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
C=io.github.gpujacobi.cuda.CudaConformanceTest; P=io.github.gpujacobi.api.Precision
nvidia-smi --query-gpu=name --format=csv,noheader
# 1. the complex blocked route's conformance (from n = 64 for svd and eig): the hyperbolic complex route now too
timeout 300 $J -Xmx16g -Dgpujacobi.cuda.complexBlockedFrom=64 -Dgpujacobi.cuda.complexEmbedFrom=64 -cp $A:$CJ \
  org.junit.platform.console.ConsoleLauncher execute \
  --select-method "$C#complexSvdResidualOrthogonalityAndReferences($P, int, int, boolean)" \
  --select-method "$C#complexLargeEig($P, boolean)" --select-method "$C#complexExtremeScales($P)" \
  --select-method "$C#complexPages($P)" --select-method "$C#complexEigResidualOrthogonalityAndReferences(java.lang.String, $P, int)" \
  --select-method "$C#complexGradedRelativeAccuracy(int)" --select-method "$C#complexNonHermitianIsRejectedWithItsAsymmetry()" \
  --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -40
# 2. complex rows against cuSOLVER: indefinite (random Hermitian) eig and svd
timeout 150 $J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $A bench --op eig --n 1024 --dtype complex128 --repeat 1 --impl 'cuda/auto' > $OUT/profile.txt 2>&1; grep -v "^blocked sweep\|^blocked check" $OUT/profile.txt | tail -8
timeout 150 $J -Xmx32g -jar $A bench --op eig --n 1024,2048 --dtype complex128 --repeat 3 --impl 'cuda/auto|cusolver' --out $OUT/eig.csv 2>&1 | grep -v '^#' | tail -7
timeout 150 $J -Xmx32g -jar $A bench --op eig --n 1024 --dtype complex64 --repeat 3 --impl 'cuda/auto|cusolver' --out $OUT/eig64.csv 2>&1 | grep -v '^#' | tail -4
timeout 200 $J -Xmx32g -jar $A bench --op eig --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' --out $OUT/eig4096.csv 2>&1 | grep -v '^#' | tail -2
# 3. the real routes unchanged (bench, same jar): SPD/indefinite eig and svd at 1024 and 4096
timeout 120 $J -Xmx32g -jar $A bench --op svd,eig --spd --n 1024 --repeat 3 --impl 'cuda/blocked' --out $OUT/real1024.csv 2>&1 | grep -v '^#' | tail -3
timeout 120 $J -Xmx32g -jar $A bench --op eig --n 4096 --repeat 1 --impl 'cuda/blocked' --out $OUT/real4096.csv 2>&1 | grep -v '^#' | tail -2
