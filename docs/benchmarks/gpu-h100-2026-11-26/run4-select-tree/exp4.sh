#!/usr/bin/env bash
# device run 4 (2026-11-26): warp_jacobi's reg_at as a select tree and the column rotation as one fma a register,
# against the previous fatbin (base.jar ahead on the class path); conformance + verify first
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
b() { local tag=$1 cp=$2; shift 2; echo "== $tag ${JO[*]} $*"; timeout 120 $java -Xmx64g "${JO[@]}" -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2; do
for c in "single 64 2000" "single 32 2000" "double 32 2000" "single 16 2000" "double 16 2000" "double 8 2000" "single 128 500" "double 64 2000"; do
set -- $c
JO=(); b base "$F/base.jar:$J" --op eig --n $2 --pages $3 --dtype $1 --repeat 5 --impl 'cuda/parallel'
JO=(); b new $J --op eig --n $2 --pages $3 --dtype $1 --repeat 5 --impl 'cuda/parallel'
done
done
JO=(); b new-peers $J --op eig --n 64 --pages 2000 --dtype single --repeat 5 --impl 'cuda/parallel|Batched'
JO=(); b new-peers $J --op eig --n 32 --pages 2000 --dtype single --repeat 5 --impl 'cuda/parallel|Batched'
JO=(); b new-peers $J --op eig --n 32 --pages 2000 --dtype double --repeat 5 --impl 'cuda/parallel|Batched'
} > $OUT/ab4.txt 2>&1
grep -h "passed\|failed\|FAIL" $OUT/verify.log $OUT/verify/*.txt | head -20
cat $OUT/ab4.txt
