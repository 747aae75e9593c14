#!/usr/bin/env bash
# Run 1 (2026-11-28, H200, build 4c2111e): issue 13's n = 8192 rows ('huge': eig and inv both precisions, then the
# single svd against sgesvdj), then the profile of the indefinite eig at n = 4096 (the failing pairs' spread over columns).
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; t() { tar -C $r -czf $OUT/run1.tgz .; }
(TAR=$OUT/run1-huge.tgz OUT=$r/huge JAR=$J CONFORMANCE=.gpu/final/gpujacobi-conformance.jar timeout 420 bash cuda/gpu-verify.sh huge) > $r/huge.txt 2>&1; t
$j -Xmx16g -Dgpujacobi.cuda.blockedProfile=true -jar $J bench --op eig --n 4096 --dtype double,single --repeat 2 --impl 'cuda/blocked' > $r/profile-indef-4096.txt 2>&1; t
