#!/usr/bin/env bash
# The toolbox's whole call from Octave against the same Bridge.run call made directly in Java and against Octave's
# own eig/svd/inv, for an n x n double matrix (symmetric for eig), eig, svd and inv, best of 5 warm rounds each.
# Needs dist/gpujacobi-toolbox.jar (mvn package); the backend is whatever the machine has (the CPU here).
#   overhead.sh [n] [ops]     e.g. overhead.sh 1000 "eig svd inv"
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
n="${1:-1000}"
ops="${2:-eig svd inv}"
jar="$root/dist/gpujacobi-toolbox.jar" # the jar the toolbox loads (no native LAPACK: its pure-Java CPU routes)
for op in $ops; do java -cp "$jar" "$root/octave/bench/BridgeDirect.java" "$op" "$n" 5; done
octave --no-gui --no-window-system --norc --quiet --eval "
  addpath('$root/matlab/gpujacobi'); gpujacobi_setup();
  ops = strsplit('$ops');
  for k = 1:numel(ops)
    op = ops{k}; randn('seed', 1); A = randn($n);
    if strcmp(op, 'eig'), A = triu(A) + triu(A, 1)'; end
    mine = Inf; theirs = Inf;
    for r = 1:7
      switch op
        case 'eig', t0 = tic; [V, D] = gpu_eig(A); t = toc(t0); t1 = tic; [V2, D2] = eig(A); u = toc(t1);
        case 'svd', t0 = tic; [U, S, V] = gpu_svd(A); t = toc(t0); t1 = tic; [U2, S2, V2] = svd(A); u = toc(t1);
        otherwise, t0 = tic; X = gpu_inversion(A); t = toc(t0); t1 = tic; X2 = inv(A); u = toc(t1);
      end
      if r > 2, mine = min(mine, t); theirs = min(theirs, u); end
    end
    printf('octave-gpu_%s %d %.4f   octave-builtin-%s %.4f\n', op, $n, mine, op, theirs);
  end
" 2>&1 | grep -v 'ignoring const execution_exception'
