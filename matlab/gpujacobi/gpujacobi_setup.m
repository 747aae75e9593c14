function jar = gpujacobi_setup(action)
%GPUJACOBI_SETUP  Install the gpujacobi jar on the Java class path, or check that it is there.
%   The gpu_* functions never change the Java class path themselves: in MATLAB, javaaddpath
%   clears all variables and global variables of the workspace (MathWorks, "Dynamic Path of
%   Java Class Path"), which must not happen in the middle of a script.
%
%   GPUJACOBI_SETUP('static') (MATLAB, recommended, once) adds gpujacobi-toolbox.jar to
%   javaclasspath.txt in the preferences folder (PREFDIR), MATLAB's static Java class path.
%   Restart MATLAB afterwards; the jar is then on the class path in every session, ahead of
%   nothing the workspace holds.
%   GPUJACOBI_SETUP() puts the jar on the dynamic Java class path for this session unless it
%   is reachable already (then it does nothing), and checks that Java 8 or newer runs. Call it
%   at the start of a session, before creating variables. In Octave the gpu_* functions do this
%   on their first call.
%   GPUJACOBI_SETUP('uninstall') removes the jar's line from javaclasspath.txt (restart MATLAB
%   to take it off the static path); remove the toolbox folder from the path with RMPATH.
%
%   jar = GPUJACOBI_SETUP(...) returns the jar's path.
%
%   Example:
%     addpath('/path/to/gpujacobi/matlab/gpujacobi'); gpujacobi_setup('static');  % then restart
%
%   See also gpu_info, gpu_eig, javaclasspath.
narginchk(0, 1);
if nargin == 0
  action = 'session';
end
if ~ischar(action) || ~any(strcmpi(action, {'session', 'static', 'uninstall'}))
  error('gpujacobi:badOption', 'gpujacobi_setup: the argument must be ''static'' or ''uninstall''');
end
gj_jvm_start();
jar = gj_jar();
if isempty(jar)
  error('gpujacobi:noJar', ['gpujacobi_setup: gpujacobi-toolbox.jar was not found next to the toolbox or in ', ...
    'dist/; build it with mvn package in the repository root']);
end
jar = char(javaMethod('getCanonicalPath', javaObject('java.io.File', jar)));
switch lower(action)
  case 'static'
    static_path_file(jar, true);
  case 'uninstall'
    static_path_file(jar, false);
  otherwise
    if ~gj_loaded()
      javaaddpath(jar);
      if exist('OCTAVE_VERSION', 'builtin') ~= 0
        setappdata(0, 'gpujacobi_jar', jar);  % for the Octave package's PKG_DEL
      end
    end
    gj_ready('gpujacobi_setup');
end
end

function static_path_file(jar, add)
% Adds (or removes) the jar's line in prefdir/javaclasspath.txt, keeping every other line.
if exist('OCTAVE_VERSION', 'builtin') ~= 0
  error('gpujacobi:notSupported', ['gpujacobi_setup: in Octave the gpu_* functions put the jar on the class ', ...
    'path on their first call (after pkg load gpujacobi, or with the toolbox folder on the path)']);
end
file = fullfile(prefdir, 'javaclasspath.txt');
lines = {};
if exist(file, 'file') == 2
  lines = strsplit(fileread(file), {sprintf('\r\n'), sprintf('\n')});
  lines = lines(~cellfun(@isempty, lines));
end
present = any(strcmp(lines, jar));
if add && present
  fprintf('gpujacobi_setup: %s already lists %s\n', file, jar);
  return;
end
if add
  lines{end + 1} = jar;
else
  lines = lines(~strcmp(lines, jar));
end
fid = fopen(file, 'w');
if fid < 0
  error('gpujacobi:io', 'gpujacobi_setup: cannot write %s', file);
end
fprintf(fid, '%s\n', lines{:});
fclose(fid);
if add
  fprintf('gpujacobi_setup: added %s to %s; restart MATLAB to use it\n', jar, file);
else
  fprintf('gpujacobi_setup: removed %s from %s; restart MATLAB to drop it\n', jar, file);
end
end

%!test
%! jar = gpujacobi_setup();
%! assert(exist(jar, 'file'), 2);
%! n = numel(javaclasspath('-all'));
%! assert(strcmp(gpujacobi_setup(), jar));
%! assert(numel(javaclasspath('-all')), n);
%!error <'static' or 'uninstall'> gpujacobi_setup('everywhere')
%!error <on their first call> gpujacobi_setup('static')
