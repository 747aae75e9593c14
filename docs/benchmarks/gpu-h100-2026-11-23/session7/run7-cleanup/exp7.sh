#!/usr/bin/env bash
# device run 7 (session 7): verify the check's cleanup rounds (failing pairs rotated alone); issue 13's rows
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify bash cuda/gpu-verify.sh verify
mkdir -p $OUT/blocked
b() { local tag=$1; shift; echo "== $tag ${JO[*]} $*"; timeout 240 $java -Xmx64g "${JO[@]}" -jar $J bench "$@" 2>&1 | grep -v "^#" ; }
JO=()
{
b blocked --op svd,eig --spd --n 1024,4096 --dtype double,single --repeat 3 --impl 'cuda/blocked|cusolver'
b indefinite --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked|syevj|syevd'
b again --op svd,eig --spd --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked'
b tall --op svd --rows 8192 --n 1024 --dtype double,single --repeat 3 --impl 'cuda/blocked|gesvdj'
JO=(-Dgpujacobi.cuda.blockedProfile=true); b profile --op svd,eig --spd --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked'
} > $OUT/blocked/blocked.txt 2>&1
grep -v "^op \|blocked sweep [0-9]:\|blocked sweep 1[0-1]:" $OUT/blocked/blocked.txt
