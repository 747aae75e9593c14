#!/usr/bin/env bash
# device run 4 (session 7): verify the one-division tangent and rsqrt cosine; A/B against e484f01's fatbin (vold)
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT/exp
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify bash cuda/gpu-verify.sh verify
b() { local tag=$1 cp=$2; shift 2; echo "== $tag ${JO[*]} $*"; timeout 200 $java -Xmx64g "${JO[@]}" -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#" ; }
JO=()
{
b new-peers $J --op eig,svd --n 8,16,32,64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/(parallel|onesided)|syevjBatched|XsyevBatched|gesvdjBatched'
for r in 1 2; do
b old "$F/vold.jar:$J" --op eig,svd --n 8,16,32,64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/(parallel|onesided)'
b new $J --op eig,svd --n 8,16,32,64 --pages 2000 --dtype single,double --repeat 5 --impl 'cuda/(parallel|onesided)'
done
for r in 1 2; do
b old-blocked "$F/vold.jar:$J" --op svd,eig --spd --n 1024 --dtype double --repeat 5 --impl 'cuda/blocked'
b new-blocked $J --op svd,eig --spd --n 1024 --dtype double --repeat 5 --impl 'cuda/blocked'
b old-indef "$F/vold.jar:$J" --op eig --n 1024 --dtype double --repeat 3 --impl 'cuda/blocked'
b new-indef $J --op eig --n 1024 --dtype double --repeat 3 --impl 'cuda/blocked'
done
} > $OUT/exp/ab.txt 2>&1
cat $OUT/exp/ab.txt | grep -v "^op "
