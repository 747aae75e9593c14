function [r, cls] = gj_call(op, fname, A, spec, signs)
% Checks A, sends it to Java (in column chunks when large) and returns the bridge result;
% errors come back with their gpujacobi:* identifier, anything unexpected as gpujacobi:internal.
% Records the run report (gpu_info('last')) and warns gpujacobi:notConverged.
gj_ready(fname);
vname = inputname_or(fname);
if isa(A, 'gpuArray')
  A = gather(A);  % Parallel Computing Toolbox arrays: the data goes to Java from host memory
end
if ~(isnumeric(A) || islogical(A))
  error('gpujacobi:notNumeric', '%s: %s must be a numeric array, not %s', fname, vname, class(A));
end
if issparse(A)
  error('gpujacobi:sparseNotSupported', '%s: %s is sparse; sparse matrices are not supported, use full(%s)', fname, vname, vname);
end
if ~isreal(A) && ~any(strcmp(op, {'eig', 'svd', 'inv'}))
  error('gpujacobi:complexNotSupported', '%s: %s is complex; complex matrices are supported by gpu_eig, gpu_svd and gpu_inversion', fname, vname);
end
if ndims(A) > 3
  error('gpujacobi:badShape', '%s: %s has %d dimensions; only matrices and 3-D page arrays are supported', fname, vname, ndims(A));
end
if isa(A, 'single')
  cls = 'single';
else
  cls = 'double';
end
spec = [spec, 'variable=', vname, ';'];
try
  if isreal(A)
    r = send(op, fname, A, spec, signs, cls);
  else
    r = send_complex(op, fname, A, spec, cls);
  end
catch err
  gj_internal(err, fname);
end
if ~r.ok()
  error(char(r.errorId()), '%s', char(r.errorMessage()));
end
gj_last(r);
gj_converged(r, fname);
end

function r = send(op, fname, A, spec, signs, cls)
[m, n, p] = size(A);
chunk = gj_chunk();
bridge = 'io.github.gpujacobi.bridge.Bridge';
if strcmp(op, 'hsvd') && numel(A) > 1 && numel(signs) > 1
  r = javaMethod('hsvd', bridge, double(A(:)), m, n, p, cls, double(signs(:)), fname, spec);
elseif strcmp(op, 'hsvd')
  % a scalar or empty G or J does not arrive in Java as double[]: stage both
  r = javaMethod('hsvdStaged', bridge, stage_small(A, m, n, p, cls, fname), ...
    stage_small(signs, numel(signs), 1, 1, 'double', fname), fname, spec);
elseif numel(A) <= 1
  % a scalar or empty array does not arrive in Java as double[]
  s = javaObject('io.github.gpujacobi.bridge.Staging', m, n, p, cls, fname, 1);
  if numel(A) == 1
    s.set(double(A), 0);
  end
  r = javaMethod('runStaged', bridge, op, s, fname, spec);
elseif numel(A) <= chunk
  r = javaMethod('run', bridge, op, double(A(:)), m, n, p, cls, fname, spec);
else
  try
    s = javaObject('io.github.gpujacobi.bridge.Staging', m, n, p, cls, fname, javaMethod('workFactor', bridge, op));
  catch err
    error('gpujacobi:outOfMemory', '%s', gj_java_message(err.message));
  end
  cols = max(1, floor(chunk / max(m, 1)));
  A = reshape(A, m, n * p);
  for c = 1:cols:n * p
    last = min(n * p, c + cols - 1);
    block = A(:, c:last);
    s.put(double(block(:)), (c - 1) * m);
  end
  r = javaMethod('runStaged', bridge, op, s, fname, spec);
end
end

function r = send_complex(op, fname, A, spec, cls)
% Complex A goes as its real and imaginary parts (Java receives double[] only); the same choice
% of one call, staged scalars or column chunks as for real A.
[m, n, p] = size(A);
bridge = 'io.github.gpujacobi.bridge.Bridge';
if numel(A) > 1 && numel(A) <= gj_chunk()
  r = javaMethod('runComplex', bridge, op, double(real(A(:))), double(imag(A(:))), m, n, p, cls, fname, spec);
  return;
end
if numel(A) <= 1
  re = stage_small(real(A), m, n, p, cls, fname);
  im = stage_small(imag(A), m, n, p, cls, fname);
else
  try
    work = javaMethod('workFactor', bridge, op);
    re = javaObject('io.github.gpujacobi.bridge.Staging', m, n, p, cls, fname, work);
    im = javaObject('io.github.gpujacobi.bridge.Staging', m, n, p, cls, fname, work);
  catch err
    error('gpujacobi:outOfMemory', '%s', gj_java_message(err.message));
  end
  cols = max(1, floor(gj_chunk() / max(m, 1)));
  A = reshape(A, m, n * p);
  for c = 1:cols:n * p
    block = A(:, c:min(n * p, c + cols - 1));
    re.put(double(real(block(:))), (c - 1) * m);
    im.put(double(imag(block(:))), (c - 1) * m);
  end
end
r = javaMethod('runComplexStaged', bridge, op, re, im, fname, spec);
end

function name = inputname_or(fname)
% The toolbox reports the argument as A (as MATLAB's own functions do in messages).
name = 'A';
if strcmp(fname, 'gpu_hsvd')
  name = 'G';
end
end

function s = stage_small(X, m, n, p, cls, fname)
% A small array (possibly a scalar or empty) copied into a Java Staging array.
s = javaObject('io.github.gpujacobi.bridge.Staging', m, n, p, cls, fname, 1);
if numel(X) == 1
  s.set(double(X), 0);
elseif numel(X) > 1
  s.put(double(X(:)), 0);
end
end
