#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
$J -Xmx32g -jar $A bench --op eig,svd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto|cusolver' > $OUT/complex-4096.txt 2>&1; grep -E "^(eig|svd)" $OUT/complex-4096.txt
$J -Xmx32g -jar $A bench --op eig --spd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto|heevj' > $OUT/complex-4096-spd.txt 2>&1; grep -E "^eig" $OUT/complex-4096-spd.txt
$J -Xmx32g -jar $A bench --op eig,svd --n 2048 --dtype complex128 --repeat 3 --impl 'cuda/auto|heevj|gesvdj' > $OUT/complex-2048.txt 2>&1; grep -E "^(eig|svd)" $OUT/complex-2048.txt
$J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $A bench --op eig --n 4096 --dtype double,complex128 --repeat 1 --impl 'cuda/(blocked|auto)' 2>&1 | grep -E "bunch|^blocked m|^eig" > $OUT/profile.txt; cat $OUT/profile.txt
