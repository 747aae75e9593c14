#!/usr/bin/env bash
# device run 13 (2026-11-26): V's Newton-Schulz step after the group page kernels in double (eig 33-63, svd 33-39
# columns): conformance + verify, orthogonality norms (run 12's OrthNorms, probe.jar), time with and without the step
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/v timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
grep -E "tests (successful|failed)|✘" $OUT/v/conformance.txt >> $OUT/verify.log; rm -rf $OUT/v
timeout 200 $java -Xmx32g -cp "$F/probe.jar:$J" OrthNorms > $OUT/orth-norms.txt 2>&1
b() { local tag=$1; shift; echo "== $tag ${JO[*]} $*"; timeout 120 $java -Xmx64g "${JO[@]}" -cp $J io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2; do
for c in "eig 36" "eig 48" "svd 36"; do set -- $c
JO=(-Dgpujacobi.cuda.pagePolish=false); b no-step --op $1 --n $2 --pages 2000 --dtype double --repeat 7 --impl 'cuda/(parallel|onesided)'
JO=(); b step --op $1 --n $2 --pages 2000 --dtype double --repeat 7 --impl 'cuda/(parallel|onesided)'
done
done
} > $OUT/ab13.txt 2>&1
grep -v "Assumption" $OUT/verify.log | tail -4
cat $OUT/orth-norms.txt $OUT/ab13.txt
