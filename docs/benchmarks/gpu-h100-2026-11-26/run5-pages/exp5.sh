#!/usr/bin/env bash
# device run 5 (2026-11-26): cuda/gpu-verify.sh pages on commit 0b1f0d1+ (issue 19's rows, every size class, both precisions)
cd "$(dirname "$0")/../../../.."
F=.gpu/final
JAR=$F/gpujacobi.jar CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/pages timeout 580 bash cuda/gpu-verify.sh pages
cd $OUT/pages && for f in bench-pages-*.txt; do echo "### $f"; grep -v "^#" $f; done > ../pages-all.txt; ls
