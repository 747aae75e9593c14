function varargout = gpu_eig(A, varargin)
%GPU_EIG  Eigenvalues and eigenvectors of symmetric or Hermitian matrices by Jacobi methods.
%   e = GPU_EIG(A) returns the eigenvalues of the real symmetric or complex Hermitian matrix
%   A as a real column, ascending (like EIG for symmetric or Hermitian input).
%   [V, D] = GPU_EIG(A) returns eigenvectors V (orthonormal columns) and the diagonal
%   matrix D, so that A*V = V*D (V unitary and complex for complex A; D real).
%   [V, D, W] = GPU_EIG(A) also returns the left eigenvectors W, W'*A = D*W'; for
%   symmetric A, W = V.
%   GPU_EIG(..., 'vector') returns the eigenvalues as a column, GPU_EIG(..., 'matrix')
%   as a diagonal matrix (also with one output), as EIG's eigvalOption does.
%   'nobalance' is accepted (a symmetric matrix is never balanced) and changes nothing.
%
%   e = GPU_EIG(A, B) and [V, D] = GPU_EIG(A, B) solve the generalized problem
%   A*V = B*V*D for symmetric A and symmetric positive definite B (EIG(A, B) with 'chol'):
%   B = R'*R by Cholesky, then the Jacobi eigendecomposition of inv(R')*A*inv(R); V is
%   B-orthonormal (V'*B*V = I). Other A, B are refused with gpujacobi:generalizedNotSupported.
%   GPU_EIG(A, B, 'chol') is the same call.
%
%   A may be a 3-D array of n x n pages: each page is decomposed (like PAGEEIG), e is
%   n x 1 x p, V is n x n x p and D n x n x p (or n x 1 x p with 'vector').
%   single input gives single output. Complex input uses complex Jacobi rotations, on the GPU or the
%   CPU by the same 'Device' rules as real input;
%   a complex A that is not Hermitian is refused with gpujacobi:notSymmetric. Jacobi computes small eigenvalues of graded matrices
%   to high relative accuracy, which EIG (LAPACK) does not. A gpuArray input is gathered
%   first (the result is an ordinary array).
%
%   Options (name-value):
%     'Device'     'auto' (GPU when present and faster, else CPU), 'gpu', 'cpu'
%     'Gpus'       which GPUs, 0-based as the CUDA driver numbers them (after
%                  CUDA_VISIBLE_DEVICES), e.g. [0 1]; default 'all' visible GPUs. Pages of a
%                  3-D A are split across them; a large matrix (Method 'blocked') spreads its
%                  column blocks over them
%     'Method'     'auto' (the default; info.method says what ran): on the CPU one-sided Jacobi
%                  on the Bunch-Parlett factor of A ('hyperbolic' below, the pivoted Cholesky
%                  factor for a positive definite A), two-sided 'parallel' Jacobi where A is
%                  singular or diagonal; on the GPU batched kernels for small pages, 'blocked'
%                  from n = 768 and in single, else 'parallel'.
%                  'parallel' (chess-tournament two-sided Jacobi; on the GPU a batched kernel
%                  for small pages, else a one-phase MCA kernel), 'cyclic', 'classical',
%                  'hyperbolic' (Bunch-Parlett [9] + hyperbolic SVD [4]: every eigenvalue to
%                  high relative accuracy; A must be nonsingular), GPU memory access methods
%                  'ta', 'ma', 'sa', 'mca' (on the CPU: 'parallel'); 'blocked' (GPU: blocked
%                  one-sided Jacobi on the Cholesky factor of a positive definite A, on the
%                  Bunch-Parlett factor with hyperbolic rotations for an indefinite one, two-sided
%                  Jacobi for a singular one; on the CPU the same as 'auto')
%     'Tol'        relative off-diagonal tolerance (default eps(class)*sqrt(n); a value below
%                  eps(class) is raised to it, as no test can certify less)
%     'MaxSweeps'  sweep limit, a whole number (default, or 0: 60)
%     'Threads'    CPU worker threads, 0 to 1024 (default, or 0: one per core)
%
%   A run that reaches MaxSweeps before Tol warns gpujacobi:notConverged with the sweeps
%   used and the relative off-diagonal reached. What ran (backend, method, sweeps,
%   converged, time) is returned by GPU_INFO('last') after the call, or as a fourth
%   output: [V, D, W, info] = GPU_EIG(...).
%
%   Errors: gpujacobi:notSquare, gpujacobi:notSymmetric, gpujacobi:nonFinite,
%   gpujacobi:complexNotSupported (complex A or B with B), gpujacobi:sparseNotSupported, gpujacobi:noGpu,
%   gpujacobi:singularMatrix (Method 'hyperbolic' on a singular A),
%   gpujacobi:generalizedNotSupported, gpujacobi:badOption, gpujacobi:overflow (eigenvalues beyond
%   realmax of the class), gpujacobi:tooManyOutputs, gpujacobi:internal.
%
%   Example:
%     A = gallery('moler', 6);
%     [V, D] = gpu_eig(A);
%     norm(A*V - V*D) / norm(A)
%
%   References [n]: docs/REFERENCES.md in the gpujacobi repository.
%
%   See also gpu_svd, gpu_inversion, gpu_info, eig.
narginchk(1, Inf);
gj_nargout('gpu_eig', nargout, 4);
B = [];
args = varargin;
if ~isempty(args) && ~ischar(args{1})
  B = args{1};
  args = args(2:end);
end
[spec, flags] = gj_options('gpu_eig', args, {'vector', 'matrix', 'nobalance', 'balance', 'chol'});
if any(strcmp(flags, 'vector')) && any(strcmp(flags, 'matrix'))
  error('gpujacobi:badOption', 'gpu_eig: give ''vector'' or ''matrix'', not both');
end
if any(strcmp(flags, 'chol')) && ~isempty(varargin) && ischar(varargin{1})
  error('gpujacobi:badOption', 'gpu_eig: ''chol'' applies to the generalized problem gpu_eig(A, B, ''chol'')');
end
if nargin > 1 && ~ischar(varargin{1})
  varargout = cell(1, max(1, nargout));
  [varargout{:}] = gj_generalized(A, B, spec, flags, nargout);
  return;
end
wantVectors = nargout > 1;
if ~wantVectors
  spec = [spec, 'vectors=0;'];
end
[r, cls] = gj_call('eig', 'gpu_eig', A, spec, []);
d = gj_fetch(r, 'D', cls);
asMatrix = any(strcmp(flags, 'matrix')) || (wantVectors && ~any(strcmp(flags, 'vector')));
if asMatrix
  D = gj_pagediag(d, size(d, 1), size(d, 1));
else
  D = d;
end
if ~wantVectors
  varargout{1} = D;
  return;
end
V = gj_fetch(r, 'V', cls);
varargout{1} = V;
varargout{2} = D;
if nargout > 2
  varargout{3} = V;  % left eigenvectors of a symmetric matrix
end
if nargout > 3
  varargout{4} = gj_report(r);
end
end

function varargout = gj_generalized(A, B, spec, flags, nout)
% A*V = B*V*D for symmetric A, symmetric positive definite B: B = R'*R, C = inv(R')*A*inv(R),
% C*Y = Y*D by Jacobi, V = inv(R)*Y (so V'*B*V = I), as EIG(A, B, 'chol') does.
what = 'gpu_eig(A, B) supports symmetric A and symmetric positive definite B of the same size (2-D, real)';
if (isnumeric(A) && ~isreal(A)) || (isnumeric(B) && ~isreal(B))
  error('gpujacobi:complexNotSupported', 'gpu_eig: the generalized problem gpu_eig(A, B) supports real A and B only');
end
if issparse(A) || issparse(B)
  error('gpujacobi:sparseNotSupported', 'gpu_eig: %s is sparse; the generalized problem takes full matrices (use full)', ...
    char('A' * issparse(A) + 'B' * (~issparse(A))));
end
if ~(isnumeric(B) || islogical(B)) || ndims(B) > 2 || ~isequal(size(A), size(B)) ...
    || ~(isnumeric(A) || islogical(A)) || ndims(A) > 2 || size(A, 1) ~= size(A, 2)
  error('gpujacobi:generalizedNotSupported', '%s; got A %s %s and B %s %s', what, ...
    mat2str(size(A)), class(A), mat2str(size(B)), class(B));
end
if isa(A, 'single') || isa(B, 'single')
  cls = 'single';
else
  cls = 'double';
end
A = double(A);
B = double(B);
if ~all(isfinite(B(:)))
  error('gpujacobi:nonFinite', 'gpu_eig: B contains NaN or Inf');
end
if norm(B - B', 1) > 64 * eps * norm(B, 1)
  error('gpujacobi:generalizedNotSupported', '%s; B is not symmetric', what);
end
if isempty(B)
  R = zeros(0);  % Octave's chol of a 0x0 matrix returns no second output
  p = 0;
else
  [R, p] = chol((B + B') / 2);
end
if p ~= 0
  error('gpujacobi:generalizedNotSupported', '%s; B is not positive definite (Cholesky failed at column %d)', what, p);
end
C = (R' \ A) / R;
C = (C + C') / 2;
if strcmp(cls, 'single')
  C = single(C);
end
opts = {};
for k = 1:numel(flags)
  if any(strcmp(flags{k}, {'vector', 'matrix'}))
    opts{end + 1} = flags{k}; %#ok<AGROW>
  end
end
if nout <= 1
  [r, c] = gj_call('eig', 'gpu_eig', check_symmetric(A, C), [spec, 'vectors=0;'], []);
  d = gj_fetch(r, 'D', c);
  if any(strcmp(opts, 'matrix'))
    d = diag(d);
  end
  varargout{1} = d;
  return;
end
[r, c] = gj_call('eig', 'gpu_eig', check_symmetric(A, C), spec, []);
d = gj_fetch(r, 'D', c);
Y = gj_fetch(r, 'V', c);
V = cast(R \ double(Y), cls);
if any(strcmp(opts, 'vector'))
  D = d;
else
  D = diag(d);
end
varargout{1} = V;
varargout{2} = D;
if nout > 2
  varargout{3} = V;  % symmetric-definite pencil: the left eigenvectors are the right ones
end
if nout > 3
  varargout{4} = gj_report(r);
end
end

function C = check_symmetric(A, C)
% A must be symmetric itself (as gpu_eig(A) requires); C inherits its symmetry.
if ~all(isfinite(A(:)))
  error('gpujacobi:nonFinite', 'gpu_eig: A contains NaN or Inf');
end
if norm(A - A', 1) > 64 * eps * max(norm(A, 1), realmin)
  error('gpujacobi:generalizedNotSupported', ['gpu_eig(A, B) supports symmetric A and symmetric ', ...
    'positive definite B of the same size (2-D, real); A is not symmetric']);
end
end

%!shared A, n
%! n = 9; B = magic(n) / 10; A = B + B';
%!test
%! e = gpu_eig(A);
%! assert(size(e), [n 1]);
%! assert(e, eig(A), 1e-12 * norm(A));
%! assert(issorted(e));
%!test
%! [V, D] = gpu_eig(A);
%! assert(isdiag(D));
%! assert(norm(A * V - V * D) / norm(A) < 1e-13);
%! assert(norm(V' * V - eye(n)) < 1e-13);
%!test
%! [V, d] = gpu_eig(A, 'vector');
%! assert(size(d), [n 1]);
%! assert(norm(A * V - V * diag(d)) / norm(A) < 1e-13);
%!test
%! [V, D, W, info] = gpu_eig(A, 'Device', 'cpu', 'Method', 'cyclic', 'Tol', 1e-14, 'MaxSweeps', 30);
%! assert(W, V);
%! last = gpu_info('last'); assert(last.method, 'cyclic'); assert(last.sweeps, info.sweeps);
%! assert(info.backend, 'cpu');
%! assert(info.method, 'cyclic');
%! assert(info.converged);
%! assert(info.sweeps > 0 && info.sweeps <= 30);
%! assert(norm(A * V - V * D) / norm(A) < 1e-13);
%!test
%! e = gpu_eig(single(A));
%! assert(class(e), 'single');
%! assert(double(e), eig(A), 1e-4 * norm(A));
%!test
%! [V, D] = gpu_eig(single(A));
%! assert(class(V), 'single');
%! assert(norm(double(A) * double(V) - double(V) * double(D)) / norm(A) < 1e-5);
%!test
%! P = cat(3, A, 2 * A, eye(n));
%! e = gpu_eig(P);
%! assert(size(e), [n 1 3]);
%! assert(e(:, 1, 2), eig(2 * A), 1e-12 * norm(A));
%! [V, D] = gpu_eig(P);
%! assert(size(D), [n n 3]);
%! assert(norm(P(:, :, 2) * V(:, :, 2) - V(:, :, 2) * D(:, :, 2)) < 1e-12 * norm(A));
%!test
%! assert(gpu_eig(5), 5);
%! assert(isempty(gpu_eig(zeros(0, 0))));
%! assert(gpu_eig(diag([3 1 2])), [1; 2; 3]);
%! [V, D] = gpu_eig(zeros(4)); assert(D, zeros(4)); assert(norm(V' * V - eye(4)) < 1e-15);
%!test
%! assert(gpu_eig(int32([2 1; 1 2])), [1; 3], 1e-14);
%!test
%! % graded matrix: relative accuracy of the small eigenvalues (Jacobi's advantage)
%! m = 12; D = diag(10 .^ (-(0:m-1) * 10 / (m - 1))); H = eye(m) + 0.1 * (ones(m) - eye(m));
%! G = D * H * D; e = gpu_eig(G); e2 = sort(eig(H * D * D));
%! assert(all(abs(e - e2) ./ abs(e2) < 1e-8));
%!test
%! % Method 'hyperbolic': graded indefinite matrix, every eigenvalue to relative accuracy
%! m = 12; D = diag(10 .^ (-(0:m-1) * 8 / (m - 1)));
%! H = kron(eye(m / 2), [1 2; 2 1]); p = [1:2:m, 2:2:m]; H = H(p, p) + 0.1 * (ones(m) - eye(m));
%! M = D * H * D; [V, E, ~, info] = gpu_eig(M, 'Method', 'hyperbolic');
%! assert(info.method, 'hyperbolic');
%! e = sort(eig(H * D * D)); d = diag(E);
%! assert(any(d < 0) && any(d > 0));
%! assert(all(abs(d - e) ./ abs(e) < 1e-8));
%! assert(norm(M * V - V * E) < 1e-14); assert(norm(V' * V - eye(m)) < 1e-13);
%!error <singular> gpu_eig([1 2; 2 4], 'Method', 'hyperbolic')
%!error <must be square> gpu_eig(ones(2, 3))
%!error <must be symmetric> gpu_eig([1 2; 3 4])
%!error <NaN> gpu_eig([1 NaN; NaN 1])
%!error <must be Hermitian> gpu_eig([1 1i; 1i 1])
%!error <real A and B only> gpu_eig([1 1i; -1i 1], eye(2))
%!error <sparse> gpu_eig(speye(3))
%!error <unknown Method> gpu_eig(A, 'Method', 'qr')
%!error <unknown option> gpu_eig(A, 'Colour', 'red')
%!error <Gpus must be 'all' or a vector of GPU indices> gpu_eig(A, 'Gpus', -1)
%!error <Gpus must be 'all' or a vector of GPU indices> gpu_eig(A, 'Gpus', [0 1.5])
%!error <Gpus must be 'all' or a vector of GPU indices> gpu_eig(A, 'Gpus', [])
%!error <Gpus must be 'all' or a vector of GPU indices> gpu_eig(A, 'Gpus', 'first')
%!error <Gpus must be 'all' or a vector of GPU indices> gpu_eig(A, 'Gpus', '0,,x')
%!error <needs a value> gpu_eig(A, 'Gpus')
%!error <selects GPUs, but Device is 'cpu'> gpu_eig(A, 'Device', 'cpu', 'Gpus', [0 1])
%!test
%! % 'Gpus' crosses the bridge and is accepted; without a GPU, Device 'auto' runs on the CPU
%! e = gpu_eig(A, 'Gpus', 'all'); assert(e, eig(A), 1e-12 * norm(A));
%! e = gpu_eig(A, 'Gpus', '0'); assert(e, eig(A), 1e-12 * norm(A));  % a list as text, as batch --gpus
%! b = gpu_info().backends;
%! if ~any(strcmp({b([b.available]).name}, 'cuda'))
%!   e = gpu_eig(cat(3, A, 2 * A), 'Gpus', [0 0]); assert(e(:, :, 2), 2 * eig(A), 1e-12 * norm(A));
%! end
%!error <numeric> gpu_eig({1})
%!test
%! try, gpu_eig(ones(2, 3)); catch err, assert(err.identifier, 'gpujacobi:notSquare'); end
%! try, gpu_eig([1 2; 3 4]); catch err, assert(err.identifier, 'gpujacobi:notSymmetric'); end
%! try, gpu_eig([1 Inf; Inf 1]); catch err, assert(err.identifier, 'gpujacobi:nonFinite'); end
%! try, gpu_eig([1 1i; 1i 1]); catch err, assert(err.identifier, 'gpujacobi:notSymmetric'); end
%! try, gpu_eig([1 1i; -1i 1], eye(2)); catch err, assert(err.identifier, 'gpujacobi:complexNotSupported'); end
%! try, gpu_eig(speye(2)); catch err, assert(err.identifier, 'gpujacobi:sparseNotSupported'); end
%!test
%! info = gpu_info();
%! if ~info.gpu
%!   try, gpu_eig(A, 'Device', 'gpu'); error('no error'); catch err, assert(err.identifier, 'gpujacobi:noGpu'); end
%! end
%!test
%! % call forms of EIG: 'matrix' with one output, 'vector' with two, 'nobalance', W = V
%! D = gpu_eig(A, 'matrix'); assert(size(D), [n n]); assert(isdiag(D)); assert(diag(D), eig(A), 1e-12 * norm(A));
%! e = gpu_eig(A, 'vector'); assert(size(e), [n 1]);
%! [V, d] = gpu_eig(A, 'nobalance', 'vector'); assert(size(d), [n 1]);
%! [V, D, W] = gpu_eig(A); assert(W, V); assert(norm(W' * A - D * W') < 1e-12 * norm(A));
%! D3 = gpu_eig(cat(3, A, A), 'matrix'); assert(size(D3), [n n 2]);
%!error <not both> gpu_eig(A, 'vector', 'matrix')
%!test
%! % MaxSweeps too small: a warning with the sweeps and the off-diagonal reached
%! warning('error', 'gpujacobi:notConverged');
%! try, gpu_eig(A, 'MaxSweeps', 1, 'Device', 'cpu'); msg = ''; id = ''; catch err, msg = err.message; id = err.identifier; end
%! warning('on', 'gpujacobi:notConverged');
%! assert(id, 'gpujacobi:notConverged');
%! assert(~isempty(strfind(msg, '1 sweeps')));
%! off = sscanf(msg(strfind(msg, 'off-diagonal') + 13:end), '%g');
%! assert(off > 1e-6 && off < 1);
%! info = gpu_info('last'); assert(~info.converged);
%!test
%! % ... and still a result of the right size
%! warning('off', 'gpujacobi:notConverged');
%! e = gpu_eig(A, 'MaxSweeps', 1, 'Device', 'cpu');
%! warning('on', 'gpujacobi:notConverged');
%! assert(size(e), [n 1]);
%!warning <did not converge> gpu_eig(A, 'MaxSweeps', 1, 'Device', 'cpu');
%!test
%! % complex A that stops early: the warning gives the off-diagonal reached (it said NaN)
%! Z = gallery('lehmer', 6) + 1i * (triu(magic(6), 1) - triu(magic(6), 1)') / 40;
%! warning('error', 'gpujacobi:notConverged');
%! try, gpu_eig(Z, 'MaxSweeps', 1, 'Device', 'cpu'); msg = ''; catch err, msg = err.message; end
%! warning('on', 'gpujacobi:notConverged');
%! off = sscanf(msg(strfind(msg, 'off-diagonal') + 13:end), '%g');
%! assert(isscalar(off) && off > 1e-8 && off < 1, msg);
%! info = gpu_info('last'); assert(info.method, 'hyperbolic'); % indefinite: the real route on the embedding
%!warning <did not converge> [V, D] = gpu_eig(A, 'MaxSweeps', 1, 'Device', 'cpu');
%!test
%! % generalized symmetric-definite problem against EIG(A, B)
%! B = gallery('lehmer', n) + eye(n);
%! [V, D] = gpu_eig(A, B);
%! assert(norm(A * V - B * V * D) / (norm(A) + norm(B)) < 1e-12);
%! assert(norm(V' * B * V - eye(n)) < 1e-12);
%! assert(diag(D), sort(eig(A, B)), 1e-10 * norm(A));
%! e = gpu_eig(A, B); assert(e, diag(D), 1e-10 * norm(A));
%! [V, d] = gpu_eig(A, B, 'chol', 'vector'); assert(size(d), [n 1]);
%! es = gpu_eig(single(A), single(B)); assert(class(es), 'single');
%!error <positive definite> gpu_eig(A, -eye(9))
%!error <B is not symmetric> gpu_eig(A, magic(9))
%!error <A is not symmetric> gpu_eig(magic(9), eye(9))
%!error <supports symmetric A> gpu_eig(A, eye(3))
%!test
%! try, gpu_eig(A, -eye(9)); catch err, assert(err.identifier, 'gpujacobi:generalizedNotSupported'); end
%!error <Invalid call|not enough input> gpu_eig()
%!error <Tol must be a real number> gpu_eig(A, 'Tol', 'x')
%!test
%! [V, D] = gpu_eig(A, 'Threads', 1, 'Device', 'cpu');
%! assert(norm(A * V - V * D) / norm(A) < 1e-13);
%!test
%! % complex Hermitian A against EIG: real eigenvalues, unitary complex V, residual
%! n = 7; Z = reshape(mod((1:n^2) * 37, 11), n, n) / 11 + 1i * reshape(mod((1:n^2) * 53, 13), n, n) / 13;
%! H = Z + Z';
%! e = gpu_eig(H);
%! assert(isreal(e)); assert(size(e), [n 1]);
%! assert(e, sort(real(eig(H))), 1e-12 * norm(H));
%! [V, D] = gpu_eig(H);
%! assert(~isreal(V)); assert(isreal(D)); assert(isdiag(D));
%! assert(norm(H * V - V * D) / norm(H) < 1e-13);
%! assert(norm(V' * V - eye(n)) < 1e-13);
%! [V, D] = gpu_eig(single(H));
%! assert(class(V), 'single'); assert(class(D), 'single'); assert(~isreal(V));
%! assert(norm(double(H) * double(V) - double(V) * double(D)) / norm(H) < 1e-5);
%! assert(diag(double(D)), sort(real(eig(H))), 1e-5 * norm(H));
%!test
%! % complex Hermitian pages, a scalar and a 1x1 complex page
%! Z = [2, 1 - 2i, 0.5i; 1 + 2i, -1, 3; -0.5i, 3, 4]; P = cat(3, Z, 2 * Z, eye(3));
%! e = gpu_eig(P); assert(size(e), [3 1 3]);
%! assert(e(:, 1, 2), sort(real(eig(2 * Z))), 1e-12 * norm(Z));
%! [V, D] = gpu_eig(P); assert(size(V), [3 3 3]);
%! for k = 1:3, assert(norm(P(:, :, k) * V(:, :, k) - V(:, :, k) * D(:, :, k)) < 1e-12 * norm(Z)); end
%! assert(gpu_eig(complex(5, 0)), 5);
%!error <gpu_eig: Threads must be 0 \(one per core\) to 1024> gpu_eig(eye(3), 'Threads', 100000)
%!error <gpu_eig: MaxSweeps must be a whole number> gpu_eig(eye(3), 'MaxSweeps', 2.5)
%!error <gpu_eig: Tol must be a finite number> gpu_eig(eye(3), 'Tol', Inf)
%!error <gpu_eig: unknown device 'tpu'> gpu_eig(eye(3), 'Device', 'tpu')
%!error <gpu_eig: B is sparse> gpu_eig(eye(3), speye(3))
%!test
%! id = ''; try, [a, b, c, d, e] = gpu_eig(eye(2)); catch err, id = err.identifier; msg = err.message; end
%! assert(id, 'gpujacobi:tooManyOutputs'); assert(strncmp(msg, 'gpu_eig: too many outputs', 25));
%!test
%! % the eigenvalue 2 realmax overflows: gpujacobi:overflow, not an internal error
%! id = ''; try, gpu_eig(realmax * ones(2), 'Device', 'cpu'); catch err, id = err.identifier; end
%! assert(id, 'gpujacobi:overflow');
%!test
%! % the generalized problem of order 0, as eig(zeros(0), zeros(0))
%! assert(size(gpu_eig(zeros(0), zeros(0))), [0 1]);
%! [V, D] = gpu_eig(zeros(0), zeros(0)); assert(size(V), [0 0]); assert(size(D), [0 0]);
