#!/usr/bin/env bash
# Run 3 (2026-11-28, H200, build c86dccf plus the profile lines of 4283a6d: set-up before the sweeps, the hyperbolic
# solve and polish, the positive definite phases): where the single eig's time at n = 1024 goes.
r=$(mktemp -d); j=.jre/bin/java; J=.gpu/final/gpujacobi.jar
$j -Xmx16g -Dgpujacobi.cuda.blockedProfile=true -jar $J bench --op eig --n 1024 --dtype single,double --repeat 4 --impl 'cuda/blocked' > $r/profile-indef.txt 2>&1
$j -Xmx16g -Dgpujacobi.cuda.blockedProfile=true -jar $J bench --op eig --spd --n 1024 --dtype single --repeat 4 --impl 'cuda/blocked' > $r/profile-spd.txt 2>&1
tar -C $r -czf $OUT/run3.tgz .
