#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
P="-Dgpujacobi.cuda.blockedProfile=true"
for cfg in "16 1024 4" "128 16384 8" "512 16384 8"; do set -- $cfg
  O="-Dgpujacobi.cuda.blockedCheckFrom=$1 -Dgpujacobi.cuda.blockedCheckList=$2 -Dgpujacobi.cuda.blockedCleanupRounds=$3"
  $J -Xmx32g $O $P -jar $A bench --op eig --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "check|^eig|sweep 1[3-9]" | sed "s/^/[$cfg] indef /"
  $J -Xmx32g $O $P -jar $A bench --op svd,eig --spd --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "check|^eig|^svd|sweep 1[0-9]" | sed "s/^/[$cfg] spd /"
  $J -Xmx32g $O -jar $A bench --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/[$cfg] timed indef /"
  $J -Xmx32g $O -jar $A bench --op svd,eig --spd --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig|^svd" | sed "s/^/[$cfg] timed spd /"
done 2>&1 | tee $OUT/check.txt
