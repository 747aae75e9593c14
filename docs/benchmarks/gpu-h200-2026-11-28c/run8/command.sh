#!/usr/bin/env bash
# Run 8 (2026-11-28, H200, build eab7a3d: the 1 x 1 inverse as 1/a in the shared inversion policy, Jacobi.inv refusing
# sweep options, the CPU eig's fallback note): the conformance suite alone (every backend path, on the GPU).
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar
timeout 200 $j -Xmx16g -cp "$J:.gpu/final/gpujacobi-conformance.jar" org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --select-class io.github.gpujacobi.cuda.CudaPageOrthogonalityTest \
  --details=tree --disable-banner --disable-ansi-colors > $r/conformance.txt 2>&1
tar -C $r -czf $OUT/run8.tgz .
