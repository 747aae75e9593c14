function varargout = gpu_inversion(A, varargin)
%GPU_INVERSION  Matrix inverse by Gauss-Jordan elimination or Cholesky.
%   X = GPU_INVERSION(A) returns the inverse of the square matrix A, like INV.
%   A symmetric positive definite A is inverted through its Cholesky factor; otherwise
%   Gauss-Jordan elimination with partial pivoting runs.
%   [X, info] = GPU_INVERSION(A) also returns what ran and the reciprocal condition
%   estimate info.rcond.
%
%   Like INV: a singular matrix gives a warning gpujacobi:singularMatrix and Inf entries;
%   a nearly singular one (RCOND < eps) a warning gpujacobi:nearlySingular with RCOND.
%   3-D arrays are inverted page by page (like PAGEINV). single in gives single out.
%
%   Options (name-value): 'Device' ('auto', 'gpu', 'cpu'), 'Method' ('auto',
%   'gaussjordan', 'cholesky').
%
%   Example:
%     A = gallery('lehmer', 5);
%     X = gpu_inversion(A);
%     norm(A*X - eye(5))
%
%   See also gpu_eig, gpu_svd, inv.
if nargin < 1
  error('gpujacobi:badOption', 'gpu_inversion: not enough input arguments; usage: X = gpu_inversion(A)');
end
spec = gj_options('gpu_inversion', varargin, {});
[r, cls] = gj_call('inv', 'gpu_inversion', A, spec, []);
X = gj_fetch(r, 'X', cls);
rc = double(r.rcond());
if r.singular()
  warning('gpujacobi:singularMatrix', 'Matrix is singular to working precision.');
elseif rc < eps(cls)
  warning('gpujacobi:nearlySingular', ...
    'Matrix is close to singular or badly scaled. Results may be inaccurate. RCOND = %e.', rc);
end
varargout{1} = X;
if nargout > 1
  info = gj_report(r);
  info.rcond = rc;
  varargout{2} = info;
end
end

%!shared A, S
%! A = magic(4) + eye(4); S = [4 1 0; 1 4 1; 0 1 4];
%!test
%! assert(gpu_inversion(A), inv(A), 1e-13 * norm(inv(A)));
%!test
%! [X, info] = gpu_inversion(S);
%! assert(info.method, 'cholesky');
%! assert(X, inv(S), 1e-14);
%! assert(info.rcond > 0.1);
%!test
%! [X, info] = gpu_inversion(A, 'Method', 'gaussjordan', 'Device', 'cpu');
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
%! warning('off', 'gpujacobi:singularMatrix');
%! X = gpu_inversion([1 2; 2 4]);
%! warning('on', 'gpujacobi:singularMatrix');
%! assert(all(isinf(X(:))));
%!test
%! warning('error', 'gpujacobi:singularMatrix');
%! try, gpu_inversion(zeros(2)); id = ''; catch err, id = err.identifier; end
%! warning('on', 'gpujacobi:singularMatrix');
%! assert(id, 'gpujacobi:singularMatrix');
%!test
%! warning('error', 'gpujacobi:nearlySingular');
%! try, gpu_inversion([1 1; 1 1 + 4 * eps]); id = ''; catch err, id = err.identifier; end
%! warning('on', 'gpujacobi:nearlySingular');
%! assert(id, 'gpujacobi:nearlySingular');
%!error <must be square> gpu_inversion(ones(2, 3))
%!error <Inf> gpu_inversion([1 Inf; 0 1])
%!error <positive definite> gpu_inversion([1 2; 2 1], 'Method', 'cholesky')
%!error <sparse> gpu_inversion(speye(2))
%!error <complex> gpu_inversion([1 1i; 0 1])
