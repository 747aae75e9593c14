#!/usr/bin/env bash
# device run 17 (2026-11-26): issue 13's blocked pair solve (blocked_pair, svd_blocked.cu) with the rootless relative
# test where safe (new.jar: the variant fatbin ahead on the class path) against a603105's kernels; conformance + verify
# on the variant first
cd "$(dirname "$0")/../../../.."
F=.gpu/final; J=$F/gpujacobi.jar; java=.jre/bin/java
mkdir -p $OUT
timeout 200 $java -Xmx16g -cp "$F/new.jar:$J:$F/gpujacobi-conformance.jar" org.junit.platform.console.ConsoleLauncher execute \
      --select-class io.github.gpujacobi.cuda.CudaConformanceTest --details=tree --disable-banner --disable-ansi-colors > $OUT/conformance-new.txt 2>&1
timeout 120 $java -Xmx16g -cp "$F/new.jar:$J" io.github.gpujacobi.cli.Main verify --device gpu > $OUT/verify-new.txt 2>&1
b() { local tag=$1 cp=$2; shift 2; echo "== $tag $*"; timeout 200 $java -Xmx64g -cp "$cp" io.github.gpujacobi.cli.Main bench "$@" 2>&1 | grep -v "^#\|^op " ; }
{
for r in 1 2; do
b base $J --op svd,eig --spd --n 1024 --dtype double,single --repeat 5 --impl 'cuda/blocked'
b new "$F/new.jar:$J" --op svd,eig --spd --n 1024 --dtype double,single --repeat 5 --impl 'cuda/blocked'
done
b base $J --op svd --n 4096 --dtype double --repeat 2 --impl 'cuda/blocked'
b new "$F/new.jar:$J" --op svd --n 4096 --dtype double --repeat 2 --impl 'cuda/blocked'
} > $OUT/ab17.txt 2>&1
grep -E "tests (successful|failed)|✘" $OUT/conformance-new.txt | head; tail -1 $OUT/verify-new.txt
cat $OUT/ab17.txt
