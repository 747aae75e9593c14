#!/usr/bin/env bash
# signed_rotation_fast: the hyperbolic rotations of the pair kernel by the rootless steps of the symmetric ones
# (before: IEEE divisions and square roots, and a warp whose pivots mixed signs ran both sequences).
# The pair kernel alone (a harness outside the repository, NOTE.md), then the rows and verify.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
.gpu/exp/pair_v3 50 | tee $OUT/harness.txt
for i in 1 2; do
  timeout 60 $J -Xmx32g -jar $A bench --op eig --n 1024,2048,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/indef /"
done 2>&1 | tee $OUT/rows.txt
timeout 60 $J -Xmx32g -jar $A bench --op eig,svd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/complex /" | tee -a $OUT/rows.txt
timeout 200 $J -Xmx16g -jar $A verify --device gpu > $OUT/verify.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify.txt | tail -5
