#!/usr/bin/env bash
J=$PWD/.jre/bin/java; A=.gpu/final/gpujacobi.jar; B=.gpu/final/base.jar
nvidia-smi --query-gpu=name --format=csv,noheader
JAR=$A CONFORMANCE=.gpu/final/gpujacobi-conformance.jar OUT=/tmp/v bash cuda/gpu-verify.sh verify > /dev/null 2>&1
grep -E "tests (successful|failed)" /tmp/v/conformance.txt; grep -E "✘" /tmp/v/conformance.txt | head; grep -E "^FAIL|verify:|graded indefinite" /tmp/v/verify.txt | cut -c1-200
mkdir -p $OUT/r; cp /tmp/v/conformance.txt /tmp/v/verify.txt $OUT/r/
for v in base new; do
  cp=$A; [ $v = base ] && cp=$B:$A
  echo "$v real: $($J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -cp $cp io.github.gpujacobi.cli.Main bench --op eig --n 1024,4096 --dtype double --repeat 1 --impl 'cuda/blocked' 2>&1 | grep -E '^bunch' | awk '{print $3}' | paste -sd' ')"
  echo "$v complex: $($J -Xmx32g -Dgpujacobi.cuda.blockedProfile=true -cp $cp io.github.gpujacobi.cli.Main bench --op eig --n 1024,4096 --dtype complex128 --repeat 1 --impl 'cuda/auto' 2>&1 | grep -E '^bunch' | awk '{print $3}' | paste -sd' ')"
done
$J -Xmx32g -jar $A bench --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked|syevj' --out $OUT/real-indef.csv 2>&1 | grep -E '^eig' 
$J -Xmx32g -jar $A bench --op eig --n 1024,4096 --dtype complex128 --repeat 3 --impl 'cuda/auto|heevj' --out $OUT/complex-indef.csv 2>&1 | grep -E '^eig'
