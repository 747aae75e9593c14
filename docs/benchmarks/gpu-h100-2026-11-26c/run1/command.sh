#!/usr/bin/env bash
J=.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
C=io.github.gpujacobi.cuda.CudaConformanceTest; P=io.github.gpujacobi.api.Precision
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 300 $J -Xmx16g -Dgpujacobi.cuda.complexBlockedFrom=64 -Dgpujacobi.cuda.complexEmbedFrom=64 -cp $A:$CJ \
  org.junit.platform.console.ConsoleLauncher execute \
  --select-method "$C#complexSvdResidualOrthogonalityAndReferences($P, int, int, boolean)" \
  --select-method "$C#complexPositiveDefiniteEig($P)" --select-method "$C#complexExtremeScales($P)" \
  --select-method "$C#complexPages($P)" --select-method "$C#complexEigResidualOrthogonalityAndReferences(java.lang.String, $P, int)" \
  --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -40
timeout 200 $J -Xmx32g -jar $A bench --op svd --n 1024,2048 --dtype complex128 --repeat 3 --impl 'cuda|cusolver' --out $OUT/svd.csv 2>&1 | tail -12
timeout 120 $J -Xmx32g -jar $A bench --op eig --spd --n 1024 --dtype complex128 --repeat 3 --impl 'cuda|cusolver' --out $OUT/eig.csv 2>&1 | tail -8
