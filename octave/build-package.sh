#!/usr/bin/env bash
# Builds the pkg-installable Octave package octave/target/gpujacobi-<version>.tar.gz from the
# toolbox .m files (matlab/toolbox) and the all-in-one jar (dist/gpujacobi.jar).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${1:?version}"
jar="$root/dist/gpujacobi.jar"
[ -f "$jar" ] || { echo "build-package: $jar is missing (build the matlab module first)" >&2; exit 1; }
work="$root/octave/target/pkg"
stage="$work/gpujacobi"
rm -rf "$work"
mkdir -p "$stage/inst"
sed "s/@VERSION@/$version/" "$root/octave/DESCRIPTION.in" > "$stage/DESCRIPTION"
cp "$root/octave/INDEX" "$stage/INDEX"
cp "$root/LICENSE" "$stage/COPYING"
cp -r "$root/matlab/toolbox/." "$stage/inst/"
cp "$root/octave/PKG_ADD" "$stage/inst/PKG_ADD"
cp "$jar" "$stage/inst/gpujacobi.jar"
tar czf "$root/octave/target/gpujacobi-$version.tar.gz" -C "$work" gpujacobi
echo "built octave/target/gpujacobi-$version.tar.gz"
