function jar = gpujacobi_setup()
%GPUJACOBI_SETUP  Put the gpujacobi jar on the Java class path (once) and check Java.
%   GPUJACOBI_SETUP() finds gpujacobi.jar next to this file (installed toolbox or Octave
%   package) or in the repository's dist/ folder, adds it to the dynamic Java class path
%   unless it is there already, and checks that Java 8 or newer runs. Calling it again does
%   nothing. The gpu_* functions call it themselves.
%
%   jar = GPUJACOBI_SETUP() returns the jar's path.
%
%   Example:
%     addpath('/path/to/gpujacobi/matlab/toolbox'); gpujacobi_setup();
%
%   See also gpu_info, gpu_eig.
persistent done where
if ~isempty(done)
  jar = where;
  return;
end
here = fileparts(mfilename('fullpath'));
candidates = {fullfile(here, 'gpujacobi.jar'), fullfile(here, '..', '..', 'dist', 'gpujacobi.jar')};
jar = '';
for k = 1:numel(candidates)
  if exist(candidates{k}, 'file') == 2
    jar = candidates{k};
    break;
  end
end
if isempty(jar)
  error('gpujacobi:noJar', ['gpujacobi_setup: gpujacobi.jar was not found next to %s or in dist/; ', ...
    'build it with mvn package in the repository root'], here);
end
if ~usejava('jvm')
  error('gpujacobi:noJava', 'gpujacobi_setup: Java is not available; gpujacobi needs a Java 8+ JVM');
end
onPath = javaclasspath('-all');
if ~any(strcmp(onPath, jar))
  javaaddpath(jar);
end
v = char(javaMethod('getProperty', 'java.lang.System', 'java.version'));
parts = sscanf(strrep(v, '1.', ''), '%d');
if isempty(parts) || parts(1) < 8
  error('gpujacobi:oldJava', 'gpujacobi_setup: Java %s is too old; Java 8 or newer is needed', v);
end
done = true;
where = jar;
end

%!test
%! jar = gpujacobi_setup();
%! assert(exist(jar, 'file'), 2);
%! n = numel(javaclasspath('-all'));
%! assert(strcmp(gpujacobi_setup(), jar));
%! assert(numel(javaclasspath('-all')), n);
