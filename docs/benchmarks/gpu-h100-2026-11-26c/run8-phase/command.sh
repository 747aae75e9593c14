#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; B=.gpu/final/base.jar; CJ=.gpu/final/gpujacobi-conformance.jar
C=io.github.gpujacobi.cuda.CudaConformanceTest; P=io.github.gpujacobi.api.Precision; NCU=/usr/local/cuda/bin/ncu
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 300 $J -Xmx16g -Dgpujacobi.cuda.complexBlockedFrom=64 -Dgpujacobi.cuda.complexEmbedFrom=64 -cp $A:$CJ \
  org.junit.platform.console.ConsoleLauncher execute \
  --select-method "$C#complexSvdResidualOrthogonalityAndReferences($P, int, int, boolean)" \
  --select-method "$C#complexLargeEig($P, boolean)" --select-method "$C#complexExtremeScales($P, int)" \
  --select-method "$C#complexPages($P)" --select-method "$C#complexEigResidualOrthogonalityAndReferences(java.lang.String, $P, int)" \
  --select-method "$C#complexGradedRelativeAccuracy(int)" --select-method "$C#complexNonHermitianIsRejectedWithItsAsymmetry()" \
  --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -40
for v in base new; do
  cp=$A; [ $v = base ] && cp=$B:$A
  $NCU --kernel-name regex:blocked_pair_z_64 --launch-skip 60 --launch-count 8 --metrics gpu__time_duration.sum --csv \
    $J -Xmx16g -cp $cp io.github.gpujacobi.cli.Main bench --op svd --n 1024 --dtype complex128 --impl cuda/auto --repeat 1 > $OUT/ncu-$v.csv 2>&1
  echo "ncu $v: $(grep -h '"gpu__time_duration.sum"' $OUT/ncu-$v.csv | awk -F'","' '{print $NF}' | tr -d '"' | paste -sd' ')"
done
for r in 1 2; do for v in base new; do
  cp=$A; [ $v = base ] && cp=$B:$A
  echo "$v r$r: $($J -Xmx16g -cp $cp io.github.gpujacobi.cli.Main bench --op eig --spd --n 1024 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep '^eig' | awk '{print $7}') | $($J -Xmx16g -cp $cp io.github.gpujacobi.cli.Main bench --op eig,svd --n 1024 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E '^(eig|svd)' | awk '{print $1, $7}' | paste -sd' ')"
done; done
