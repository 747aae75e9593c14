function gj_jvm_start()
% Octave only: starts the JVM, with -Xss8m where Octave's multithreaded OpenBLAS would crash beside it.
% With Debian's OpenBLAS pthread build (0.3.21) Octave 7.3 gets a segmentation fault in its own INV
% (inv(randn(100))) once a JVM runs in the process, with or without this toolbox: measured 2026-11-28,
% it crashed with the JVM's default stack size and with -Xss2m, not with -Xss8m, nor with
% OPENBLAS_NUM_THREADS=1, nor after an INV of that size had run before the JVM started (the JVM's
% guard zone on the main thread's stack, which OpenBLAS's threaded drivers reach; OpenMathLib/OpenBLAS
% issue 2839). JAVA_TOOL_OPTIONS is read by the JVM as it starts (it says "Picked up ..."); the
% variable is restored at once, so child processes do not inherit it. A JVM that something else
% started earlier keeps its stack size: start Octave with OPENBLAS_NUM_THREADS=1 then.
persistent done
if ~isempty(done) || exist('OCTAVE_VERSION', 'builtin') == 0
  return;
end
done = true;
try
  blas = version('-blas');
catch
  blas = '';
end
old = getenv('JAVA_TOOL_OPTIONS');
need = ~isempty(strfind(blas, 'OpenBLAS')) && isempty(strfind(blas, 'SINGLE_THREADED')) ...
  && ~strcmp(getenv('OPENBLAS_NUM_THREADS'), '1') && isempty(strfind(old, '-Xss'));
if need
  setenv('JAVA_TOOL_OPTIONS', strtrim([old, ' -Xss8m']));
end
try
  javaMethod('getProperty', 'java.lang.System', 'java.version');  % starts the JVM (no Java: gj_ready says so)
catch
end
if need && isempty(old)
  unsetenv('JAVA_TOOL_OPTIONS');
elseif need
  setenv('JAVA_TOOL_OPTIONS', old);
end
end
