#!/usr/bin/env bash
# Bridge overhead: gpu_inversion(A) from Octave against the same Bridge.run call made directly in Java,
# for a 1000 x 1000 double matrix (best of 5 warm rounds each). Needs dist/gpujacobi.jar (mvn package).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
n="${1:-1000}"
jar="$root/dist/gpujacobi.jar"
java -cp "$jar" "$root/octave/bench/InvDirect.java" "$n" 5
octave --no-gui --no-window-system --norc --quiet --eval "
  addpath('$root/matlab/gpujacobi'); gpujacobi_setup();
  randn('seed', 1); A = randn($n); best = Inf;
  for r = 1:7
    t0 = tic; X = gpu_inversion(A); t = toc(t0);
    if r > 2, best = min(best, t); end
  end
  printf('octave-gpu_inversion %d %.4f  (residual %.1e)\n', $n, best, norm(A*X - eye($n), 1));
" 2>&1 | grep -v 'ignoring const execution_exception'
