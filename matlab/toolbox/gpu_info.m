function info = gpu_info()
%GPU_INFO  The gpujacobi version and its compute backends.
%   info = GPU_INFO() returns a struct with fields
%     version   toolbox version
%     java      Java version of the running JVM
%     gpu       true when a GPU backend is available
%     backends  struct array: name, available, summary (threads, or why it is missing),
%               devices (name, memory, compute capability, driver, ...)
%
%   Example:
%     info = gpu_info(); disp(info.backends(1))
%
%   See also gpujacobi_setup, gpu_eig.
gpujacobi_setup();
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
end

%!test
%! info = gpu_info();
%! assert(ischar(info.version));
%! assert(islogical(info.gpu));
%! assert(info.backends(1).name, 'cpu');
%! assert(info.backends(1).available);
