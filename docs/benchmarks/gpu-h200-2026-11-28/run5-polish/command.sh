#!/usr/bin/env bash
# Run 5 (2026-11-28, H200): an experiment, not kept: on top of 38b550b, orthogonalise() skipped its second
# Newton-Schulz step (single's tolerance) where the first step's U'U showed 3/4 (n max|U'U - I|)^2 <= n eps
# (-Dgpujacobi.cuda.adaptivePolish). Conformance (preconditioned routes from n = 2) and verify with it, then on / off
# alternating, single precision.
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; C=.gpu/final/gpujacobi-conformance.jar
s() { local name=$1; shift; echo "== $name"; local t0=$SECONDS; "$@" > $r/$name.txt 2>&1; echo "   rc $? $((SECONDS - t0)) s"; tar -C $r -czf $OUT/run5.tgz .; }
s conformance $j -Xmx16g -Dgpujacobi.cuda.preconditionFrom=2 -cp $J:$C org.junit.platform.console.ConsoleLauncher execute --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors --reports-dir $r/conformance-xml
s verify $j -Xmx64g -jar $J verify --device gpu
s peers $j -Xmx16g -jar $J bench --op eig,svd --n 1024,4096 --dtype single --repeat 3 --impl 'ssyevj|sgesvdj|syevj|gesvdj' --out $r/peers.csv
for v in true false true false; do k=$((k+1))
 s indef-$v-$k $j -Xmx16g -Dgpujacobi.cuda.adaptivePolish=$v -jar $J bench --op eig --n 1024,4096 --dtype single --repeat 3 --impl 'cuda/blocked' --out $r/indef-$v-$k.csv
 s spd-$v-$k $j -Xmx16g -Dgpujacobi.cuda.adaptivePolish=$v -jar $J bench --op eig,svd --spd --n 1024,4096 --dtype single --repeat 3 --impl 'cuda/blocked' --out $r/spd-$v-$k.csv
done
