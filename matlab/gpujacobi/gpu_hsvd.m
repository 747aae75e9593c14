function varargout = gpu_hsvd(G, J, varargin)
%GPU_HSVD  Hyperbolic singular value decomposition by one-sided hyperbolic Jacobi.
%   s = GPU_HSVD(G, J) returns the hyperbolic singular values of the real m x n matrix G
%   (m >= n, full column rank) with respect to J = diag(j), given as the vector j of n signs
%   (+1 or -1). They come in the order of the hyperbolic SVD method (docs/hsvd.md): those with sign +1
%   decreasing, then those with sign -1 increasing.
%   [U, S, V] = GPU_HSVD(G, J) returns U (m x m, orthonormal), S (m x n, diagonal) and V
%   (n x n, J-orthogonal) with G = U*S*V'.
%   [U, S, V, Js] = GPU_HSVD(G, J) also returns the signs in the order of S: V'*diag(J)*V =
%   diag(Js), and G*diag(J)*G' = U*S*diag(Js)*S'*U'.
%   [U, S, V, Js, info] = GPU_HSVD(...) also returns what ran (backend, method, sweeps, ...);
%   GPU_INFO('last') returns the same after any call.
%   [...] = GPU_HSVD(G, J, 'econ') returns U m x n and S n x n.
%
%   3-D arrays are decomposed page by page with the same J. single in gives single out.
%   Trigonometric rotations are used where the signs of a column pair agree, hyperbolic ones
%   where they differ; with J all +1 this is the ordinary SVD. The eigenvalues of
%   M = G*diag(J)*G' are diag(S).^2 .* Js, each to high relative accuracy; for a symmetric
%   indefinite M use gpu_eig(M, 'Method', 'hyperbolic').
%
%   Options (name-value): 'Device' ('auto': the GPU from n = 64 when present, 'gpu', 'cpu'), 'Gpus' (GPU indices,
%   default 'all'), 'Method' ('hyperbolic'),
%   'Tol' (relative orthogonality tolerance, default eps(class)*sqrt(n), at least eps(class)),
%   'MaxSweeps' (a whole number; default, or 0: 60), 'Threads' (CPU worker threads, 0 to 1024;
%   default, or 0: one per core).
%   A run that reaches MaxSweeps before Tol warns gpujacobi:notConverged.
%
%   Errors: gpujacobi:badShape (m < n, wrong length of J), gpujacobi:badOption (J not +-1),
%   gpujacobi:rankDeficient (G not of full column rank), gpujacobi:nonFinite,
%   gpujacobi:complexNotSupported (complex G: the hyperbolic SVD is real only).
%
%   Example:
%     G = [2 1; 0 1; 1 0]; J = [1; -1];
%     [U, S, V, Js] = gpu_hsvd(G, J);
%     norm(G - U*S*V'), norm(V'*diag(J)*V - diag(Js))
%
%   See also gpu_eig, gpu_svd, svd.
narginchk(2, Inf);
gj_nargout('gpu_hsvd', nargout, 5);
if ~(isnumeric(J) || islogical(J)) || ~isreal(J) || (~isvector(J) && ~isempty(J))
  error('gpujacobi:badOption', 'gpu_hsvd: J must be a real vector of signs (+1 or -1)');
end
if (isnumeric(G) || islogical(G)) && numel(J) ~= size(G, 2)  % J as given (Java sees it as a column)
  error('gpujacobi:badShape', 'gpu_hsvd: J must be a vector of %d signs (one per column of G), but it is %dx%d %s', ...
    size(G, 2), size(J, 1), size(J, 2), class(J));
end
[spec, flags] = gj_options('gpu_hsvd', varargin, {'econ'});
wantVectors = nargout > 1;
if ~wantVectors
  spec = [spec, 'vectors=0;'];
elseif any(strcmp(flags, 'econ'))
  spec = [spec, 'econ=1;'];
end
[r, cls] = gj_call('hsvd', 'gpu_hsvd', G, spec, J);
out = gj_usv(r, cls, wantVectors);
varargout(1:numel(out)) = out;
if ~wantVectors
  return;
end
if nargout > 3
  varargout{4} = gj_fetch(r, 'J', cls);
