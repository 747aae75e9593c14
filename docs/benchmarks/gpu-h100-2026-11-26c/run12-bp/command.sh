#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; B=.gpu/final/base.jar; CJ=.gpu/final/gpujacobi-conformance.jar
C=io.github.gpujacobi.cuda.CudaConformanceTest; P=io.github.gpujacobi.api.Precision
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 300 $J -Xmx16g -Dgpujacobi.cuda.complexBlockedFrom=64 -Dgpujacobi.cuda.complexEmbedFrom=64 -cp $A:$CJ \
  org.junit.platform.console.ConsoleLauncher execute \
  --select-method "$C#complexLargeEig($P, boolean)" --select-method "$C#complexExtremeScales($P, int)" \
  --select-method "$C#complexPages($P)" --select-method "$C#complexEigResidualOrthogonalityAndReferences(java.lang.String, $P, int)" \
  --select-method "$C#complexGradedRelativeAccuracy(int)" --select-method "$C#complexNonHermitianIsRejectedWithItsAsymmetry()" \
  --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -40
$J -Xmx16g -jar $A verify --device gpu 2>&1 | grep -E "complex eig graded|verify:"
for v in base new; do
  cp=$A; [ $v = base ] && cp=$B:$A
  echo "$v: $($J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -cp $cp io.github.gpujacobi.cli.Main bench --op eig --n 1024,4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E '^bunch|^eig' | awk '{print $1, $2, $3, $7}' | paste -sd' ')"
done
$J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $A bench --op svd,eig --spd --n 1024 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "^blocked m=|^(eig|svd) " | tail -6
