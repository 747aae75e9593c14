#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
for cfg in "128 32" "128 8" "16 32" "64 12" "128 32"; do set -- $cfg
  O="-Dgpujacobi.cuda.blockedCheckFrom=$1 -Dgpujacobi.cuda.blockedCleanupRounds=$2"
  $J -Xmx32g $O -jar $A bench --op svd,eig --spd --n 1024 --dtype double,single --repeat 5 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s/^/[$cfg] spd /"
  $J -Xmx32g $O -jar $A bench --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/[$cfg] indef /"
  $J -Xmx32g $O -jar $A bench --op svd --n 4096 --dtype double,single --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^svd" | sed "s/^/[$cfg] /"
done 2>&1 | tee $OUT/cfg.txt
