#!/usr/bin/env bash
# .mat I/O speed of the batch converter against scipy.io on the same ~200 MB files (v7 compressed
# and uncompressed). Not a test: prints the figures. usage: app/scripts/mat-io-speed.sh [MB]
# Needs python3 with numpy/scipy and a built app module (mvn -pl app -am package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
mb=${1:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp=${CLASSES:-app/target/classes:java-core/target/classes:matrices/target/classes}:$(ls ~/.m2/repository/us/hebi/matlab/mat/mfl-core/0.5.15/mfl-core-0.5.15.jar)
# 4 variables of a few smooth-plus-noise matrices: compressible enough that deflate matters
python3 - "$work" "$mb" <<'PY'
import sys, time, numpy as np, scipy.io as sio
work, mb = sys.argv[1], int(sys.argv[2])
n = int((mb * 1e6 / 8 / 4) ** 0.5)
r = np.random.default_rng(0)
x = np.linspace(0, 1, n)
d = {}
for k in range(4):
    d['A%d' % k] = np.outer(np.sin((k + 1) * x), np.cos(x)) + np.round(r.standard_normal((n, n)), 3)
for comp in (False, True):
    f = '%s/in_%s.mat' % (work, 'compressed' if comp else 'uncompressed')
    t = time.perf_counter(); sio.savemat(f, d, do_compression=comp); w = time.perf_counter() - t
    t = time.perf_counter(); sio.loadmat(f); rd = time.perf_counter() - t
    print('scipy %-12s write %.3f s  read %.3f s' % ('compressed' if comp else 'uncompressed', w, rd))
PY
ls -l "$work"
for kind in uncompressed compressed; do
  java -Xmx3g -cp "$cp" io.github.gpujacobi.bench.MatIoSpeed read "$work/in_$kind.mat" | sed "s/^/$kind input: /"
  java -Xmx3g -cp "$cp" io.github.gpujacobi.bench.MatIoSpeed copy "$work/in_$kind.mat" "$work/out_$kind.mat" "$kind"
done
ls -l "$work"
