#!/usr/bin/env bash
# device run 12 (session 7): complex (issue 16) against cuSOLVER's complex routines with today's blocked sweeps
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT/exp
b() { local tag=$1; shift; echo "== $tag $*"; timeout 280 $java -Xmx64g -jar $J bench "$@" 2>&1 | grep -v "^#" ; }
{
b complex-1024-2048 --op eig,svd,inv --n 1024,2048 --dtype complex128 --repeat 3 --impl 'cuda|cusolver'
b complex-4096 --op eig,svd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda|cusolver'
} > $OUT/exp/complex12.txt 2>&1
grep -v "^op " $OUT/exp/complex12.txt
