#!/usr/bin/env bash
# Run 4 (2026-11-28, H200, build 4283a6d without its lazy ChessTournament lambdas): the sweep tables made only before
# a first sweep, pointer arrays cached; two processes of the indefinite eig, positive definite eig and svd at 1024
# (2048) against cuSOLVER, the profile, then gpu-verify.sh verify (conformance, verify). JUnit XML not kept.
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar; t() { tar -C $r -czf $OUT/run4.tgz .; }
for p in 1 2; do
  $j -Xmx16g -jar $J bench --op eig --n 1024,2048 --dtype single,double --repeat 5 --impl 'cuda/blocked|syevj' --out $r/new-$p.csv > $r/new-$p.txt 2>&1
  $j -Xmx16g -jar $J bench --op eig,svd --spd --n 1024 --dtype single,double --repeat 5 --impl 'cuda/blocked|syevj|gesvdj' --out $r/new-spd-svd-$p.csv > $r/new-spd-svd-$p.txt 2>&1; t
done
$j -Xmx16g -Dgpujacobi.cuda.blockedProfile=true -jar $J bench --op eig --n 1024 --dtype single --repeat 4 --impl 'cuda/blocked' > $r/profile.txt 2>&1; t
(JAR=$J CONFORMANCE=.gpu/final/gpujacobi-conformance.jar OUT=$r/verify timeout 300 bash cuda/gpu-verify.sh verify); t
