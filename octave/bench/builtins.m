function builtins(sizes)
%BUILTINS  The toolbox against Octave's (or MATLAB's) own eig, svd and inv: median of 3 warm calls
%   per size; then a graded symmetric positive definite 40 x 40 matrix (10 decades) whose eigenvalues
%   are written with those of gpu_eig and eig to graded.txt for a high-precision check
%   (octave/bench/builtins.sh does it with mpmath).
addpath(fullfile(fileparts(mfilename('fullpath')), '..', '..', 'matlab', 'gpujacobi'));
randn('seed', 1);
fprintf('%-5s %5s %14s %10s %8s\n', 'op', 'n', 'gpujacobi (ms)', 'built-in', 'ratio');
for n = sizes
  B = randn(n); S = (B + B') / 2; X = B + n * eye(n);
  report('eig', n, @() gpu_eig(S), @() eig(S));
  report('svd', n, @() gpu_svd(B), @() svd(B));
  report('inv', n, @() gpu_inversion(X), @() inv(X));
end
m = 40; D = diag(10 .^ linspace(0, -10, m)); H = eye(m) + 0.1 * (ones(m) - eye(m));
G = D * H * D; G = (G + G') / 2;
fid = fopen('graded.txt', 'w');
fprintf(fid, '%.17g\n', G(:)); fprintf(fid, '%.17g\n', gpu_eig(G)); fprintf(fid, '%.17g\n', sort(eig(G)));
fclose(fid);
end

function report(op, n, ours, builtin)
ours(); builtin();   % warm-up
t = [med(ours), med(builtin)];
fprintf('%-5s %5d %14.1f %10.1f %8.2f\n', op, n, 1e3 * t, t(1) / t(2));
end

function t = med(f)
t = zeros(1, 3);
for k = 1:3
  t0 = tic; f(); t(k) = toc(t0);
end
t = median(t);
end
