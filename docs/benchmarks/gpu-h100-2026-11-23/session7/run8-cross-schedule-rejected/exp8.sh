#!/usr/bin/env bash
# device run 8 (session 7): verify the block kernel's diagonal step + cross schedule (eig pages); A/B against ec004e9 (vprev2)
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify bash cuda/gpu-verify.sh verify
mkdir -p $OUT/exp
b() { local tag=$1 cp=$2; shift 2; echo "== $tag $*"; timeout 200 $java -Xmx64g -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#" ; }
{
for r in 1 2; do
b new $J --op eig --n 64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel|XsyevBatched'
b vprev2 "$F/vprev2.jar:$J" --op eig --n 64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/parallel'
done
b new-128 $J --op eig --n 128 --pages 500 --dtype single,double --repeat 3 --impl 'cuda/parallel|XsyevBatched'
b vprev2-128 "$F/vprev2.jar:$J" --op eig --n 128 --pages 500 --dtype single,double --repeat 3 --impl 'cuda/parallel'
b new-256 $J --op eig --n 256 --pages 100 --dtype single,double --repeat 3 --impl 'cuda/parallel|XsyevBatched'
b vprev2-256 "$F/vprev2.jar:$J" --op eig --n 256 --pages 100 --dtype single,double --repeat 3 --impl 'cuda/parallel'
} > $OUT/exp/ab8.txt 2>&1
grep -v "^op " $OUT/exp/ab8.txt
