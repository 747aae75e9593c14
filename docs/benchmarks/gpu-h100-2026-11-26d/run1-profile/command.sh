#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
nvidia-smi --query-gpu=name --format=csv,noheader
.gpu/final/bp_harness 4096 8 2>&1 | tee $OUT/bp.txt
.gpu/final/bp_harness 2048 8 2>&1 | tee -a $OUT/bp.txt
$J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $A bench --op eig --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked' > $OUT/indef.txt 2>&1
$J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -jar $A bench --op eig --spd --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked' > $OUT/spd.txt 2>&1
grep -v "^blocked sweep\|check" $OUT/indef.txt $OUT/spd.txt
grep -c "^blocked sweep" $OUT/indef.txt $OUT/spd.txt
