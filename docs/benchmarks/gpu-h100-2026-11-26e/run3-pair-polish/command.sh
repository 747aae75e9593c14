#!/usr/bin/env bash
# The pair transformations applied as accumulated (-Dgpujacobi.cuda.pairPolish=false) against polished (default):
# verify (graded SPD and indefinite relative accuracy, orthogonality) without the polish, then the rows both ways.
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 200 $J -Xmx16g -Dgpujacobi.cuda.pairPolish=false -jar $A verify --device gpu > $OUT/verify-nopolish.txt 2>&1; grep -E "^FAIL|verify:|passed|failed" $OUT/verify-nopolish.txt | tail -5
for P in true false true false; do
  O="-Dgpujacobi.cuda.pairPolish=$P"
  timeout 60 $J -Xmx32g $O -jar $A bench --op eig --n 1024,2048,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/[polish=$P] indef /"
  timeout 60 $J -Xmx32g $O -jar $A bench --op svd,eig --spd --n 1024,2048,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[polish=$P] spd /"
  timeout 60 $J -Xmx32g $O -jar $A bench --op svd,eig --spd --n 1024 --dtype single --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[polish=$P] spd /"
  timeout 60 $J -Xmx32g $O -jar $A bench --op eig,svd --n 1024 --dtype complex128 --repeat 3 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[polish=$P] complex /"
  timeout 60 $J -Xmx32g $O -jar $A bench --op eig,svd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[polish=$P] complex /"
done 2>&1 | tee $OUT/polish.txt
