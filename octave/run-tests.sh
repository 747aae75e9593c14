#!/usr/bin/env bash
# Installs the built package into a temporary prefix with pkg install, loads it and runs the
# self-tests (%!test, %!error, %!warning) of every toolbox function against real Octave; then checks
# in a fresh Octave that the first toolbox call starts the JVM with -Xss8m and prints nothing else, and
# that the README quick start shows what Octave prints (check-readme.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${1:?version}"
tarball="$root/octave/target/gpujacobi-$version.tar.gz"
command -v octave >/dev/null || { echo "run-tests: octave is not installed (.ci/run installs it)" >&2; exit 1; }
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
cd "$prefix"
octave --no-gui --no-window-system --norc --quiet --eval "
  pkg('prefix', '$prefix/pkg', '$prefix/pkg');
  pkg('local_list', '$prefix/octave_packages');
  pkg('global_list', '$prefix/octave_global_packages');
  pkg('install', '$tarball');
  pkg('load', 'gpujacobi');
  names = {'gpu_eig', 'gpu_svd', 'gpu_inversion', 'gpu_hsvd', 'gpu_info', 'gpujacobi_setup'};
  passed = 0; total = 0;
  for k = 1:numel(names)
    [n, m] = test(names{k}, 'quiet', stdout);
    printf('%-16s %d of %d passed\n', names{k}, n, m);
    passed = passed + n; total = total + m;
  end
  printf('octave: %d passed, %d failed\n', passed, total - passed);
  exit(double(passed ~= total || total == 0));
" 2>&1 | grep -v "ignoring const execution_exception"
[ "${PIPESTATUS[0]}" = 0 ] || exit 1
first="$(XDG_CACHE_HOME="$prefix/cache" octave --no-gui --no-window-system --norc --quiet --eval "
  pkg('local_list', '$prefix/octave_packages');
  pkg('global_list', '$prefix/octave_global_packages');
  pkg('load', 'gpujacobi');
  e = gpu_eig([2 1; 1 2], 'Device', 'cpu');
  args = javaMethod('getInputArguments', javaMethod('getRuntimeMXBean', 'java.lang.management.ManagementFactory'));
  printf('jvm options: %s\n', char(args.toString()));
" 2>&1 | grep -v "ignoring const execution_exception")"
if [ "$(printf '%s\n' "$first" | grep -vc '^jvm options: ')" != 0 ] || ! printf '%s\n' "$first" | grep -q -- '-Xss8m'; then
  printf 'first toolbox call: expected only the JVM options, with -Xss8m; got:\n%s\n' "$first"
  exit 1
fi
echo "first toolbox call: quiet, JVM started with -Xss8m"
"$root/octave/check-readme.sh"
