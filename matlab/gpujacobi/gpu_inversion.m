function varargout = gpu_inversion(A, varargin)
%GPU_INVERSION  Matrix inverse by Gauss-Jordan elimination or Cholesky.
%   X = GPU_INVERSION(A) returns the inverse of the square (real or complex) matrix A, like
%   INV; complex A gives a complex X (on the GPU or the CPU by the same 'Device' rules as real A).
%   A symmetric positive definite A is inverted through its Cholesky factor; otherwise
%   Gauss-Jordan elimination with partial pivoting runs.
%   [X, rc] = GPU_INVERSION(A) also returns the reciprocal condition estimate (1-norm) of
%   each page, 1 x 1 x p, as PAGEINV does.
%   [X, rc, info] = GPU_INVERSION(A) also returns what ran (GPU_INFO('last') returns the
%   same after any call).
%
%   Like INV: a singular matrix gives a warning and Inf entries; a nearly singular one
%   (RCOND < eps) a warning with RCOND; a page holding NaN or Inf gives NaN entries and the
%   singular-matrix warning. The warnings carry the identifiers of the platform's own INV
%   (MATLAB:singularMatrix and MATLAB:nearlySingularMatrix in MATLAB,
%   Octave:singular-matrix and Octave:nearly-singular-matrix in Octave), so
%   warning('off', ...) lines written for INV apply.
%   3-D arrays are inverted page by page (like PAGEINV). single in gives single out.
%   A gpuArray input is gathered first (the result is an ordinary array).
%
%   Options (name-value): 'Device' ('auto', 'gpu', 'cpu'), 'Gpus' (GPU indices such as [0 1], default 'all'), 'Method' ('auto',
%   the default: Cholesky for a symmetric positive definite A, else Gauss-Jordan; 'gaussjordan', 'cholesky'), 'Threads' (CPU worker threads, 0 to 1024; default, or 0: one per
%   core). The Jacobi options 'Tol' and 'MaxSweeps' do not apply and are refused.
%   Errors: gpujacobi:notSquare, gpujacobi:notPositiveDefinite (Method 'cholesky' on a matrix that
%   is not symmetric or Hermitian positive definite), gpujacobi:badOption, gpujacobi:noGpu,
%   gpujacobi:tooManyOutputs, gpujacobi:internal.
%
%   Example:
%     A = gallery('lehmer', 5);
%     X = gpu_inversion(A);
%     norm(A*X - eye(5))
%
%   See also gpu_eig, gpu_svd, inv.
narginchk(1, Inf);
gj_nargout('gpu_inversion', nargout, 3);
spec = gj_options('gpu_inversion', varargin, {}, {'Device', 'Gpus', 'Method', 'Threads'});
[m, n, p] = size(A);
bad = false(1, p);
if (isnumeric(A) || islogical(A)) && m == n && ~issparse(A) && ndims(A) <= 3
  % pages holding NaN or Inf are inverted as INV does (NaN result, a warning), not refused
  for k = 1:p
    page = A(:, :, k);
    bad(k) = ~all(isfinite(page(:)));
  end
  if any(bad)
    A(:, :, bad) = repmat(eye(n, class(A)), [1, 1, nnz(bad)]);
  end
end
[r, cls] = gj_call('inv', 'gpu_inversion', A, spec, []);
X = gj_fetch(r, 'X', cls);
rc = reshape(double(r.pageRcond()), 1, 1, []);
if any(bad)
  X(:, :, bad) = NaN;
  rc(bad) = NaN;
end
rc = cast(rc, cls);
[singularId, nearlyId] = gj_inv_warnings();
if r.singular() || any(bad)
  warning(singularId, 'Matrix is singular to working precision.');
elseif min(rc(:)) < eps(cls)
  warning(nearlyId, ...
    'Matrix is close to singular or badly scaled. Results may be inaccurate. RCOND = %e.', min(rc(:)));
end
varargout{1} = X;
if nargout > 1
  varargout{2} = rc;
end
if nargout > 2
  varargout{3} = gj_report(r);
end
end

