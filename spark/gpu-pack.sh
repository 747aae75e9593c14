#!/usr/bin/env bash
# Packs what spark/gpu-cluster.sh needs on a GPU machine without Java or network into chunks that travel one per
# device command (each command carries at most 64 MiB with the working tree): .gpu/spark-part-N.tar.xz, each an
# independent tarball that unpacks into .gpu/spark/ (a jlink'd Java runtime in jre/, Spark's and gpujacobi's jars
# in lib/). Spark's jars are trimmed to what standalone mode loads: other platforms' natives go, and jars from
# which a rehearsal of gpu-cluster.sh (cpu mode, every JVM logging its class loading) loaded nothing, except
# gpujacobi's own dependencies (its GPU path does not run in the rehearsal). The trimmed set is rehearsed again.
# Usage: spark/gpu-pack.sh   (from any folder; builds the Spark module first)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
stage=.gpu/spark
limit=$((44 * 1000 * 1000))   # uncompressed bytes per chunk: xz barely shrinks jars
mvn -B -o -q -DskipTests -Pspark -pl spark -am package
rm -rf "$stage" .gpu/spark-part-*.tar.xz
mkdir -p "$stage/lib" "$stage/tools"

# Java: Spark adds --add-modules=jdk.incubator.vector to executors; Hadoop's login needs jgss and jdk.security.auth; log4j java.beans (java.desktop)
jlink --add-modules java.base,java.desktop,java.logging,java.management,jdk.management,java.xml,java.naming,java.sql,java.security.jgss,java.security.sasl,jdk.security.auth,jdk.unsupported,jdk.incubator.vector,java.net.http,java.scripting,jdk.crypto.ec \
  --strip-debug --no-man-pages --no-header-files --compress=2 --output "$stage/jre"

# jars of the launcher's class path (Spark, Hadoop client, gpujacobi) and the job's own
gj="$(tr ':' '\n' < spark/target/launcher.classpath | grep -E 'java-core/|matrices/|app/|cuda/|mfl-|picocli|commons-csv|gson|ejml|xchart|jcuda|/jna/' || true)"
for j in $(tr ':' '\n' < spark/target/launcher.classpath) spark/target/gpujacobi-spark-0.1.0.jar; do
  case "$(basename "$j")" in
    rocksdbjni-*|*-osx-*|*-windows-*|*aarch_64*|*riscv64*|*kqueue*|py4j-*|pickle-*) continue ;;  # other platforms; Python
  esac
  cp "$j" "$stage/lib/"
done
# native libraries of other platforms inside jars (zstd, snappy, lz4, jna, leveldb; jcuda's NVRTC bindings are unused)
for j in "$stage"/lib/*.jar; do
  drop=$( (unzip -Z1 "$j" | grep -E '\.(so|dylib|dll|jnilib)$' | grep -vE '(linux|Linux)[-/_]?(x86_64|amd64|x86-64)|linux64/';
          unzip -Z1 "$j" | grep -E '/libJNvrtc|/libJNvPTXCompiler') || true)
  [ -n "$drop" ] && echo "$drop" | zip -q -d "$j" -@ > /dev/null
done
javac -d "$stage/tools" -cp "$stage/lib/*" spark/scripts/ClusterFiles.java
(cd "$stage/tools" && zip -qr ../lib/gpujacobi-cluster-tools.jar .) && rm -rf "$stage/tools"

# rehearsal 1: which jars do the master, the workers, the executors, the driver and the batch load from?
log=$(mktemp -d)
JAVA="$stage/jre/bin/java" CLASSLOG="$log" STEPS="2 4" spark/gpu-cluster.sh cpu 4 64 > "$log/rehearsal.txt" 2>&1 \
  || { cat "$log/rehearsal.txt"; echo "gpu-pack.sh: the rehearsal failed" >&2; exit 1; }
used=$(grep -h 'source: .*\.jar' "$log"/*.log | sed -n 's|.*source: \(jar:\)\{0,1\}file:\([^!]*\.jar\).*|\2|p' | xargs -n1 basename | sort -u)
for j in "$stage"/lib/*.jar; do
  b=$(basename "$j")
  echo "$used" | grep -qx "$b" && continue
  echo "$gj" | grep -q "/$b$" && continue
  [ "$b" = gpujacobi-cluster-tools.jar ] && continue
  rm "$j"; echo "unused: $b"
done
rm -rf "$log"
# rehearsal 2, on the trimmed set: what runs on the GPU machine, but for the GPU
JAVA="$stage/jre/bin/java" spark/gpu-cluster.sh cpu 4 64

# chunks: files largest first into the first chunk with room
du -sb "$stage/jre" "$stage/lib"
(cd "$stage" && find jre lib -type f -printf '%s %p\n' | sort -rn) > /tmp/gpu-pack-files.$$
awk -v limit="$limit" '{ for (c = 1; c <= n && size[c] + $1 > limit; c++); if (c > n) n = c; size[c] += $1; print c, $2 }' \
  /tmp/gpu-pack-files.$$ > /tmp/gpu-pack-chunks.$$
for c in $(cut -d' ' -f1 /tmp/gpu-pack-chunks.$$ | sort -un); do
  awk -v c="$c" '$1 == c { print $2 }' /tmp/gpu-pack-chunks.$$ > /tmp/gpu-pack-list.$$
  XZ_OPT=-6 tar -C "$stage" -cJf ".gpu/spark-part-$c.tar.xz" -T /tmp/gpu-pack-list.$$
done
rm -f /tmp/gpu-pack-*.$$
ls -l .gpu/spark-part-*.tar.xz
cat <<'TXT'
On the GPU machine, one command per carry (parts 3 and 4 fit one command with the working tree), then the run:
  unpack() { mkdir -p .gpu/spark; for p in "$@"; do tar -C .gpu/spark -xJf "$p" 2>/dev/null \
    || python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' "$p" .gpu/spark; rm -f "$p"; done; du -sh .gpu/spark; }
  carry .gpu/spark-part-1.tar.xz:                        unpack .gpu/spark-part-1.tar.xz
  carry .gpu/spark-part-2.tar.xz:                        unpack .gpu/spark-part-2.tar.xz
  carry .gpu/spark-part-3.tar.xz .gpu/spark-part-4.tar.xz: unpack .gpu/spark-part-[34].tar.xz && OUT=$OUT bash spark/gpu-cluster.sh gpu 40 2048
TXT
