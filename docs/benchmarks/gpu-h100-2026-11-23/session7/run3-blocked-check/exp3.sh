#!/usr/bin/env bash
# device run 3 (session 7): verify; issue 13's blocked rows with the convergence check (A/B), profile lines
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT/exp
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify bash cuda/gpu-verify.sh verify
b() { local tag=$1; shift; echo "== $tag ${JO[*]} $*"; timeout 200 $java -Xmx64g "${JO[@]}" -jar $J bench "$@" 2>&1 | grep -v "^#" ; }
{
JO=(); b blocked --op svd,eig --spd --n 1024,4096 --dtype double,single --repeat 3 --impl 'cuda/blocked|cusolver'
JO=(-Dgpujacobi.cuda.blockedCheck=false); b blocked-nocheck --op svd,eig --spd --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked'
JO=(); b blocked-again --op svd,eig --spd --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked'
JO=(); b indefinite --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked'
JO=(-Dgpujacobi.cuda.blockedCheck=false); b indefinite-nocheck --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked'
JO=(-Dgpujacobi.cuda.blockedProfile=true); b profile --op svd --n 4096 --dtype double --repeat 1 --impl 'cuda/blocked'
} > $OUT/exp/blocked.txt 2>&1
grep -v "blocked sweep" $OUT/exp/blocked.txt | tail -60; grep "check\|blocked sweep 1[0-9]" $OUT/exp/blocked.txt | tail -12
