#!/usr/bin/env bash
# device run 14 (session 7): verify the register pages' convergence check (warp_jacobi); A/B against cb20aee (vpre)
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify bash cuda/gpu-verify.sh verify
mkdir -p $OUT/exp
b() { local tag=$1 cp=$2; shift 2; echo "== $tag $*"; timeout 200 $java -Xmx64g -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#" ; }
{
b new $J --op eig --n 8,16,32 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel|syevjBatched|XsyevBatched'
b vpre "$F/vpre.jar:$J" --op eig --n 8,16,32 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel'
b new-again $J --op eig --n 8,16,32 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel|syevjBatched'
b vpre-again "$F/vpre.jar:$J" --op eig --n 8,16,32 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel'
} > $OUT/exp/ab14.txt 2>&1
grep -v "^op " $OUT/exp/ab14.txt
