#!/usr/bin/env bash
# Runs every Octave example headlessly (gnuplot toolkit, PNG through its pngcairo terminal);
# figures go to $1 (default examples/octave/figures). Any failing script fails the run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/figures}"
mkdir -p "$out"
command -v octave >/dev/null || { echo "octave examples: octave is not installed (.ci/run installs it)" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "octave examples: gnuplot is not installed (.ci/run installs gnuplot-nox)" >&2; exit 1; }
status=0
for script in klt_eig dmr_beamforming deblur_inversion indefinite_hsvd; do
  echo "== octave example $script"
  if ! (cd "$here" && GPUJACOBI_FIGURES="$out" octave --no-gui --no-window-system --norc --quiet \
        --eval "try, $script; catch e, disp(getReport(e)); exit(1); end" 2>&1 \
        | grep -v -e "ignoring const execution_exception" -e "Ghostscript) binary is not available"; exit "${PIPESTATUS[0]}"); then
    echo "octave example $script FAILED" >&2
    status=1
  fi
done
exit $status
