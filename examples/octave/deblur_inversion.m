% Image deblurring f = (H H' + lambda I)^-1 H' g with gpu_inversion (Soriano Pinedo [5] in docs/REFERENCES.md).
% A 1-D Gaussian blur H acts on the columns of a small image; the regularised inverse is formed once.
outdir = setup_examples();
example_seed(3);
n = 64;
[x, y] = meshgrid(1:n);
img = double((x - 32).^2 + (y - 32).^2 < 15^2) + 0.5 * double(abs(x - 15) < 5 & abs(y - 48) < 10);
k = exp(-((-4:4) .^ 2) / (2 * 2^2)); k = k / sum(k);
H = toeplitz([k(5:end), zeros(1, n - 5)]);
g = H * img + 0.01 * randn(n);
lambdas = [1e-4, 1e-3, 1e-2, 1e-1];
mse = zeros(size(lambdas));
for j = 1:numel(lambdas)
  Ainv = gpu_inversion(H * H' + lambdas(j) * eye(n));
  fj = Ainv * (H' * g);                     % f = (H H' + lambda I)^-1 H' g
  mse(j) = mean((fj(:) - img(:)) .^ 2);
  if j == 1 || mse(j) < min(mse(1:j-1))
    best = fj;
  end
end
fprintf('lambda      MSE\n'); fprintf('%-10g  %.5f\n', [lambdas; mse]);
fprintf('blurred MSE %.5f\n', mean((g(:) - img(:)) .^ 2));
assert(min(mse) < mean((g(:) - img(:)) .^ 2));
f = figure(); colormap(gray);
subplot(1, 3, 1); imagesc(img); axis image off; title('original');
subplot(1, 3, 2); imagesc(g); axis image off; title('blurred + noise');
subplot(1, 3, 3); imagesc(best); axis image off; title('recovered');
save_figure(f, fullfile(outdir, 'deblur_inversion.png'), 1100, 380);
