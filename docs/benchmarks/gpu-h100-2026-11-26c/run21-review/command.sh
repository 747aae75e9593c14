#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
C=io.github.gpujacobi.cuda.CudaConformanceTest; P=io.github.gpujacobi.api.Precision
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 200 $J -Xmx16g -Dgpujacobi.cuda.complexBlockedFrom=64 -Dgpujacobi.cuda.complexEmbedFrom=64 -cp $A:$CJ \
  org.junit.platform.console.ConsoleLauncher execute \
  --select-method "$C#complexLargeEig($P, boolean)" --select-method "$C#complexExtremeScales($P, int)" \
  --select-method "$C#complexEigResidualOrthogonalityAndReferences(java.lang.String, $P, int)" \
  --select-method "$C#complexSvdResidualOrthogonalityAndReferences($P, int, int, int, boolean)" \
  --select-method "$C#complexGradedRelativeAccuracy(int)" --select-class io.github.gpujacobi.cuda.CudaPageOrthogonalityTest \
  --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -20
timeout 150 $J -Xmx16g -jar $A verify --device gpu 2>&1 | grep -E "^FAIL|verify:|complex eig graded"
$J -Xmx32g -jar $A bench --op eig --n 1024,4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E '^eig'
