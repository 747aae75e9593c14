#!/usr/bin/env bash
# Run 5 (2026-11-28, H200, build 7b7082d: the check after a preconditioned start's first sweep, cleanup lists of
# cols / 2): 'verify' stage (conformance with CudaPageOrthogonalityTest, verify), then issue 13's 8192 rows in double
# (eig, svd) and single (eig), and the 4096 rows, against cuSOLVER, with the profile of the double eig at 8192.
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; t() { tar -C $r -czf $OUT/run5.tgz .; }
(TAR=$OUT/run5-verify.tgz OUT=$r/verify JAR=$J CONFORMANCE=.gpu/final/gpujacobi-conformance.jar timeout 240 bash cuda/gpu-verify.sh verify) > $r/verify.txt 2>&1; t
timeout 120 $j -Xmx32g -jar $J bench --op eig --n 8192 --dtype double,single --repeat 2 --impl 'cuda/blocked|syevd' --out $r/eig-8192.csv > $r/eig-8192.txt 2>&1; t
timeout 60 $j -Xmx32g -jar $J bench --op svd --n 8192 --dtype double --repeat 2 --impl 'cuda/blocked' --out $r/svd-8192.csv > $r/svd-8192.txt 2>&1; t
timeout 90 $j -Xmx32g -jar $J bench --op eig,svd --n 1024,4096 --dtype double,single --repeat 3 --impl 'cuda/blocked|syevd' --out $r/n1024-4096.csv > $r/n1024-4096.txt 2>&1; t
timeout 60 $j -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $J bench --op eig,svd --n 8192 --dtype double --repeat 1 --impl 'cuda/blocked' > $r/profile-8192.txt 2>&1; t
