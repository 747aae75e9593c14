% Symmetric indefinite eigenproblem through the hyperbolic SVD (seed 003: Novakovic, Singer).
% gpu_eig(M, 'Method', 'hyperbolic') factors M = G J G' (J = diag(+-1)) and runs the one-sided
% hyperbolic Jacobi SVD on G. The plot shows the relative differences of its eigenvalues from the
% standard path (two-sided Jacobi, gpu_eig) and from LAPACK (eig) on a graded indefinite matrix.
outdir = setup_examples();
if ~exist('gpu_hsvd', 'file')
  printf('indefinite_hsvd: SKIPPED, gpu_hsvd is not in this build yet\n');
  return;
end
randn('seed', 4);
n = 48;
[Q, ~] = qr(randn(n));
A = Q * diag((-1) .^ (0:n-1) .* linspace(1, 4, n)) * Q';    % well conditioned, indefinite
d = 10 .^ linspace(0, -5, n)';
M = (d * d') .* A; M = (M + M') / 2;                          % graded: M = D A D
eHyp = gpu_eig(M, 'Method', 'hyperbolic');
eJac = gpu_eig(M);
eLap = eig(M);
[~, k] = sort(abs(eJac)); eHyp = sort(eHyp); eJac = sort(eJac); eLap = sort(eLap);
relJac = abs(eHyp - eJac) ./ abs(eJac);
relLap = abs(eHyp - eLap) ./ abs(eJac);
printf('eigenvalues from %.1e to %.1e in magnitude, %d negative\n', min(abs(eJac)), max(abs(eJac)), sum(eJac < 0));
printf('max relative difference hyperbolic vs two-sided Jacobi %.2e, vs eig %.2e\n', max(relJac), max(relLap));
assert(max(relJac) < 1e-8);
f = figure();
loglog(abs(eJac), max(relJac, eps), 'o', abs(eJac), max(relLap, eps), 'x'); grid on;
legend('vs gpu\_eig (two-sided Jacobi)', 'vs eig (LAPACK)', 'location', 'northeast');
xlabel('|eigenvalue|'); ylabel('relative difference'); title('hyperbolic Jacobi eigenvalues of a graded indefinite matrix');
print(f, fullfile(outdir, 'indefinite_hsvd.png'), '-dpngcairo');
