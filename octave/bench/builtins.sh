#!/usr/bin/env bash
# The toolbox against Octave's own eig, svd and inv (builtins.m), and the relative accuracy of the
# eigenvalues of a graded matrix against a 50-digit reference (mpmath).
#   octave/bench/builtins.sh ["256 512"]
# OpenBLAS runs single-threaded: with the JVM loaded, Octave 7.3's multithreaded OpenBLAS crashes
# (segmentation fault) in inv and mldivide from n = 256 on this machine (docs/matlab.md, troubleshooting).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
OPENBLAS_NUM_THREADS=1 octave --no-gui --no-window-system --norc --quiet --eval "addpath('$here'); builtins([${1:-256 512}]);" 2>&1 \
  | grep -v 'ignoring const execution_exception'
python3 - <<'PY'
import mpmath
mpmath.mp.dps = 50
v = [float(x) for x in open("graded.txt")]
m = 40
G = mpmath.matrix(m, m)
for j in range(m):
    for i in range(m):
        G[i, j] = mpmath.mpf(v[i + j * m])
ref = sorted(mpmath.eigsy(G, eigvals_only=True))
ours, lapack = v[m * m:m * m + m], v[m * m + m:]
rel = lambda e: max(abs((mpmath.mpf(a) - r) / r) for a, r in zip(sorted(e), ref))
print("graded 40 x 40 (eigenvalues %.1e .. %.1e): largest relative eigenvalue error gpu_eig %.1e, eig %.1e"
      % (float(ref[0]), float(ref[-1]), float(rel(ours)), float(rel(lapack))))
PY
