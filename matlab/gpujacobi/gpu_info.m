function varargout = gpu_info(what)
%GPU_INFO  The gpujacobi version and its compute backends; the last run report; GPU release.
%   GPU_INFO() with no output prints the version and one line per backend (available or why not,
%   then its devices).
%   info = GPU_INFO() returns a struct with fields
%     version   toolbox version
%     java      Java version of the running JVM
%     gpu       true when a GPU backend is available
%     backends  struct array: name, available, summary (threads, or why it is missing),
%               devices (name, memory, compute capability, driver, ...)
%
%   rep = GPU_INFO('last') returns the run report of the latest gpu_eig, gpu_svd,
%   gpu_inversion or gpu_hsvd call: backend, method, sweeps, rotations, converged, time,
%   notes ([] before the first call).
%
%   GPU_INFO('release') gives the GPU memory, context and library handles the toolbox holds
%   back to the driver (the next GPU call sets them up again).
%
%   Example:
%     gpu_info()
%     info = gpu_info(); disp(info.backends(1))
%     [V, D] = gpu_eig(magic(4) + magic(4)'); rep = gpu_info('last')
%
%   See also gpujacobi_setup, gpu_eig.
narginchk(0, 1);
if nargin == 1
  if ~ischar(what) || ~any(strcmpi(what, {'last', 'release'}))
    error('gpujacobi:badOption', 'gpu_info: the argument must be ''last'' or ''release''');
  end
  if strcmpi(what, 'last')
    varargout{1} = gj_last();
  else
    varargout{1} = release_gpu();
  end
  return;
end
gj_ready('gpu_info');
bridge = 'io.github.gpujacobi.bridge.Bridge';
lines = javaMethod('backendLines', bridge);
backends = struct('name', {}, 'available', {}, 'summary', {}, 'devices', {});
hasGpu = false;
for k = 1:numel(lines)
  parts = strsplit(char(lines(k)), sprintf('\t'));
  while numel(parts) < 4
    parts{end + 1} = ''; %#ok<AGROW>
  end
  b.name = parts{1};
  b.available = strcmp(parts{2}, 'true');
  b.summary = parts{3};
  b.devices = parts{4};
  backends(end + 1) = b; %#ok<AGROW>
  if b.available && ~strcmp(b.name, 'cpu')
    hasGpu = true;
  end
end
info = struct('version', char(javaMethod('version', bridge)), ...
  'java', char(javaMethod('getProperty', 'java.lang.System', 'java.version')), 'gpu', hasGpu);
info.backends = backends;
if nargout > 0
  varargout{1} = info;
else
  print_info(info);
end
end

function print_info(info)
% One line per backend, so that no 'struct array' hides what was found.
fprintf('gpujacobi %s on Java %s\n', info.version, info.java);
width = max(cellfun(@numel, {info.backends.name}));
for k = 1:numel(info.backends)
  b = info.backends(k);
  state = 'unavailable';
  if b.available
    state = 'available';
  end
  fprintf('  %-*s  %-11s  %s\n', width, b.name, state, b.summary);
  if ~isempty(b.devices)
    devices = strsplit(b.devices, ' | ');
    fprintf('  %*s  %-11s  %s\n', width, '', '', devices{:});
  end
end
end

function ok = release_gpu()
% Calls the Java side's release (Jacobi.release()); a jar without it says so instead of failing.
gj_ready('gpu_info');
try
  javaMethod('release', 'io.github.gpujacobi.api.Jacobi');
catch err
  if ~isempty(strfind(err.message, 'release'))
    error('gpujacobi:notSupported', 'gpu_info: this gpujacobi-toolbox.jar has no GPU release call (%s)', ...
      gj_java_message(err.message));
  end
  error('gpujacobi:internal', 'gpu_info: internal error: %s', gj_java_message(err.message));
end
ok = true;
end

%!test
%! % with no output: the version, then each backend on a line of its own
%! text = evalc('gpu_info()');
%! assert(isempty(strfind(text, 'struct')));
%! assert(~isempty(regexp(text, '^gpujacobi \S+ on Java ', 'once')));
%! assert(~isempty(regexp(text, '\n  cpu +available +\d+ threads', 'once')));
%!test
%! info = gpu_info();
%! assert(ischar(info.version));
%! assert(islogical(info.gpu));
%! assert(info.backends(1).name, 'cpu');
%! assert(info.backends(1).available);
%!test
%! gpu_eig([2 1; 1 2], 'Device', 'cpu');
%! rep = gpu_info('last');
%! assert(rep.backend, 'cpu'); assert(rep.converged);
%!error <'last' or 'release'> gpu_info('foo')
%!test
%! % release: works when the jar has Jacobi.release(), else says so (never a raw Java error)
%! try
%!   assert(gpu_info('release'));
%! catch err
%!   assert(err.identifier, 'gpujacobi:notSupported');
%!   assert(isempty(strfind(err.message, sprintf('\n'))));
%! end
