#!/usr/bin/env bash
# Whole-process comparison (docs/benchmarks/cpu-2core.md): `gpujacobi batch --device cpu` on one
# scipy-written n x n .mat (JVM start, cold JIT, reading, the solve, the probe residual, writing) against a
# fresh JVM running one EJML 0.44 decomposition with vectors of an in-memory matrix (bench.ColdEjml; no I/O,
# which favours EJML). Not a test: prints wall times. usage: app/scripts/cpu-whole-process.sh [N] [RUNS]
# Needs python3 with numpy/scipy and dist/gpujacobi.jar (mvn -B -DskipTests package).
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-1024}; runs=${2:-2}; jar=${JAR:-dist/gpujacobi.jar}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" "$n" <<'PY'
import sys, numpy as np, scipy.io as sio
work, n = sys.argv[1], int(sys.argv[2])
a = np.random.default_rng(n).standard_normal((n, n))
sio.savemat(work + '/eig.mat', {'A': (a + a.T) / 2})
sio.savemat(work + '/svd.mat', {'A': a})
sio.savemat(work + '/inv.mat', {'A': a + n * np.eye(n)})
PY
TIMEFORMAT='%R %U %S'
# wall seconds, then user + system CPU seconds (less sensitive to other jobs on a shared machine)
timed() { { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.2f %.2f", $1, $2 + $3 }'; }
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), n = $n"
for op in eig svd inv; do
  for r in $(seq "$runs"); do
    g=$(timed java -jar "$jar" batch --device cpu --op $op --quiet --force --no-compress -o "$work/out_$op.mat" "$work/$op.mat")
    e=$(timed java -cp "$jar" io.github.gpujacobi.bench.ColdEjml $op "$n")
    echo "$g $e" | awk -v op=$op -v load="$(cut -d' ' -f1 /proc/loadavg)" '{ printf "%s: gpujacobi batch %.2f s (CPU %.2f s), EJML cold process %.2f s (CPU %.2f s), wall ratio %.2fx (load %s)\n", op, $1, $2, $3, $4, $1 / $3, load }'
  done
done
