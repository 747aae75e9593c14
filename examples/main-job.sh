#!/usr/bin/env bash
# The main job on the bundled data: eigendecompose every symmetric matrix, take the SVD of the
# snapshot matrix and invert the system matrix; results land in out/ (one .mat file per input).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out}
./gpujacobi batch --op eig examples/data/covariances.mat examples/data/pages.mat examples/data/system.mat -o "$out"
./gpujacobi batch --op svd --econ examples/data/snapshots.mat -o "$out"
./gpujacobi batch --op inv examples/data/system.mat -o "$out"
echo "results in $out/:"; ls -l "$out"
