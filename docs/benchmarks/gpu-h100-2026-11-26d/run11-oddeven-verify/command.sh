#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
nvidia-smi --query-gpu=name --format=csv,noheader
for order in auto oddeven; do
timeout 280 $J -Xmx16g -Dgpujacobi.cuda.blockedOrder=$order -cp $A:$CJ org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --select-class io.github.gpujacobi.cuda.CudaPageOrthogonalityTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conf-$order.txt 2>&1
echo "conformance $order:"; grep -E "✘|tests (successful|failed)" $OUT/conf-$order.txt | head -20
done
timeout 150 $J -Xmx16g -Dgpujacobi.cuda.blockedOrder=oddeven -jar $A verify --device gpu > $OUT/verify-oddeven.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify-oddeven.txt | head
timeout 150 $J -Xmx16g -Dgpujacobi.cuda.blockedOrder=chess -Dgpujacobi.cuda.blockWidth=64 -jar $A verify --device gpu > $OUT/verify-chess-b64.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify-chess-b64.txt | head
