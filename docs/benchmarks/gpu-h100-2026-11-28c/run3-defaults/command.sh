#!/usr/bin/env bash
# Run 3 (2026-11-28, third session): the new defaults (overlap on; Bunch-Parlett 32 columns a block beside syevd up to
# n = 2048): conformance with the preconditioned routes from n = 2, verify; Bunch-Parlett's width beside syevd at
# n = 3072, 4096; then the indefinite eig against cuSOLVER (default twice, overlap off once, alternating).
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; C=.gpu/final/gpujacobi-conformance.jar
s() { local name=$1; shift; echo "== $name"; local t0=$SECONDS; "$@" > $r/$name.txt 2>&1; echo "   rc $? $((SECONDS - t0)) s"; tar -C $r -czf $OUT/run3.tgz .; }
s conformance $j -Xmx16g -Dgpujacobi.cuda.preconditionFrom=2 -cp $J:$C org.junit.platform.console.ConsoleLauncher execute \
    --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors \
    --reports-dir $r/conformance-xml
grep -E "tests (successful|failed)" $r/conformance.txt
s verify $j -Xmx64g -jar $J verify --device gpu
grep -E "^FAIL|verify:" $r/verify.txt
for c in 8 16 32; do
  s width-$c $j -Xmx16g -Dgpujacobi.cuda.bpColumnsPerBlock=$c -jar $J bench --op eig --n 3072,4096 --dtype double \
      --repeat 3 --impl 'cuda/blocked' --out $r/width-$c.csv
  grep -E "^eig .*gpujacobi" $r/width-$c.txt
done
for v in on off on; do
  k=$((k + 1))
  s bench-$v-$k $j -Xmx16g -Dgpujacobi.cuda.overlapFactorEigh=$([ $v = on ] && echo true || echo false) -jar $J \
      bench --op eig --n 1024,2048,4096 --dtype double,single --repeat 3 --impl 'cuda/blocked|syevj|syevd' --out $r/bench-$v-$k.csv
  grep -E "^eig .*(gpujacobi|syevj)" $r/bench-$v-$k.txt
done
