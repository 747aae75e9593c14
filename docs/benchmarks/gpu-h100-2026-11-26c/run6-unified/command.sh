#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
C=io.github.gpujacobi.cuda.CudaConformanceTest; P=io.github.gpujacobi.api.Precision
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 300 $J -Xmx16g -Dgpujacobi.cuda.complexBlockedFrom=64 -Dgpujacobi.cuda.complexEmbedFrom=64 -cp $A:$CJ \
  org.junit.platform.console.ConsoleLauncher execute \
  --select-method "$C#complexSvdResidualOrthogonalityAndReferences($P, int, int, boolean)" \
  --select-method "$C#complexLargeEig($P, boolean)" --select-method "$C#complexExtremeScales($P)" \
  --select-method "$C#complexPages($P)" --select-method "$C#complexEigResidualOrthogonalityAndReferences(java.lang.String, $P, int)" \
  --select-method "$C#complexGradedRelativeAccuracy(int)" --select-method "$C#complexNonHermitianIsRejectedWithItsAsymmetry()" \
  --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -40
timeout 150 $J -Xmx32g -jar $A bench --op eig,svd --n 1024 --dtype complex128 --repeat 3 --impl 'cuda/auto|heevj|gesvdj' --out $OUT/c1024.csv 2>&1 | grep -v '^#' | tail -5
timeout 150 $J -Xmx32g -jar $A bench --op eig --spd --n 1024 --dtype complex128 --repeat 3 --impl 'cuda/auto|heevj' --out $OUT/c1024spd.csv 2>&1 | grep -v '^#' | tail -3
