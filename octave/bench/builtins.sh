#!/usr/bin/env bash
# The toolbox against Octave's own eig, svd and inv, from Octave (CPU backend unless a GPU is present):
# median of 3 warm calls per size, and the relative error of the smallest eigenvalue of a graded
# symmetric positive definite matrix (10 decades) against a reference from the Cholesky-factor SVD.
#   octave/bench/builtins.sh [SIZES]   e.g. "256 512"
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
sizes="${1:-256 512}"
octave --no-gui --no-window-system --norc --quiet --eval "
  addpath('$root/matlab/gpujacobi');
  randn('seed', 1);
  med = @(f) median(arrayfun(@(k) timed(f), 1:3));
  fprintf('%-5s %5s %12s %12s %8s\n', 'op', 'n', 'gpujacobi ms', 'octave ms', 'ratio');
  for n = [$sizes]
    B = randn(n); S = (B + B') / 2; X = B + n * eye(n);
    gpu_eig(S); eig(S); gpu_svd(B); svd(B); gpu_inversion(X); inv(X);   % warm-up
    t = [med(@() gpu_eig(S)), med(@() eig(S))];       fprintf('%-5s %5d %12.1f %12.1f %8.2f\n', 'eig', n, 1e3 * t, t(1) / t(2));
    t = [med(@() gpu_svd(B)), med(@() svd(B))];       fprintf('%-5s %5d %12.1f %12.1f %8.2f\n', 'svd', n, 1e3 * t, t(1) / t(2));
    t = [med(@() gpu_inversion(X)), med(@() inv(X))]; fprintf('%-5s %5d %12.1f %12.1f %8.2f\n', 'inv', n, 1e3 * t, t(1) / t(2));
  end
  m = 40; D = diag(10 .^ linspace(0, -10, m)); H = eye(m) + 0.1 * (ones(m) - eye(m));
  G = D * H * D; G = (G + G') / 2;
  ref = sort(svd(chol(H) * D) .^ 2);   % the squared singular values of the graded factor: relative accuracy
  fprintf('graded 40 x 40 (10 decades), smallest eigenvalue %.3e: relative error gpu_eig %.1e, eig %.1e\n', ...
    ref(1), abs(min(gpu_eig(G)) - ref(1)) / ref(1), abs(min(eig(G)) - ref(1)) / ref(1));
  function t = timed(f)
    t0 = tic; f(); t = toc(t0);
  end
" 2>&1 | grep -v 'ignoring const execution_exception'
