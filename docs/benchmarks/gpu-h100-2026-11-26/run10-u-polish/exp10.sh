#!/usr/bin/env bash
# device run 10 (2026-11-26): svd pages' U normalized on the GPU and given V's Newton-Schulz step (default) against
# -Dgpujacobi.cuda.pageUPolish=false (U normalized on the host, as before); conformance + verify first
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/v timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
grep -E "tests (successful|failed)|✘" $OUT/v/conformance.txt >> $OUT/verify.log; grep -i "fail" $OUT/v/verify.txt | head -20 >> $OUT/verify.log; rm -rf $OUT/v
b() { local tag=$1; shift; echo "== $tag ${JO[*]} $*"; timeout 120 $java -Xmx64g "${JO[@]}" -cp $J io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2; do
for c in "double 8 2000" "double 16 2000" "double 32 2000" "double 36 2000" "double 48 2000" "double 64 2000" "double 128 500" "double 256 100" "single 32 2000" "single 64 2000" "single 256 100"; do
set -- $c
JO=(-Dgpujacobi.cuda.pageUPolish=false); b host-U --op svd --n $2 --pages $3 --dtype $1 --repeat 7 --impl 'cuda/onesided'
JO=(); b gpu-U --op svd --n $2 --pages $3 --dtype $1 --repeat 7 --impl 'cuda/onesided'
done
done
JO=(); b peers --op svd --n 8,16,32 --pages 2000 --dtype double,single --repeat 9 --impl 'cuda/onesided|Batched'
} > $OUT/ab10.txt 2>&1
cat $OUT/verify.log | grep -v "Assumption" | tail -8
cat $OUT/ab10.txt
