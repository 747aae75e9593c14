#!/usr/bin/env bash
# Builds the pkg-installable Octave package octave/target/gpujacobi-<version>.tar.gz from the
# toolbox .m files (matlab/gpujacobi) and the toolbox jar (dist/gpujacobi-toolbox.jar).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${1:?version}"
jar="$root/dist/gpujacobi-toolbox.jar"
[ -f "$jar" ] || { echo "build-package: $jar is missing (build the bundle module first: mvn -B -DskipTests package)" >&2; exit 1; }
work="$root/octave/target/pkg"
stage="$work/gpujacobi"
rm -rf "$work"
mkdir -p "$stage/inst"
sed "s/@VERSION@/$version/" "$root/octave/DESCRIPTION.in" > "$stage/DESCRIPTION"
cp "$root/octave/INDEX" "$stage/INDEX"
cp "$root/LICENSE" "$stage/COPYING"
cp -r "$root/matlab/gpujacobi/." "$stage/inst/"
cp "$root/octave/PKG_ADD" "$stage/inst/PKG_ADD"
cp "$root/octave/PKG_DEL" "$stage/inst/PKG_DEL"
cp "$jar" "$stage/inst/gpujacobi-toolbox.jar"
rm -f "$stage/inst/functionSignatures.json"   # MATLAB only
tar czf "$root/octave/target/gpujacobi-$version.tar.gz" -C "$work" gpujacobi
echo "built octave/target/gpujacobi-$version.tar.gz"
