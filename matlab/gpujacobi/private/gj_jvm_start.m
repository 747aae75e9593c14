function gj_jvm_start()
% Octave only: starts the JVM with an 8 MB thread stack (-Xss8m). With a multithreaded OpenBLAS, Octave
% gets a segmentation fault in its own INV (inv(randn(100))) once a JVM with the default stack runs in
% the process, with or without this toolbox: the JVM's guard zone on the main thread's stack, which
% OpenBLAS's threaded drivers reach (a known OpenBLAS problem with small thread stacks); -Xss8m moves it out of reach.
% Octave reads JVM options from java.opts in the folder named by OCTAVE_JAVA_DIR, which must also hold
% its octave.jar: a private folder under the user's cache holds both, with the user's own java.opts lines
% first, and the variable is restored at once. Unlike JAVA_TOOL_OPTIONS, which the JVM announces on the
% terminal ("Picked up ..."), this prints nothing. A -Xss of the user's own is kept; a JVM that something
% else started earlier keeps its stack size (start Octave with OPENBLAS_NUM_THREADS=1 then).
persistent done
if ~isempty(done) || exist('OCTAVE_VERSION', 'builtin') == 0
  return;
end
done = true;
old = getenv('OCTAVE_JAVA_DIR');
dir = opts_dir(old);
if ~isempty(dir)
  setenv('OCTAVE_JAVA_DIR', dir);
end
try
  javaMethod('getProperty', 'java.lang.System', 'java.version');  % starts the JVM (no Java: gj_ready says so)
catch
end
if ~isempty(dir) && isempty(old)
  unsetenv('OCTAVE_JAVA_DIR');
elseif ~isempty(dir)
  setenv('OCTAVE_JAVA_DIR', old);
end
end

function dir = opts_dir(userDir)
% The folder with java.opts (the user's lines and -Xss8m) and octave.jar; '' where the user set -Xss
% or nothing can be written there (the JVM then starts with the user's settings alone).
dir = '';
javaDir = userDir;
if isempty(javaDir)
  javaDir = fileparts(which('javaclasspath'));  % Octave's m/java folder holds octave.jar
end
jar = fullfile(javaDir, 'octave.jar');
lines = {};
if ~isempty(userDir)
  lines = read_lines(fullfile(userDir, 'java.opts'));
end
if exist(jar, 'file') ~= 2 || any(~cellfun(@isempty, regexp([lines, {getenv('JAVA_TOOL_OPTIONS')}], '-Xss', 'once')))
  return;
end
lines{end + 1} = '-Xss8m';
base = getenv('XDG_CACHE_HOME');
if isempty(base)
  base = fullfile(char(home_dir()), '.cache');
end
target = fullfile(base, 'gpujacobi', 'octave-java', version());
try
  if exist(target, 'dir') ~= 7 && ~mkdir(target)
    return;
  end
  link = fullfile(target, 'octave.jar');
  if exist(link, 'file') ~= 2 && symlink(jar, link) ~= 0 && ~copyfile(jar, link)
    return;
  end
  % written whole, then renamed: another Octave starting at the same time reads the old or the new file
  part = [tempname(target), '.part'];
  fid = fopen(part, 'w');
  if fid < 0
    return;
  end
  fprintf(fid, '%s\n', lines{:});
  fclose(fid);
  if ~movefile(part, fullfile(target, 'java.opts'), 'f')
    delete(part);
    return;
  end
  dir = target;
catch
  dir = '';
end
end

function lines = read_lines(file)
lines = {};
fid = fopen(file, 'r');
if fid < 0
  return;
end
text = fread(fid, Inf, '*char')';
fclose(fid);
lines = regexp(text, '[^\r\n]+', 'match');
end

function home = home_dir()
% The user's home folder (HOME, or USERPROFILE on Windows).
home = getenv('HOME');
if isempty(home)
  home = getenv('USERPROFILE');
end
if isempty(home)
  home = tempdir();
end
end
