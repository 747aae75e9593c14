#!/usr/bin/env bash
# Runs the README's quick start in Octave (CPU backend, the repository's toolbox folder and dist/ jar) and
# compares the output with what the README shows; --update writes the real output into README.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
update=false
[ "${1:-}" = --update ] && update=true
command -v octave >/dev/null || { echo "check-readme: octave is not installed (.ci/run installs it)" >&2; exit 1; }
cd "$root"
octave --no-gui --no-window-system --norc --quiet --eval "
  addpath('$root/matlab/gpujacobi'); addpath('$root/octave');
  ok = readme_quickstart('$root/README.md', $update);
  if ok, disp('README quick start: matches Octave''s output'); end
  exit(double(~ok));
" 2>&1 | grep -v "ignoring const execution_exception"
exit "${PIPESTATUS[0]}"
