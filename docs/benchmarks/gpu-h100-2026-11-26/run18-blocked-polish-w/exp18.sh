#!/usr/bin/env bash
# device run 18 (2026-11-26): the blocked svd's accumulated W polished before U = Q W (default) against
# -Dgpujacobi.cuda.blockedPolishW=false; conformance + verify first
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/v timeout 300 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
grep -E "tests (successful|failed)|✘" $OUT/v/conformance.txt >> $OUT/verify.log; rm -rf $OUT/v
b() { local tag=$1; shift; echo "== $tag ${JO[*]} $*"; timeout 200 $java -Xmx64g "${JO[@]}" -cp $J io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2; do
JO=(-Dgpujacobi.cuda.blockedPolishW=false); b no-step --op svd --n 1024,2048 --dtype double,single --repeat 3 --impl 'cuda/blocked|gesvdj'
JO=(); b step --op svd --n 1024,2048 --dtype double,single --repeat 3 --impl 'cuda/blocked'
done
JO=(-Dgpujacobi.cuda.blockedPolishW=false); b no-step --op svd --n 4096 --dtype double --repeat 2 --impl 'cuda/blocked'
JO=(); b step --op svd --n 4096 --dtype double --repeat 2 --impl 'cuda/blocked'
} > $OUT/ab18.txt 2>&1
grep -v "Assumption" $OUT/verify.log | tail -4
cat $OUT/ab18.txt
