#!/usr/bin/env bash
# device run 15 (2026-11-26): the session's final kernels (commit in the report): gpu-verify.sh verify and pages
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/v timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
grep -E "tests (successful|failed)|✘" $OUT/v/conformance.txt >> $OUT/verify.log; cp $OUT/v/info.txt $OUT/; rm -rf $OUT/v
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/pages timeout 330 bash cuda/gpu-verify.sh pages > $OUT/pages.log 2>&1
(cd $OUT/pages && for f in bench-pages-*.txt; do echo "### $f"; grep -v "^#" $f; done > ../pages-all.txt; cat *.csv > ../pages-all.csv; rm -f *.txt *.csv)
grep -v "Assumption" $OUT/verify.log | tail -4; head -4 $OUT/info.txt
grep -v "^op " $OUT/pages-all.txt | grep -E "^(eig|svd)"
