#!/usr/bin/env bash
# device run 11 (2026-11-26): the session's final code (commit in the report): gpu-verify.sh verify, the per-page
# orthogonality of U and V for svd pages and of V for eig pages (OrthProbe.java, compiled against the jar: probe.jar),
# and gpu-verify.sh pages
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/v timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
grep -E "tests (successful|failed)|✘" $OUT/v/conformance.txt >> $OUT/verify.log; rm -rf $OUT/v
timeout 200 $java -Xmx64g -cp "$F/probe.jar:$J" OrthProbe > $OUT/orth.txt 2>&1
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/pages timeout 330 bash cuda/gpu-verify.sh pages > $OUT/pages.log 2>&1
(cd $OUT/pages && for f in bench-pages-*.txt; do echo "### $f"; grep -v "^#" $f; done > ../pages-all.txt; cat *.csv > ../pages-all.csv; rm -f *.txt *.csv)
grep -v "Assumption" $OUT/verify.log | tail -4
cat $OUT/orth.txt
grep -v "^op " $OUT/pages-all.txt | grep -E "^(eig|svd)"
