% Symmetric indefinite eigenproblem through the hyperbolic SVD (Novakovic, Singer; docs/hsvd.md).
% M = G*diag(J)*G' is graded (M = P D A D P', A well conditioned and indefinite, D from 1 to 1e-7,
% P a random permutation). The reference is the hyperbolic SVD of the factor G itself, which never
% forms M: its eigenvalues are diag(S).^2 .* Js. Against it, the plot shows the relative errors of
% gpu_eig(M) with the default Method 'auto' (on the CPU: Bunch-Parlett factorization + hyperbolic
% one-sided Jacobi, the report names it), of the two-sided Jacobi gpu_eig(M, 'Method', 'parallel')
% and of LAPACK's eig(M).
outdir = setup_examples();
example_seed(4);
n = 48;
[Q, ~] = qr(randn(n));
mu = (-1) .^ (0:n-1)' .* linspace(1, 4, n)';               % spectrum of A: both signs, well conditioned
d = 10 .^ linspace(0, -7, n)';
P = eye(n); P = P(randperm(n), :);
G = P * diag(d) * Q * diag(sqrt(abs(mu)));                 % M = G J G' = P D (Q diag(mu) Q') D P'
J = sign(mu);
M = G * diag(J) * G'; M = (M + M') / 2;
[~, S, ~, Js] = gpu_hsvd(G, J);
eRef = sort(diag(S) .^ 2 .* Js);
eDef = sort(gpu_eig(M));
rep = gpu_info('last');
ePar = sort(gpu_eig(M, 'Method', 'parallel'));
eLap = sort(eig(M));
rel = @(e) max(abs(e - eRef) ./ abs(eRef), 1e-17);
fprintf('eigenvalues from %.1e to %.1e in magnitude, %d negative\n', min(abs(eRef)), max(abs(eRef)), sum(eRef < 0));
fprintf('largest relative error against the factor''s hsvd: default (%s, method %s) %.1e, Method parallel %.1e, eig (LAPACK) %.1e\n', ...
       rep.backend, rep.method, max(rel(eDef)), max(rel(ePar)), max(rel(eLap)));
if strcmp(rep.backend, 'cpu')
  assert(max(rel(eDef)) < 1e-10);
end
f = figure();
loglog(abs(eRef), rel(eDef), 'o', abs(eRef), rel(ePar), 'd', abs(eRef), rel(eLap), 'x'); grid on;
h = legend(sprintf('gpu_eig default (%s)', rep.method), 'gpu_eig, Method parallel (two-sided)', 'eig (LAPACK)', ...
           'location', 'northeast');
set(h, 'interpreter', 'none');
xlabel('|eigenvalue|'); ylabel('relative error'); title('eigenvalues of a graded indefinite matrix');
save_figure(f, fullfile(outdir, 'indefinite_hsvd.png'));