%!function [s, n] = inv_ids()
%!  if exist('OCTAVE_VERSION', 'builtin'), s = 'Octave:singular-matrix'; n = 'Octave:nearly-singular-matrix';
%!  else, s = 'MATLAB:singularMatrix'; n = 'MATLAB:nearlySingularMatrix'; end
%!endfunction
%!shared A, S
%! A = magic(4) + eye(4); S = [4 1 0; 1 4 1; 0 1 4];
%!test
%! assert(gpu_inversion(A), inv(A), 1e-13 * norm(inv(A)));
%!test
%! [X, rc, info] = gpu_inversion(S);
%! assert(info.method, 'cholesky');
%! assert(X, inv(S), 1e-14);
%! assert(rc > 0.1); assert(rc, rcond(S), 0.5 * rcond(S));
%!test
%! [X, ~, info] = gpu_inversion(A, 'Method', 'gaussjordan', 'Device', 'cpu');
%! assert(info.method, 'gaussjordan');
%! assert(norm(A * X - eye(4)) < 1e-13);
%!test
%! X = gpu_inversion(single(A));
%! assert(class(X), 'single');
%! assert(double(X), inv(A), 1e-5);
%!test
%! P = cat(3, A, 2 * eye(4));
%! X = gpu_inversion(P);
%! assert(size(X), [4 4 2]); assert(X(:, :, 2), 0.5 * eye(4), 1e-15);
%!test
%! assert(gpu_inversion(4), 0.25);
%! assert(isempty(gpu_inversion(zeros(0))));
%!warning <singular> gpu_inversion([1 2; 2 4]);
%!warning <RCOND> gpu_inversion([1 1; 1 1 + 4 * eps]);
%!test
%! [sid, nid] = inv_ids();
%! warning('off', sid);
%! X = gpu_inversion([1 2; 2 4]);
%! warning('on', sid);
%! assert(all(isinf(X(:))));
%!test
%! [sid, nid] = inv_ids();
%! warning('error', sid);
%! try, gpu_inversion(zeros(2)); id = ''; catch err, id = err.identifier; end
%! warning('on', sid);
%! assert(id, sid);
%!test
%! [sid, nid] = inv_ids();
%! warning('error', nid);
%! try, gpu_inversion([1 1; 1 1 + 4 * eps]); id = ''; catch err, id = err.identifier; end
%! warning('on', nid);
%! assert(id, nid);
%!test
%! % the identifiers are those of the platform's own inv
%! [sid, nid] = inv_ids();
%! warning('error', sid);
%! try, inv([1 2; 2 4]); id = ''; catch err, id = err.identifier; end
%! warning('on', sid);
%! assert(id, sid);
%!test
%! % rcond per page, as pageinv returns it
%! P = cat(3, A, 2 * eye(4), [1 1 0 0; 1 1 + 1e-20 0 0; 0 0 1 0; 0 0 0 1]);
%! warning('off', 'all');
%! [X, rc] = gpu_inversion(P);
%! warning('on', 'all');
%! assert(size(rc), [1 1 3]);
%! assert(rc(1), rcond(A), 0.5 * rcond(A)); assert(rc(2), 1, 1e-15); assert(rc(3) < eps);
%! rs = gpu_inversion(single(P(:, :, 1:2))); [~, rcs] = gpu_inversion(single(A)); assert(class(rcs), 'single');
%!test
%! % NaN/Inf input: a result (NaN on that page) and the singular warning, as inv gives
%! [sid, nid] = inv_ids();
%! warning('error', sid);
%! try, gpu_inversion([1 Inf; 0 1]); id = ''; catch err, id = err.identifier; end
%! warning('off', sid);
%! [X, rc] = gpu_inversion(cat(3, [1 Inf; 0 1], 2 * eye(2)));
%! warning('on', sid);
%! assert(id, sid);
%! assert(all(isnan(reshape(X(:, :, 1), [], 1)))); assert(X(:, :, 2), 0.5 * eye(2), 1e-15);
%! assert(isnan(rc(1))); assert(rc(2), 1, 1e-15);
%!warning <singular> gpu_inversion([1 NaN; 0 1]);
%!error <Gpus must be 'all' or a vector of GPU indices> gpu_inversion(magic(3), 'Gpus', {0})
%!error <selects GPUs, but Device is 'cpu'> gpu_inversion(magic(3), 'Device', 'cpu', 'Gpus', 1)
%!error <does not apply> gpu_inversion(A, 'Tol', 1e-10)
%!error <does not apply> gpu_inversion(A, 'MaxSweeps', 3)
%!error <Invalid call|not enough input> gpu_inversion()
%!error <[Tt]oo many output> [a, b, c, d] = gpu_inversion(A)
%!test
%! X = gpu_inversion(A, 'Threads', 1, 'Device', 'cpu'); assert(norm(A * X - eye(4)) < 1e-13);
%!error <must be square> gpu_inversion(ones(2, 3))
%!error <positive definite> gpu_inversion([1 2; 2 1], 'Method', 'cholesky')
%!error <sparse> gpu_inversion(speye(2))
%!test
%! % complex A against INV: Gauss-Jordan and (Hermitian positive definite) Cholesky, both classes
%! Z = magic(4) + eye(4) + 1i * [1 2 0 1; 0 1 3 1; 2 0 1 1; 1 1 1 0];
%! X = gpu_inversion(Z);
%! assert(~isreal(X)); assert(X, inv(Z), 1e-13 * norm(inv(Z)));
%! assert(norm(Z * X - eye(4)) < 1e-12);
%! H = [4, 1 - 1i, 0; 1 + 1i, 4, 1i; 0, -1i, 4];
%! [X, rc] = gpu_inversion(H); assert(X, inv(H), 1e-14); assert(rc, rcond(H), 0.5 * rcond(H));
%! Xs = gpu_inversion(single(Z)); assert(class(Xs), 'single'); assert(~isreal(Xs));
%! assert(double(Xs), inv(Z), 1e-5 * norm(inv(Z)));
%!test
%! % complex pages, a complex scalar, a NaN page (NaN result and INV's warning)
%! H = [4, 1 - 1i, 0; 1 + 1i, 4, 1i; 0, -1i, 4]; P = cat(3, H, 2i * eye(3));
%! X = gpu_inversion(P); assert(size(X), [3 3 2]);
%! assert(X(:, :, 1), inv(H), 1e-14); assert(X(:, :, 2), -0.5i * eye(3), 1e-15);
%! assert(gpu_inversion(2i), -0.5i, 1e-15);
%! [sid, nid] = inv_ids(); warning('off', sid);
%! X = gpu_inversion(cat(3, H, NaN(3) + 1i));
%! warning('on', sid);
%! assert(X(:, :, 1), inv(H), 1e-14); Y = X(:, :, 2); assert(all(isnan(Y(:))));
%!test
%! id = ''; try, gpu_inversion([1 2; 2 1], 'Method', 'cholesky'); catch err, id = err.identifier; end
%! assert(id, 'gpujacobi:notPositiveDefinite');
%!test
%! % Octave's own INV beside the running JVM (threaded OpenBLAS crashed there without gj_jvm_start's -Xss8m)
%! X = gpu_inversion(magic(4) + eye(4)); B = randn(300) + 300 * eye(300);
%! assert(norm(inv(B) * B - eye(300)) < 1e-12);
