#!/usr/bin/env bash
# device run 3 (2026-11-26): the float block page kernel reads E by float4 (row stride 36), against the previous
# fatbin (base.jar ahead on the class path); conformance + verify first; then an ncu profile of the 64 x 64 single kernel
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
JAR=$J CONFORMANCE=$F/gpujacobi-conformance.jar OUT=$OUT/verify timeout 200 bash cuda/gpu-verify.sh verify > $OUT/verify.log 2>&1
b() { local tag=$1 cp=$2; shift 2; echo "== $tag ${JO[*]} $*"; timeout 120 $java -Xmx64g "${JO[@]}" -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2; do
for c in "single 64 2000" "single 128 500" "single 256 100"; do
set -- $c
JO=(); b base "$F/base.jar:$J" --op eig --n $2 --pages $3 --dtype $1 --repeat 5 --impl 'cuda/parallel'
JO=(); b new $J --op eig --n $2 --pages $3 --dtype $1 --repeat 5 --impl 'cuda/parallel'
done
done
JO=(); b new-64d $J --op eig --n 64 --pages 2000 --dtype double --repeat 5 --impl 'cuda/parallel'
JO=(); b new-peers $J --op eig --n 64 --pages 2000 --dtype single --repeat 5 --impl 'parallel|Batched'
} > $OUT/ab3.txt 2>&1
timeout 150 /usr/local/cuda/bin/ncu --target-processes all --kernel-name regex:eig_blocked_pages_f --launch-count 1 \
  --section SpeedOfLight --section WarpStateStats --section ComputeWorkloadAnalysis --section InstructionStats --section Occupancy --section MemoryWorkloadAnalysis \
  $java -Xmx16g -cp $J io.github.gpujacobi.cli.Main bench --op eig --n 64 --pages 2000 --dtype single --repeat 1 --impl 'cuda/parallel' > $OUT/ncu3.txt 2>&1
grep -h "passed\|failed\|FAIL" $OUT/verify.log $OUT/verify/*.txt | head -20
cat $OUT/ab3.txt
grep -v "^==PROF==\|^#" $OUT/ncu3.txt | tail -120
