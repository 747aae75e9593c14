#!/usr/bin/env bash
# device run 6 (session 7): the session's final build: verify, the pages stage, issue 13's blocked rows
cd "$(dirname "$0")/../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify bash cuda/gpu-verify.sh verify
JAR=$J OUT=$OUT/pages bash cuda/gpu-verify.sh pages
mkdir -p $OUT/blocked
b() { local tag=$1; shift; echo "== $tag ${JO[*]} $*"; timeout 240 $java -Xmx64g "${JO[@]}" -jar $J bench "$@" 2>&1 | grep -v "^#" ; }
JO=()
{
b blocked --op svd,eig --spd --n 1024,4096 --dtype double,single --repeat 3 --impl 'cuda/blocked|cusolver'
b indefinite --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked|syevj|syevd'
} > $OUT/blocked/blocked.txt 2>&1
grep -v "^op " $OUT/blocked/blocked.txt
