#!/usr/bin/env bash
# device run 6 (2026-11-26): (a) warp_jacobi keeps a float copy of (c, s) for float A with double V (single pages of
# 8 and 16): gpujacobi.jar; (b) (a) plus the rotations derived in float for float pages (-DGJ_FLOAT_ROTATION=1):
# fr.jar ahead on the class path; base: the previous commit's kernels. Conformance on (a) and on (b), verify on (a).
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
timeout 200 $java -Xmx16g -cp "$F/fr.jar:$J:$F/gpujacobi-conformance.jar" org.junit.platform.console.ConsoleLauncher execute \
      --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conformance-fr.txt 2>&1
b() { local tag=$1 cp=$2; shift 2; echo "== $tag ${JO[*]} $*"; timeout 120 $java -Xmx64g "${JO[@]}" -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2; do
for c in "single 16 2000" "single 8 2000" "single 32 2000" "single 64 2000" "single 128 500"; do
set -- $c
JO=(); b base "$F/base.jar:$J" --op eig --n $2 --pages $3 --dtype $1 --repeat 7 --impl 'cuda/parallel'
JO=(); b dual $J --op eig --n $2 --pages $3 --dtype $1 --repeat 7 --impl 'cuda/parallel'
JO=(); b floatrot "$F/fr.jar:$J" --op eig --n $2 --pages $3 --dtype $1 --repeat 7 --impl 'cuda/parallel'
done
done
JO=(); b dual-peers $J --op eig --n 8,16 --pages 2000 --dtype single --repeat 7 --impl 'cuda/parallel|Batched'
JO=(); b floatrot-peers "$F/fr.jar:$J" --op eig --n 8,16 --pages 2000 --dtype single --repeat 7 --impl 'cuda/parallel|Batched'
} > $OUT/ab6.txt 2>&1
grep -h "passed\|failed\|FAIL" $OUT/verify.log $OUT/verify/*.txt | head -20
grep -E "tests (successful|failed)|✘" $OUT/verify/conformance.txt $OUT/conformance-fr.txt | head -30
cat $OUT/ab6.txt