end
if nargout > 4
  varargout{5} = gj_report(r);
end
end

%!shared G, J
%! G = [magic(5), (1:5)'; 1 -2 3 -4 5 6] / 10; J = [1; -1; 1; 1; -1; -1];
%!test
%! [U, S, V, Js] = gpu_hsvd(G, J);
%! assert(size(U), [6 6]); assert(size(S), [6 6]); assert(size(V), [6 6]);
%! assert(norm(G - U * S * V') / norm(G) < 1e-13);
%! assert(norm(U' * U - eye(6)) < 1e-13);
%! assert(norm(V' * diag(J) * V - diag(Js)) / norm(V) ^ 2 < 1e-13);
%! assert(sort(Js), sort(J));
%!test
%! % eigenvalues of G J G' are sigma.^2 .* Js
%! s = gpu_hsvd(G, J);
%! [~, ~, ~, Js] = gpu_hsvd(G, J);
%! M = G * diag(J) * G'; e = sort(eig((M + M') / 2));
%! assert(sort(s .^ 2 .* Js), e, 1e-12 * norm(M));
%!test
%! % the method's order: positive signs by decreasing sigma, then negative ones by increasing sigma
%! [~, S, ~, Js] = gpu_hsvd(G, J); s = diag(S);
%! p = s(Js > 0); q = s(Js < 0);
%! assert(all(Js(1:numel(p)) > 0)); assert(issorted(flipud(p))); assert(issorted(q));
%!test
%! % J all +1 is the ordinary SVD
%! A = G(:, 1:4); s = gpu_hsvd(A, ones(4, 1));
%! assert(s, svd(A), 1e-13 * norm(A));
%!test
%! T = [G; G]; [U, S, V] = gpu_hsvd(T, J, 'econ');
%! assert(size(U), [12 6]); assert(size(S), [6 6]);
%! assert(norm(T - U * S * V') / norm(T) < 1e-13);
%!test
%! [U, S, V, Js, info] = gpu_hsvd(single(G), J, 'Device', 'cpu');
%! assert(class(S), 'single'); assert(class(Js), 'single');
%! assert(info.backend, 'cpu'); assert(info.method, 'hyperbolic'); assert(info.converged);
%! assert(norm(double(G) - double(U) * double(S) * double(V')) / norm(G) < 1e-5);
%!test
%! P = cat(3, G, 2 * G);
%! s = gpu_hsvd(P, J); assert(size(s), [6 1 2]); assert(s(:, 1, 2), 2 * s(:, 1, 1), 1e-13 * norm(G));
%!test
%! assert(gpu_hsvd(3, -1), 3); assert(gpu_hsvd([3; 4], -1), 5);
%! assert(size(gpu_hsvd(zeros(3, 0), [])), [0 1]);
%! try, gpu_hsvd([G(:, 1:5), G(:, 1)], J); error('no error'); catch err, assert(err.identifier, 'gpujacobi:rankDeficient'); end
%!error <at least as many rows> gpu_hsvd(ones(2, 3), [1 1 1])
%!error <3 signs> gpu_hsvd(G(:, 1:3), [1 -1])
%!error <only \+1 and -1> gpu_hsvd(G, [1 2 1 1 1 1])
%!error <full column rank> gpu_hsvd(ones(3, 2), [1 -1])
%!error <NaN> gpu_hsvd([1 NaN; 2 3], [1 -1])
%!error <complex> gpu_hsvd([1 1i; 2 3], [1 -1])
%!test
%! try, gpu_hsvd([1 1i; 2 3], [1 -1]); id = ''; catch err, id = err.identifier; end
%! assert(id, 'gpujacobi:complexNotSupported');
%!error <vector of signs> gpu_hsvd(G, 'x')
%!error <unknown option> gpu_hsvd(G, J, 'Foo', 1)
%!error <not enough input> gpu_hsvd(G)
%!warning <did not converge> gpu_hsvd(G, J, 'MaxSweeps', 1, 'Device', 'cpu');
%!error <Invalid call|not enough input> gpu_hsvd(G)
%!error <3 signs \(one per column of G\), but it is 1x2 double> gpu_hsvd(G(:, 1:3), [1 -1])
