#!/usr/bin/env bash
# Run 3 (2026-11-28, H200, build 4c2111e): a second process of 'huge' (issue 13's n = 8192 rows), then where the
# indefinite eig's time goes at n = 8192 (profile, single and double).
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; t() { tar -C $r -czf $OUT/run3.tgz .; }
(TAR=$OUT/run3-huge.tgz OUT=$r/huge JAR=$J CONFORMANCE=.gpu/final/gpujacobi-conformance.jar timeout 300 bash cuda/gpu-verify.sh huge) > $r/huge.txt 2>&1; t
timeout 200 $j -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $J bench --op eig --n 8192 --dtype single,double --repeat 1 --impl 'cuda/blocked' > $r/profile-indef-8192.txt 2>&1; t
