#!/usr/bin/env bash
# device run 14 (2026-11-26): V's Newton-Schulz step inside the warp page kernels in double (eig_warp_d: warp_polish_store
# generalized to segments; svd_warp_d: warp_polish_columns) and U's GPU step from 9 columns: conformance + verify,
# orthogonality norms (OrthNorms, probe.jar), and time against the previous commit's kernels (base.jar, a fatbin ahead on the class path; the host, with U's step from 9 columns, is the same) on the small pages
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/v timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
grep -E "tests (successful|failed)|✘" $OUT/v/conformance.txt >> $OUT/verify.log; rm -rf $OUT/v
timeout 200 $java -Xmx32g -cp "$F/probe.jar:$J" OrthNorms > $OUT/orth-norms.txt 2>&1
b() { local tag=$1 cp=$2; shift 2; echo "== $tag $*"; timeout 120 $java -Xmx64g -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2; do
b base "$F/base.jar:$J" --op eig,svd --n 8,16,32 --pages 2000 --dtype double --repeat 9 --impl 'cuda/(parallel|onesided)'
b new $J --op eig,svd --n 8,16,32 --pages 2000 --dtype double --repeat 9 --impl 'cuda/(parallel|onesided)'
done
b new-peers $J --op eig,svd --n 8,16,32 --pages 2000 --dtype double,single --repeat 9 --impl 'cuda/(parallel|onesided)|Batched'
} > $OUT/ab14.txt 2>&1
grep -v "Assumption" $OUT/verify.log | tail -4
cat $OUT/orth-norms.txt $OUT/ab14.txt
