function varargout = gpu_svd(A, varargin)
%GPU_SVD  Singular value decomposition by one-sided (Hestenes) Jacobi.
%   s = GPU_SVD(A) returns the singular values of the real or complex m x n matrix A as a
%   real column, descending (like SVD).
%   [U, S, V] = GPU_SVD(A) returns U (m x m), S (m x n, diagonal) and V (n x n) with
%   A = U*S*V' (U and V unitary and complex for complex A; S real).
%   [U, S, V] = GPU_SVD(A, 'econ') returns the economy size: U m x k, S k x k, V n x k,
%   k = min(m, n). GPU_SVD(A, 0) is economy size only when m > n, as in SVD.
%   GPU_SVD(..., 'vector') returns the singular values as a column, GPU_SVD(..., 'matrix')
%   as a diagonal matrix, also with one output (SVD's sigmaOption, R2021b).
%
%   3-D arrays are decomposed page by page (like PAGESVD). single in gives single out.
%   Complex input runs on the GPU or the CPU by the same 'Device' rules as real input. One-sided Jacobi keeps small singular values of column-graded matrices to high
%   relative accuracy. Rank-deficient input gives zero singular values and a complete U.
%   A gpuArray input is gathered first (the result is an ordinary array).
%
%   Options (name-value): 'Device' ('auto', 'gpu', 'cpu'), 'Gpus' (GPU indices such as [0 1],
%   default 'all': pages split across them, a large matrix's column blocks too), 'Method' ('auto', the default;
%   'onesided'; 'blocked': blocked one-sided Jacobi, the GPU's choice for single matrices
%   from n = 768 and in single), 'Tol' (relative orthogonality tolerance, default eps(class)*sqrt(n);
%   a value below eps(class) is raised to it, as no test can certify less), 'MaxSweeps' (a whole
%   number; default, or 0: 60), 'Threads' (CPU worker threads, 0 to 1024; default, or 0: one per core).
%   Errors: gpujacobi:nonFinite, gpujacobi:sparseNotSupported, gpujacobi:noGpu, gpujacobi:badOption,
%   gpujacobi:overflow (singular values beyond realmax of the class), gpujacobi:outOfMemory,
%   gpujacobi:tooManyOutputs, gpujacobi:internal.
%   A run that reaches MaxSweeps before Tol warns gpujacobi:notConverged with the sweeps
%   used and the largest column cosine reached. What ran is returned by GPU_INFO('last')
%   or as a fourth output: [U, S, V, info] = GPU_SVD(...).
%
%   Example:
%     A = magic(5); A = A(:, 1:3);
%     [U, S, V] = gpu_svd(A, 'econ');
%     norm(A - U*S*V')
%
%   See also gpu_eig, gpu_inversion, svd.
narginchk(1, Inf);
gj_nargout('gpu_svd', nargout, 4);
econ = false;
zeroForm = false;
args = varargin;
if ~isempty(args) && isnumeric(args{1}) && isscalar(args{1}) && args{1} == 0
  zeroForm = true;
  args = args(2:end);
end
[spec, flags] = gj_options('gpu_svd', args, {'econ', 'vector', 'matrix'});
if any(strcmp(flags, 'vector')) && any(strcmp(flags, 'matrix'))
  error('gpujacobi:badOption', 'gpu_svd: give ''vector'' or ''matrix'', not both');
end
if any(strcmp(flags, 'econ'))
  econ = true;
end
if zeroForm
  econ = size(A, 1) > size(A, 2);
end
wantVectors = nargout > 1;
if ~wantVectors
  spec = [spec, 'vectors=0;'];
elseif econ
  spec = [spec, 'econ=1;'];
end
[r, cls] = gj_call('svd', 'gpu_svd', A, spec, []);
out = gj_usv(r, cls, wantVectors);
if ~wantVectors && any(strcmp(flags, 'matrix'))
  % one output as a matrix: the shape S has in [U, S, V] = svd(A) (or svd(A, 'econ'))
  [m, n, ~] = size(A);
  if econ
    m = min(m, n);
    n = m;
  end
  out{1} = gj_pagediag(out{1}, m, n);
elseif wantVectors && any(strcmp(flags, 'vector'))
  out{2} = gj_fetch(r, 'S', cls);
end
varargout(1:numel(out)) = out;
if nargout > 3
  varargout{4} = gj_report(r);
end
end

%!shared A
%! A = [magic(6), (1:6)'] / 10;
%!test
%! s = gpu_svd(A);
%! assert(s, svd(A), 1e-13 * norm(A));
%!test
%! [U, S, V] = gpu_svd(A);
%! assert(size(U), [6 6]); assert(size(S), [6 7]); assert(size(V), [7 7]);
%! assert(norm(A - U * S * V') / norm(A) < 1e-13);
%! assert(norm(U' * U - eye(6)) < 1e-13); assert(norm(V' * V - eye(7)) < 1e-13);
%!test
%! [U, S, V] = gpu_svd(A', 'econ');
%! assert(size(U), [7 6]); assert(size(S), [6 6]); assert(size(V), [6 6]);
%! assert(norm(A' - U * S * V') / norm(A) < 1e-13);
%!test
%! [U, S, V] = gpu_svd(A', 0);
%! assert(size(U), [7 6]);
%! [U, S, V] = gpu_svd(A, 0);
%! assert(size(U), [6 6]); assert(size(V), [7 7]);
%!test
%! [U, S, V, info] = gpu_svd(single(A), 'Device', 'cpu');
%! assert(class(S), 'single');
%! assert(info.backend, 'cpu'); assert(info.converged);
%! assert(double(diag(S)), svd(A), 1e-5 * norm(A));
%!test
%! P = cat(3, A, -A);
%! s = gpu_svd(P); assert(size(s), [6 1 2]); assert(s(:, 1, 2), svd(A), 1e-13 * norm(A));
%! [U, S, V] = gpu_svd(P); assert(size(S), [6 7 2]);
%! assert(norm(P(:, :, 2) - U(:, :, 2) * S(:, :, 2) * V(:, :, 2)') < 1e-12);
%!test
%! R = ones(5, 3); [U, S, V] = gpu_svd(R);
%! assert(S(2, 2) < 1e-14 * S(1, 1)); assert(norm(U' * U - eye(5)) < 1e-13);
%! assert(gpu_svd(0), 0); assert(isempty(gpu_svd(zeros(0, 3))));
%!error <Gpus must be 'all' or a vector of GPU indices> gpu_svd(magic(3), 'Gpus', {0})
%!error <selects GPUs, but Device is 'cpu'> gpu_svd(magic(3), 'Device', 'cpu', 'Gpus', 1)
%!error <NaN> gpu_svd([1 NaN])
%!error <sparse> gpu_svd(speye(2))
%!error <unknown option> gpu_svd(A, 'Foo', 1)
%!test
%! % SVD's sigmaOption: 'matrix' with one output, 'vector' with three
%! S = gpu_svd(A, 'matrix'); assert(size(S), [6 7]); assert(diag(S), svd(A), 1e-13 * norm(A));
%! S = gpu_svd(A, 'econ', 'matrix'); assert(size(S), [6 6]);
%! s = gpu_svd(A, 'vector'); assert(size(s), [6 1]);
%! [U, s, V] = gpu_svd(A, 'vector'); assert(size(s), [6 1]); assert(size(V), [7 7]);
%! assert(norm(A - U * [diag(s), zeros(6, 1)] * V') < 1e-13 * norm(A));
%! [U, s, V] = gpu_svd(A', 'econ', 'vector'); assert(size(U), [7 6]); assert(size(s), [6 1]);
%!error <not both> gpu_svd(A, 'vector', 'matrix')
%!warning <did not converge> gpu_svd(magic(8), 'MaxSweeps', 1, 'Device', 'cpu');
%!test
%! warning('error', 'gpujacobi:notConverged');
%! try, gpu_svd(magic(8), 'MaxSweeps', 1, 'Device', 'cpu'); id = ''; catch err, id = err.identifier; end
%! warning('on', 'gpujacobi:notConverged');
%! assert(id, 'gpujacobi:notConverged');
%! info = gpu_info('last'); assert(~info.converged);
%!test
%! % complex wide A that stops early: the warning gives the largest column cosine reached (it said NaN)
%! Z = reshape(sin(1:40), 5, 8) + 1i * reshape(cos((1:40) .^ 2), 5, 8);
%! warning('error', 'gpujacobi:notConverged');
%! try, gpu_svd(Z, 'MaxSweeps', 1, 'Device', 'cpu'); msg = ''; catch err, msg = err.message; end
%! warning('on', 'gpujacobi:notConverged');
%! off = sscanf(msg(strfind(msg, 'off-diagonal') + 13:end), '%g');
%! assert(isscalar(off) && off > 1e-12 && off <= 1, msg);
%!error <Invalid call|not enough input> gpu_svd()
%!test
%! % complex A against SVD: real singular values, unitary complex U and V, residual
%! Z = [magic(5), (1:5)'] / 10 + 1i * [(5:-1:1)', magic(5)'] / 7;
%! s = gpu_svd(Z);
%! assert(isreal(s)); assert(s, svd(Z), 1e-13 * norm(Z));
%! [U, S, V] = gpu_svd(Z);
%! assert(size(U), [5 5]); assert(size(S), [5 6]); assert(size(V), [6 6]);
%! assert(~isreal(U) && ~isreal(V) && isreal(S));
%! assert(norm(Z - U * S * V') / norm(Z) < 1e-13);
%! assert(norm(U' * U - eye(5)) < 1e-13); assert(norm(V' * V - eye(6)) < 1e-13);
%! [U, S, V] = gpu_svd(Z.', 'econ');
%! assert(size(U), [6 5]); assert(norm(Z.' - U * S * V') / norm(Z) < 1e-13);
%! [U, S, V] = gpu_svd(single(Z));
%! assert(class(U), 'single'); assert(class(S), 'single'); assert(~isreal(V));
%! assert(norm(double(Z) - double(U) * double(S) * double(V)') / norm(Z) < 1e-5);
%! assert(double(diag(S)), svd(Z), 1e-5 * norm(Z));
%!test
%! % complex pages and a complex scalar
%! Z = [1 2i; 3 - 1i 4; 0.5 1i]; P = cat(3, Z, 1i * Z);
%! s = gpu_svd(P); assert(size(s), [2 1 2]); assert(s(:, 1, 2), svd(Z), 1e-13 * norm(Z));
%! [U, S, V] = gpu_svd(P);
%! for k = 1:2, assert(norm(P(:, :, k) - U(:, :, k) * S(:, :, k) * V(:, :, k)') < 1e-13 * norm(Z)); end
%! assert(gpu_svd(3 - 4i), 5, 1e-14);
%!test
%! % Tol below eps is raised to eps: Tol 0 ran all 60 sweeps and warned that an accurate result was not
%! A = magic(7) + eye(7);
%! warning('error', 'gpujacobi:notConverged');
%! [U, S, V, info] = gpu_svd(A, 'Tol', 0, 'Device', 'cpu');
%! warning('on', 'gpujacobi:notConverged');
%! assert(info.converged); assert(norm(A - U * S * V') / norm(A) < 1e-14);
%!error <gpu_svd: too many outputs> [a, b, c, d, e] = gpu_svd(eye(2))
