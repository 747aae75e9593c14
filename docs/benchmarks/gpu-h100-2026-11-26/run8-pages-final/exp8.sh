#!/usr/bin/env bash
# device run 8 (2026-11-26): cuda/gpu-verify.sh pages on commit 8e1b5a6 (gpujacobi.jar), then a variant (dr.jar ahead on
# the class path: the rootless relative test for double pages where squares cannot overflow) with its conformance run
# and an A/B against the commit on double pages
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/pages timeout 300 bash cuda/gpu-verify.sh pages > $OUT/pages.log 2>&1
(cd $OUT/pages && for f in bench-pages-*.txt; do echo "### $f"; grep -v "^#" $f; done > ../pages-all.txt; cat *.csv > ../pages-all.csv; rm -f *.txt *.csv)
timeout 200 $java -Xmx16g -cp "$F/dr.jar:$J:$F/gpujacobi-conformance.jar" org.junit.platform.console.ConsoleLauncher execute \
      --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conformance-dr.txt 2>&1
b() { local tag=$1 cp=$2; shift 2; echo "== $tag ${JO[*]} $*"; timeout 120 $java -Xmx64g "${JO[@]}" -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2 3; do
for c in "double 32 2000" "double 16 2000" "double 8 2000" "double 64 2000"; do
set -- $c
JO=(); b head $J --op eig --n $2 --pages $3 --dtype $1 --repeat 7 --impl 'cuda/parallel'
JO=(); b rootless "$F/dr.jar:$J" --op eig --n $2 --pages $3 --dtype $1 --repeat 7 --impl 'cuda/parallel'
done
done
} > $OUT/ab8.txt 2>&1
cat $OUT/pages.log; grep -v "^op " $OUT/pages-all.txt | grep eig
grep -E "tests (successful|failed)|✘" $OUT/conformance-dr.txt | head
cat $OUT/ab8.txt
