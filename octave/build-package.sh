#!/usr/bin/env bash
# Builds the pkg-installable Octave package octave/target/gpujacobi-<version>.tar.gz from the
# toolbox .m files (matlab/gpujacobi) and the toolbox jar (dist/gpujacobi-toolbox.jar), and copies it
# to dist/gpujacobi-octave-<version>.tar.gz, the release archive. Reproducible: fixed entry times (the
# second argument, project.build.outputTimestamp), owners, modes and order, and no time in the gzip header.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${1:?version}"
stamp="${2:?build-package.sh: the second argument is the archive time stamp (the build passes project.build.outputTimestamp)}"
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
tarball="$root/octave/target/gpujacobi-$version.tar.gz"
tar --sort=name --mtime="$stamp" --owner=0 --group=0 --numeric-owner --mode='u+rwX,go+rX,go-w' --format=gnu \
  -cf - -C "$work" gpujacobi | gzip -n -9 > "$tarball.part"
mv "$tarball.part" "$tarball"
mkdir -p "$root/dist"
cp "$tarball" "$root/dist/gpujacobi-octave-$version.tar.gz.part"
mv "$root/dist/gpujacobi-octave-$version.tar.gz.part" "$root/dist/gpujacobi-octave-$version.tar.gz"
echo "built octave/target/gpujacobi-$version.tar.gz and dist/gpujacobi-octave-$version.tar.gz"
