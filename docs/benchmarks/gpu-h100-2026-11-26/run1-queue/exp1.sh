#!/usr/bin/env bash
# device run 1 (2026-11-26): block page kernels with step 2's item queue and V's double correction add,
# against the previous fatbin (base.jar ahead on the class path), conformance + verify first
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
b() { local tag=$1 cp=$2; shift 2; echo "== $tag ${JO[*]} $*"; timeout 120 $java -Xmx64g "${JO[@]}" -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2; do
for c in "single 64 2000" "double 64 2000" "single 128 500" "double 128 500" "single 256 100" "double 256 100"; do
set -- $c
JO=(); b base "$F/base.jar:$J" --op eig --n $2 --pages $3 --dtype $1 --repeat 5 --impl 'cuda/parallel'
JO=(); b new $J --op eig --n $2 --pages $3 --dtype $1 --repeat 5 --impl 'cuda/parallel'
if [ $r = 1 ]; then JO=(-Dgpujacobi.cuda.pagePolish=false); b new-nopolish $J --op eig --n $2 --pages $3 --dtype $1 --repeat 3 --impl 'cuda/parallel'; fi
done
done
for c in "double 64 2000" "double 256 100"; do set -- $c
JO=(); b base "$F/base.jar:$J" --op svd --n $2 --pages $3 --dtype $1 --repeat 5 --impl 'cuda/parallel'
JO=(); b new $J --op svd --n $2 --pages $3 --dtype $1 --repeat 5 --impl 'cuda/parallel'
done
} > $OUT/ab1.txt 2>&1
grep -h "passed\|failed\|FAIL" $OUT/verify.log $OUT/verify/*.txt | head -20
cat $OUT/ab1.txt
