function varargout = gpu_eig(A, varargin)
%GPU_EIG  Eigenvalues and eigenvectors of real symmetric matrices by parallel Jacobi.
%   e = GPU_EIG(A) returns the eigenvalues of the real symmetric matrix A as a column,
%   ascending (like EIG for symmetric input).
%   [V, D] = GPU_EIG(A) returns eigenvectors V (orthonormal columns) and the diagonal
%   matrix D, so that A*V = V*D.
%   [V, D] = GPU_EIG(A, 'vector') returns the eigenvalues as a column instead.
%   [V, D, info] = GPU_EIG(...) also returns a struct saying what ran: backend, method,
%   sweeps, rotations, converged, time, notes.
%
%   A may be a 3-D array of n x n pages: each page is decomposed (like PAGEEIG), e is
%   n x 1 x p, V is n x n x p and D n x n x p (or n x 1 x p with 'vector').
%   single input gives single output. Jacobi computes small eigenvalues of graded matrices
%   to high relative accuracy, which EIG (LAPACK) does not.
%
%   Options (name-value):
%     'Device'     'auto' (GPU when present and faster, else CPU), 'gpu', 'cpu'
%     'Method'     'auto' (the default: on the CPU 'hyperbolic' for nonsingular A, else
%                  'parallel'; on the GPU 'parallel'; the run report names the path taken),
%                  'parallel' (chess-tournament Jacobi; on the GPU a batched
%                  kernel for small pages, else a one-phase MCA kernel), 'cyclic',
%                  'classical', 'hyperbolic' (Bunch-Parlett + hyperbolic SVD, seed 003:
%                  every eigenvalue to high relative accuracy; A must be nonsingular),
%                  GPU memory access methods 'ta', 'ma', 'sa', 'mca'
%     'Tol'        relative off-diagonal tolerance (default eps(class)*sqrt(n))
%     'MaxSweeps'  sweep limit (default 60)
%
%   Errors: gpujacobi:notSquare, gpujacobi:notSymmetric, gpujacobi:nonFinite,
%   gpujacobi:complexNotSupported, gpujacobi:sparseNotSupported, gpujacobi:noGpu,
%   gpujacobi:singularMatrix (Method 'hyperbolic' on a singular A).
%
%   Example:
%     A = gallery('moler', 6);
%     [V, D] = gpu_eig(A);
%     norm(A*V - V*D) / norm(A)
%
%   See also gpu_svd, gpu_inversion, gpu_info, eig.
if nargin < 1
  error('gpujacobi:badOption', 'gpu_eig: not enough input arguments; usage: [V, D] = gpu_eig(A)');
end
[spec, flags] = gj_options('gpu_eig', varargin, {'vector', 'matrix'});
wantVectors = nargout > 1;
if ~wantVectors
  spec = [spec, 'vectors=0;'];
end
[r, cls] = gj_call('eig', 'gpu_eig', A, spec, []);
d = gj_fetch(r, 'D', cls);
if ~wantVectors
  varargout{1} = d;
  return;
end
V = gj_fetch(r, 'V', cls);
if any(strcmp(flags, 'vector'))
  D = d;
else
  D = gj_pagediag(d, size(d, 1), size(d, 1));
end
varargout{1} = V;
varargout{2} = D;
if nargout > 2
  varargout{3} = gj_report(r);
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
%! [V, D, info] = gpu_eig(A, 'Device', 'cpu', 'Method', 'cyclic', 'Tol', 1e-14, 'MaxSweeps', 30);
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
%! % Method 'hyperbolic' (seed 003): graded indefinite matrix, every eigenvalue to relative accuracy
%! m = 12; D = diag(10 .^ (-(0:m-1) * 8 / (m - 1)));
%! H = kron(eye(m / 2), [1 2; 2 1]); p = [1:2:m, 2:2:m]; H = H(p, p) + 0.1 * (ones(m) - eye(m));
%! M = D * H * D; [V, E, info] = gpu_eig(M, 'Method', 'hyperbolic');
%! assert(info.method, 'hyperbolic');
%! e = sort(eig(H * D * D)); d = diag(E);
%! assert(any(d < 0) && any(d > 0));
%! assert(all(abs(d - e) ./ abs(e) < 1e-8));
%! assert(norm(M * V - V * E) < 1e-14); assert(norm(V' * V - eye(m)) < 1e-13);
%!error <singular> gpu_eig([1 2; 2 4], 'Method', 'hyperbolic')
%!error <must be square> gpu_eig(ones(2, 3))
%!error <must be symmetric> gpu_eig([1 2; 3 4])
%!error <NaN> gpu_eig([1 NaN; NaN 1])
%!error <complex> gpu_eig([1 1i; -1i 1])
%!error <sparse> gpu_eig(speye(3))
%!error <unknown Method> gpu_eig(A, 'Method', 'qr')
%!error <unknown option> gpu_eig(A, 'Colour', 'red')
%!error <numeric> gpu_eig({1})
%!test
%! try, gpu_eig(ones(2, 3)); catch err, assert(err.identifier, 'gpujacobi:notSquare'); end
%! try, gpu_eig([1 2; 3 4]); catch err, assert(err.identifier, 'gpujacobi:notSymmetric'); end
%! try, gpu_eig([1 Inf; Inf 1]); catch err, assert(err.identifier, 'gpujacobi:nonFinite'); end
%! try, gpu_eig([1 1i; -1i 1]); catch err, assert(err.identifier, 'gpujacobi:complexNotSupported'); end
%! try, gpu_eig(speye(2)); catch err, assert(err.identifier, 'gpujacobi:sparseNotSupported'); end
%!test
%! info = gpu_info();
%! if ~info.gpu
%!   try, gpu_eig(A, 'Device', 'gpu'); error('no error'); catch err, assert(err.identifier, 'gpujacobi:noGpu'); end
%! end
