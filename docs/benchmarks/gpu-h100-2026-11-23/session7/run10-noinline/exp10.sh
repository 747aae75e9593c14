#!/usr/bin/env bash
# device run 10 (session 7): verify the block kernel's pair solve (and, capped float, its tiles) as calls; the pages rows
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify bash cuda/gpu-verify.sh verify
mkdir -p $OUT/exp
b() { local tag=$1; shift; echo "== $tag $*"; timeout 200 $java -Xmx64g -jar $J bench "$@" 2>&1 | grep -v "^#" ; }
{
b p64 --op eig --n 64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel|XsyevBatched'
b p64-again --op eig --n 64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel'
b p128 --op eig --n 128 --pages 500 --dtype single,double --repeat 3 --impl 'cuda/parallel|XsyevBatched'
b p256 --op eig --n 256 --pages 100 --dtype single,double --repeat 3 --impl 'cuda/parallel|XsyevBatched'
} > $OUT/exp/pages10.txt 2>&1
grep -v "^op " $OUT/exp/pages10.txt
