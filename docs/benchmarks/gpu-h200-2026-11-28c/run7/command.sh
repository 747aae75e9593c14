#!/usr/bin/env bash
# Run 7 (2026-11-28, H200, build 83ceaa8: the CPU svd's row sorting, the CPU hsvd's growth check, batch, Spark and API
# fixes after run 6): 'verify' stage (its CPU references ran the changed CPU code).
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar
(TAR=$OUT/run7-verify.tgz OUT=$r/verify JAR=$J CONFORMANCE=.gpu/final/gpujacobi-conformance.jar timeout 240 bash cuda/gpu-verify.sh verify) > $r/verify.txt 2>&1
tar -C $r -czf $OUT/run7.tgz verify.txt
