#!/usr/bin/env bash
# Run 1 (2026-11-28 09:06 UTC, H200, build c86dccf): the merge check after the previous session's untested changes
# (multi-GPU failed-potrf time, SideStream rename). Its files were lost: OUT=$r TAR=$OUT/... expanded TAR with the new
# OUT, so the tar went into the results folder (gpu-verify.sh now refuses that). output-tail.txt holds the tool's tail.
r=$(mktemp -d); (JAR=.gpu/final/gpujacobi.jar CONFORMANCE=.gpu/final/gpujacobi-conformance.jar OUT=$r TAR=$OUT/run1-quick.tgz timeout 560 bash cuda/gpu-verify.sh quick)
grep -hE "tests (successful|failed)" $r/conformance.txt; grep -hE "^FAIL|verify:" $r/verify.txt | head
grep -hE "^(eig|svd|inv) .*(gpujacobi|cusolver|Batched)" $r/quick-*.txt | grep -v "^#"
