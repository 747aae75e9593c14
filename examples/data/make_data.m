% Regenerates the bundled example .mat files (run from this folder: octave --no-gui make_data.m).
% Small on purpose: the README's main command converts them in seconds.
rand('seed', 1); randn('seed', 1);
% covariance matrices of correlated signals (KLT, [1] in docs/REFERENCES.md)
n = 16; t = (0:199)';
X = [sin(0.05 * t * (1:n)) + 0.1 * randn(200, n)];
C_signals = cov(X);
C_ar1 = toeplitz(0.9 .^ (0:n-1));
save('-v7', 'covariances.mat', 'C_signals', 'C_ar1');
% a page array of 8 symmetric 12x12 matrices (pageeig-style)
pages = zeros(12, 12, 8);
for k = 1:8
  B = randn(12);
  pages(:, :, k) = B + B';
end
save('-v7', 'pages.mat', 'pages');
% an SPD system matrix (discrete 2-D Laplacian), saved as -v6 (uncompressed)
K = full(gallery('poisson', 5));
save('-v6', 'system.mat', 'K');
% a single-precision snapshot matrix (sensors x snapshots) for the SVD
snapshots = single(randn(20, 6));
save('-v7', 'snapshots.mat', 'snapshots');
