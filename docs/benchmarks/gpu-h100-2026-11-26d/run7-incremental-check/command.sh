#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; CJ=.gpu/final/gpujacobi-conformance.jar
nvidia-smi --query-gpu=name --format=csv,noheader
P="-Dgpujacobi.cuda.blockedProfile=true"
$J -Xmx32g $P -jar $A bench --op eig --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "check|^eig|sweep 1[3-9]|^blocked m" | sed "s/^/indef /" > $OUT/profile.txt
$J -Xmx32g $P -jar $A bench --op svd,eig --spd --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E "check|^eig|^svd|sweep 1[0-9]|^blocked m" | sed "s/^/spd /" >> $OUT/profile.txt
grep -c check $OUT/profile.txt; grep "^.* blocked m" $OUT/profile.txt
for cfg in "16 4" "128 32"; do set -- $cfg
  O="-Dgpujacobi.cuda.blockedCheckFrom=$1 -Dgpujacobi.cuda.blockedCleanupRounds=$2"
  $J -Xmx32g $O -jar $A bench --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig" | sed "s/^/[$cfg] indef /"
  $J -Xmx32g $O -jar $A bench --op svd,eig --spd --n 1024,4096 --dtype double,single --repeat 3 --impl 'cuda/blocked' 2>&1 | grep -E "^eig|^svd" | sed "s/^/[$cfg] spd /"
  $J -Xmx32g $O -jar $A bench --op svd,eig --n 1024,4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E "^eig|^svd" | sed "s/^/[$cfg] complex /"
done 2>&1 | tee $OUT/timed.txt
timeout 330 $J -Xmx16g -cp $A:$CJ org.junit.platform.console.ConsoleLauncher execute \
  --select-class io.github.gpujacobi.cuda.CudaConformanceTest --select-class io.github.gpujacobi.cuda.CudaPageOrthogonalityTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conf.txt 2>&1
grep -E "✘|tests (successful|failed)" $OUT/conf.txt | head -20
timeout 150 $J -Xmx16g -jar $A verify --device gpu > $OUT/verify.txt 2>&1; grep -E "^FAIL|verify:" $OUT/verify.txt | head
