#!/usr/bin/env bash
# Run 1's build (plus a profile line: pair problems that rotated nothing, per sweep): the complex n = 4096 rows with
# cuSOLVER's zgesvdj / zheevj in the same process, then the phases and unrotated pair problems of the real and complex
# sweeps at n = 4096 (to see what masking the unrotated pairs' updates could save).
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar
P=-Dgpujacobi.cuda.blockedProfile=true
nvidia-smi --query-gpu=name --format=csv,noheader
{
timeout 150 $J -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype complex128 --repeat 3 --impl 'cuda/auto|gesvdj|heevj' 2>&1 | grep -E "^(eig|svd)"
timeout 60 $J $P -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^(svd|eig)|blocked"
timeout 60 $J $P -Xmx32g -jar $A bench --op svd,eig --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "^(svd|eig)|blocked"
timeout 60 $J $P -Xmx32g -jar $A bench --op eig --spd --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "^(svd|eig)|blocked"
} 2>&1 | tee $OUT/rows.txt
