#!/usr/bin/env bash
# Compiles the CUDA kernels ahead of time into one fatbin (cubins for sm_80 and sm_90, PTX for
# compute_80 so newer GPUs JIT it), committed as a resource so the build needs no nvcc, with a
# manifest next to it (gpujacobi.fatbin.sources: the SHA-256 of every kernel source, the nvcc
# version and flags). Two checks keep the fatbin honest:
#   - FatbinManifestTest (every mvn build, no nvcc needed) fails when a source's hash differs
#     from the manifest, i.e. a kernel was edited without rebuilding;
#   - build-kernels.sh --check (run by mvn verify -Pall-tests, as CI does, when nvcc is on the PATH) rebuilds and
#     compares bytes (the default mvn verify runs --check-sources: the rebuild takes minutes of a 2-core machine).
#     nvcc 13.0 output is byte-identical from run to run (no timestamps), so with the
#     manifest's nvcc version any difference means a stale fatbin; with another nvcc version the
#     bytes legitimately differ, and the check falls back to the source hashes.
#   build-kernels.sh          rebuild the fatbin and its manifest
#   build-kernels.sh --check  rebuild into a temporary file and fail if it differs
#   build-kernels.sh --check-sources  fail if the sources or flags differ from the manifest (no nvcc needed)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
srcdir="$here/src/main/cuda"
res="$here/src/main/resources/io/github/gpujacobi/cuda"
out="$res/gpujacobi.fatbin"
manifest="$res/gpujacobi.fatbin.sources"
flags="-std=c++17 -O3 -fatbin -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 -gencode arch=compute_80,code=compute_80"
build() {
  # shellcheck disable=SC2086
  nvcc $flags -o "$1" "$srcdir/kernels.cu"
}
nvcc_version() { nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*'; }
# the manifest without its nvcc line: what the sources and flags of this checkout give
manifest_body() {
  echo "# gpujacobi.fatbin: written by cuda/build-kernels.sh; checked by FatbinManifestTest"
  echo "flags: $flags"
  (cd "$srcdir" && sha256sum -- *.cu *.cuh)
}
write_manifest() { manifest_body | sed "1a nvcc: $(nvcc_version)" > "$1"; }
sources_match() { diff -q <(grep -v '^nvcc:' "$manifest") <(manifest_body) >/dev/null; }
if [ "${1:-}" = "--check-sources" ]; then
  if ! sources_match; then
    echo "build-kernels: the kernel sources or flags changed since the fatbin was built: run cuda/build-kernels.sh and commit" >&2
    exit 1
  fi
  echo "build-kernels: the fatbin's manifest matches the sources and flags (bytes compared with -Pall-tests)"
elif [ "${1:-}" = "--check" ]; then
  if ! command -v nvcc >/dev/null; then echo "build-kernels: no nvcc here, fatbin check skipped"; exit 0; fi
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  if ! sources_match; then
    echo "build-kernels: the kernel sources or flags changed since the fatbin was built: run cuda/build-kernels.sh and commit" >&2
    exit 1
  fi
  if [ "$(grep '^nvcc:' "$manifest")" != "nvcc: $(nvcc_version)" ]; then
    echo "build-kernels: fatbin built by $(grep '^nvcc:' "$manifest" | cut -c7-), this is $(nvcc_version): sources match, bytes not compared"
    exit 0
  fi
  build "$tmp/k.fatbin"
  if cmp -s "$tmp/k.fatbin" "$out"; then
    echo "build-kernels: committed fatbin matches the sources"
  else
    echo "build-kernels: $out is stale: run cuda/build-kernels.sh and commit the result" >&2
    exit 1
  fi
else
  build "$out"
  write_manifest "$manifest"
  echo "built $out ($(stat -c %s "$out") bytes)"
fi
