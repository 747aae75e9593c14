#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; B=.gpu/final/base-cuda.jar; M=io.github.gpujacobi.cli.Main
nvidia-smi --query-gpu=name --format=csv,noheader
for round in 1 2; do for cp in $B:$A $A; do
  $J -Xmx32g -cp $cp $M bench --op svd,eig --spd --n 4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s|^|${cp%%:*} r$round spd |"
  $J -Xmx32g -cp $cp $M bench --op eig --n 4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s|^|${cp%%:*} r$round indef |"
done; done | tee $OUT/ab.txt
for cp in $B:$A $A; do
  $J -Xmx32g -Dgpujacobi.cuda.blockWideFrom=1024 -cp $cp $M bench --op svd,eig --spd --n 1024,2048 --dtype double,single --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "^(eig|svd)" | sed "s|^|${cp%%:*} b64 spd |"
  $J -Xmx32g -Dgpujacobi.cuda.blockWideFrom=1024 -cp $cp $M bench --op eig --n 1024,2048 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s|^|${cp%%:*} b64 indef |"
done | tee $OUT/acc.txt
timeout 150 $J -Xmx16g -Dgpujacobi.cuda.blockWidth=64 -jar $A verify --device gpu > $OUT/verify-b64.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify-b64.txt | head
timeout 150 $J -Xmx16g -jar $A verify --device gpu > $OUT/verify.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify.txt | head
