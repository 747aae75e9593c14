% Dominant mode rejection beamforming with gpu_svd (Romer [2] in docs/REFERENCES.md).
% A half-wavelength line array sees a loud interferer and a quiet target in complex baseband
% snapshots. The complex SVD of the snapshot matrix gives the dominant (interference) subspace;
% projecting it out of the steering vector nulls it.
outdir = setup_examples();
example_seed(2);
M = 16; K = 200;                            % sensors, snapshots
steer = @(deg) exp(1i * pi * (0:M-1)' * sind(deg)) / sqrt(M);
tgt = 0; intf = 20;
S = 100 * steer(intf) * (randn(1, K) + 1i * randn(1, K)) / sqrt(2) ...
  + 1 * steer(tgt) * (randn(1, K) + 1i * randn(1, K)) / sqrt(2) ...
  + 0.1 * (randn(M, K) + 1i * randn(M, K)) / sqrt(2);
% the complex SVD of the M x K snapshots (one-sided complex Jacobi; like svd(S, 'econ'))
[U, Sv, V] = gpu_svd(S, 'econ');
s = diag(Sv);
assert(norm(S - U * Sv * V', 'fro') / norm(S, 'fro') < 1e-12);
assert(norm(U' * U - eye(M)) < 1e-12);
assert(max(abs(s - svd(S))) / s(1) < 1e-12);   % agrees with Octave's own svd
d = 1;                                      % dominant modes: one interferer
Ud = U(:, 1:d);
a = steer(tgt);
wConv = a;
wDmr = a - Ud * (Ud' * a);
wDmr = wDmr / abs(wDmr' * a);
angles = -90:0.25:90;
A = cell2mat(arrayfun(@(t) steer(t), angles, 'UniformOutput', false));
pConv = 20 * log10(abs(wConv' * A) / abs(wConv' * a));
pDmr = 20 * log10(abs(wDmr' * A) / abs(wDmr' * a));
gi = find(angles == intf);
fprintf('gain toward the interferer: conventional %.1f dB, DMR %.1f dB\n', pConv(gi), pDmr(gi));
fprintf('singular values: %s\n', mat2str(s(1:4)', 4));
assert(pDmr(gi) < -40);
f = figure();
plot(angles, max(pConv, -80), angles, max(pDmr, -80)); grid on;
legend('conventional', 'dominant mode rejection'); xlabel('angle (deg)'); ylabel('gain (dB)');
title('beam pattern: target 0 deg, interferer 20 deg');
save_figure(f, fullfile(outdir, 'dmr_beamforming.png'));
