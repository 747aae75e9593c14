#!/usr/bin/env bash
# device run 11 (session 7): 64 x 64 single eig pages: the V row tiles as a call too (vrow), and the polish's cost
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT/exp
b() { local tag=$1 cp=$2; shift 2; echo "== $tag ${JO[*]} $*"; timeout 200 $java -Xmx64g "${JO[@]}" -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#" ; }
{
for r in 1 2; do
JO=(); b head $J --op eig --n 64 --pages 2000 --dtype single --repeat 5 --impl 'cuda/parallel'
JO=(); b vrow "$F/vrow.jar:$J" --op eig --n 64 --pages 2000 --dtype single --repeat 5 --impl 'cuda/parallel'
JO=(-Dgpujacobi.cuda.pagePolish=false); b head-nopolish $J --op eig --n 64 --pages 2000 --dtype single --repeat 5 --impl 'cuda/parallel'
done
JO=(); b vrow-128 "$F/vrow.jar:$J" --op eig --n 128 --pages 500 --dtype single --repeat 3 --impl 'cuda/parallel'
} > $OUT/exp/ab11.txt 2>&1
grep -v "^op " $OUT/exp/ab11.txt
