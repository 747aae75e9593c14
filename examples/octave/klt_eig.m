% KLT of correlated signals with gpu_eig (Torun, Yilmaz, Akansu [1] in docs/REFERENCES.md).
% An AR(1) source gives a Toeplitz covariance; its eigenvectors (the KLT) decorrelate the signal.
outdir = setup_examples();
example_seed(1);
n = 64; rho = 0.95; N = 4000;
R = toeplitz(rho .^ (0:n-1));
X = chol(R)' * randn(n, N);                 % N correlated signal vectors
C = (X * X') / N;                           % sample covariance
C = (C + C') / 2;
[V, D] = gpu_eig(C);
info = gpu_info('last');                   % what ran: backend, sweeps, time
Y = V' * X;                                 % the KLT
Cy = (Y * Y') / N;
offBefore = norm(C - diag(diag(C)), 'fro') / norm(C, 'fro');
offAfter = norm(Cy - diag(diag(Cy)), 'fro') / norm(Cy, 'fro');
fprintf('off-diagonal covariance energy: before %.3f, after %.2e\n', offBefore, offAfter);
fprintf('residual ||CV-VD||/||C|| = %.2e, backend %s, %d sweeps\n', norm(C*V - V*D) / norm(C), info.backend, info.sweeps);
assert(offAfter < 1e-10);
e = sort(diag(D), 'descend');
f = figure();
L = @(X) log10(abs(X) + 1e-16);
subplot(1, 3, 1); imagesc(L(C), [-16 1]); axis square off; title('log10|cov| before');
subplot(1, 3, 2); imagesc(L(Cy), [-16 1]); axis square off; title('log10|cov| after KLT'); colorbar;
subplot(1, 3, 3); semilogy(e, 'o-'); title('eigenvalue spectrum'); xlabel('index');
save_figure(f, fullfile(outdir, 'klt_eig.png'), 1100, 380);
