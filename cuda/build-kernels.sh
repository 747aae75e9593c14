#!/usr/bin/env bash
# Compiles the CUDA kernels ahead of time into one fatbin (cubins for sm_80 and sm_90, PTX for
# compute_80 so newer GPUs JIT it) committed as a resource, so the build needs no nvcc.
#   build-kernels.sh          rebuild the committed fatbin
#   build-kernels.sh --check  rebuild into a temporary file and fail if it differs (CI, when nvcc exists)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/src/main/cuda/kernels.cu"
out="$here/src/main/resources/io/github/gpujacobi/cuda/gpujacobi.fatbin"
build() {
  nvcc -std=c++17 -O3 -fatbin -o "$1" \
    -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
    -gencode arch=compute_80,code=compute_80 "$src"
}
if [ "${1:-}" = "--check" ]; then
  if ! command -v nvcc >/dev/null; then echo "build-kernels: no nvcc here, fatbin check skipped"; exit 0; fi
  tmp="$(mktemp --suffix=.fatbin)"
  trap 'rm -f "$tmp"' EXIT
  build "$tmp"
  if cmp -s "$tmp" "$out"; then
    echo "build-kernels: committed fatbin matches the sources"
  else
    # nvcc embeds no timestamps, so a difference means the sources changed without a rebuild
    echo "build-kernels: $out is stale: run cuda/build-kernels.sh and commit the result" >&2
    exit 1
  fi
else
  build "$out"
  echo "built $out ($(stat -c %s "$out") bytes)"
fi
