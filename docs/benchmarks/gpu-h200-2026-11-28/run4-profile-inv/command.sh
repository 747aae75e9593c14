#!/usr/bin/env bash
# Run 4 (2026-11-28, H200, build 38b550b): per-phase profile of the indefinite eig and the single svd; Gauss-Jordan
# inverse (look-ahead on the side stream from n = 2048) against getrf+getrs.
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar
s() { local name=$1; shift; echo "== $name"; local t0=$SECONDS; "$@" > $r/$name.txt 2>&1; echo "   rc $? $((SECONDS - t0)) s"; tar -C $r -czf $OUT/run4.tgz .; }
s profile-indefinite $j -Xmx16g -Dgpujacobi.cuda.blockedProfile=true -jar $J bench --op eig --n 1024,4096 --dtype single,double --repeat 2 --impl 'cuda/blocked'
s profile-svd $j -Xmx16g -Dgpujacobi.cuda.blockedProfile=true -jar $J bench --op svd --n 1024 --dtype single --repeat 2 --impl 'cuda/blocked'
s inv $j -Xmx16g -jar $J bench --op inv --n 1024,2048,4096 --dtype double,single --repeat 3 --impl 'cuda/gauss|getrf' --out $r/inv.csv
