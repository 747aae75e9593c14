#!/usr/bin/env bash
# device run 7 (2026-11-26): warp_jacobi's relative test without roots for float pages (negligible_widened), against
# the previous commit's kernels (base.jar ahead on the class path); conformance + verify first
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
b() { local tag=$1 cp=$2; shift 2; echo "== $tag ${JO[*]} $*"; timeout 120 $java -Xmx64g "${JO[@]}" -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2 3; do
for c in "single 16 2000" "single 8 2000" "single 32 2000" "single 64 2000"; do
set -- $c
JO=(); b base "$F/base.jar:$J" --op eig --n $2 --pages $3 --dtype $1 --repeat 7 --impl 'cuda/parallel'
JO=(); b new $J --op eig --n $2 --pages $3 --dtype $1 --repeat 7 --impl 'cuda/parallel'
done
done
for r in 1 2 3; do
JO=(); b new-peers $J --op eig --n 8,16,32 --pages 2000 --dtype single,double --repeat 7 --impl 'cuda/parallel|Batched'
done
} > $OUT/ab7.txt 2>&1
grep -h "passed\|failed\|FAIL" $OUT/verify.log | head -5
grep -E "tests (successful|failed)|✘" $OUT/verify/conformance.txt | head
cat $OUT/ab7.txt
