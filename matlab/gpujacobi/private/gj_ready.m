function gj_ready(fname)
% Makes sure the toolbox's Java classes can be reached before a call. It never changes MATLAB's
% Java class path: javaaddpath clears the workspace's variables and global variables (MathWorks,
% "Dynamic Path of Java Class Path"), which must not happen inside a user's script. In MATLAB a
% missing jar is an error saying how to install it (static path, or an explicit
% gpujacobi_setup() call); Octave's javaaddpath keeps the workspace, so there it is added here.
persistent ready  % true: the jar was added here (Octave), and must be again once PKG_DEL took it off
if ~isempty(ready) && ~(ready && ~isappdata(0, 'gpujacobi_jar'))
  return;
end
gj_jvm_start();
if ~usejava('jvm')
  error('gpujacobi:noJava', '%s: Java is not available; gpujacobi needs a Java 8+ JVM', fname);
end
if ~gj_loaded()
  jar = gj_jar();
  if isempty(jar)
    error('gpujacobi:noJar', ['%s: gpujacobi-toolbox.jar was not found next to the toolbox or in dist/; ', ...
      'build it with mvn package in the repository root'], fname);
  end
  if exist('OCTAVE_VERSION', 'builtin') ~= 0
    javaaddpath(jar);
    setappdata(0, 'gpujacobi_jar', jar);  % for the package's PKG_DEL
  else
    error('gpujacobi:notOnClassPath', ['%s: gpujacobi-toolbox.jar is not on the Java class path. Recommended: ', ...
      'run gpujacobi_setup(''static'') once and restart MATLAB (it adds\n  %s\nto %s). ', ...
      'Or call gpujacobi_setup() at the start of a session, before creating variables: it uses ', ...
      'javaaddpath, which clears the workspace.'], fname, jar, fullfile(prefdir, 'javaclasspath.txt'));
  end
end
check_version(fname);
v = char(javaMethod('getProperty', 'java.lang.System', 'java.version'));
parts = sscanf(strrep(v, '1.', ''), '%d');
if isempty(parts) || parts(1) < 8
  error('gpujacobi:oldJava', '%s: Java %s is too old; Java 8 or newer is needed', fname, v);
end
ready = exist('OCTAVE_VERSION', 'builtin') ~= 0 && isappdata(0, 'gpujacobi_jar');
end

function check_version(fname)
% An older jar first on the class path (say a previous install on the static path) lacks calls the
% .m files make: say which jar answered instead of failing later with a Java error.
contents = fileread(fullfile(fileparts(fileparts(mfilename('fullpath'))), 'Contents.m'));
want = regexp(contents, 'Version (\S+)', 'tokens', 'once');
have = char(javaMethod('version', 'io.github.gpujacobi.bridge.Bridge'));
if ~isempty(want) && ~strcmp(want{1}, have)
  try
    s = javaObject('io.github.gpujacobi.bridge.Staging', 0, 0, 1, 'double', fname, 1);
    where = char(s.getClass().getProtectionDomain().getCodeSource().getLocation().toString());
  catch
    where = 'location unknown';
  end
  error('gpujacobi:versionMismatch', ['%s: the gpujacobi jar on the Java class path is version %s (%s), ', ...
    'the toolbox is %s; remove the old jar from javaclasspath.txt or the dynamic path'], fname, have, where, want{1});
end
end
