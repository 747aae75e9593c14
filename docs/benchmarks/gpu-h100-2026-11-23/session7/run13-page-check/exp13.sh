#!/usr/bin/env bash
# device run 13 (session 7): verify the page-level convergence check (pairs_pass) on c000380 + it; A/B against c000380 (vpre)
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify bash cuda/gpu-verify.sh verify
mkdir -p $OUT/exp
b() { local tag=$1 cp=$2; shift 2; echo "== $tag $*"; timeout 200 $java -Xmx64g -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#" ; }
{
b new $J --op eig --n 48,64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel|XsyevBatched'
b vpre "$F/vpre.jar:$J" --op eig --n 48,64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel'
b new-again $J --op eig --n 64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel'
b new-128 $J --op eig --n 128 --pages 500 --dtype single,double --repeat 3 --impl 'cuda/parallel|XsyevBatched'
b new-256 $J --op eig --n 256 --pages 100 --dtype single,double --repeat 3 --impl 'cuda/parallel|XsyevBatched'
b vpre-128-256 "$F/vpre.jar:$J" --op eig --n 128,256 --pages 100 --dtype single,double --repeat 3 --impl 'cuda/parallel'
b new-128-256 $J --op eig --n 128,256 --pages 100 --dtype single,double --repeat 3 --impl 'cuda/parallel'
} > $OUT/exp/ab13.txt 2>&1
grep -v "^op " $OUT/exp/ab13.txt
