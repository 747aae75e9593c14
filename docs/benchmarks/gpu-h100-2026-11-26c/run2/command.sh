#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; B=.gpu/final/base.jar; CJ=.gpu/final/gpujacobi-conformance.jar
C=io.github.gpujacobi.cuda.CudaConformanceTest; P=io.github.gpujacobi.api.Precision
NCU=/usr/local/cuda/bin/ncu
nvidia-smi --query-gpu=name --format=csv,noheader
# 1. the complex route's conformance (native from 64): look-ahead and tensor-core polish in the complex pair kernel
timeout 300 $J -Xmx16g -Dgpujacobi.cuda.complexBlockedFrom=64 -Dgpujacobi.cuda.complexEmbedFrom=64 -cp $A:$CJ \
  org.junit.platform.console.ConsoleLauncher execute \
  --select-method "$C#complexSvdResidualOrthogonalityAndReferences($P, int, int, boolean)" \
  --select-method "$C#complexPositiveDefiniteEig($P)" --select-method "$C#complexExtremeScales($P)" \
  --select-method "$C#complexPages($P)" --select-method "$C#complexEigResidualOrthogonalityAndReferences(java.lang.String, $P, int)" \
  --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -40
# 2. ncu A/B of the real pair kernels (base: 1496251's fatbin) and the complex one
for v in new; do
  cp=$A; [ $v = base ] && cp=$B:$A
  $NCU --kernel-name regex:blocked_pair_64 --launch-skip 60 --launch-count 6 --metrics gpu__time_duration.sum --csv \
    $J -Xmx16g -cp $cp io.github.gpujacobi.cli.Main bench --op eig --spd --n 1024 --impl cuda/auto --repeat 1 > $OUT/ncu64-$v.csv 2>&1
  $NCU --kernel-name regex:blocked_pair_128 --launch-skip 60 --launch-count 6 --metrics gpu__time_duration.sum --csv \
    $J -Xmx16g -cp $cp io.github.gpujacobi.cli.Main bench --op eig --spd --n 4096 --impl cuda/auto --repeat 1 > $OUT/ncu128-$v.csv 2>&1
  echo "$v: $(grep -h '"gpu__time_duration.sum"' $OUT/ncu64-$v.csv | awk -F'","' '{print $NF}' | tr -d '"' | paste -sd' ') | $(grep -h '"gpu__time_duration.sum"' $OUT/ncu128-$v.csv | awk -F'","' '{print $NF}' | tr -d '"' | paste -sd' ')"
done
$NCU --kernel-name regex:blocked_pair_z --launch-skip 60 --launch-count 6 --metrics gpu__time_duration.sum --csv \
    $J -Xmx16g -jar $A bench --op svd --n 1024 --dtype complex128 --impl cuda/auto --repeat 1 > $OUT/ncu-z.csv 2>&1
grep -h '"gpu__time_duration.sum"' $OUT/ncu-z.csv | awk -F'","' '{print $5, $NF}' | tr -d '"' | head -8
# 3. complex rows against cuSOLVER (same process)
timeout 150 $J -Xmx32g -jar $A bench --op svd --n 1024,2048 --dtype complex128 --repeat 3 --impl 'cuda/auto|cusolver' --out $OUT/svd.csv 2>&1 | grep -v '^#' | tail -9
timeout 100 $J -Xmx32g -jar $A bench --op eig --spd --n 1024,2048 --dtype complex128 --repeat 3 --impl 'cuda/auto|cusolver' --out $OUT/eig.csv 2>&1 | grep -v '^#' | tail -7
timeout 200 $J -Xmx32g -jar $A bench --op svd,eig --spd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto|gesvdj|heevj|heevd' --out $OUT/c4096.csv 2>&1 | grep -v '^#' | tail -6
