#!/usr/bin/env bash
# Thread scaling of the CPU backend: `gpujacobi bench --device cpu` rows for eig (the default
# route's one-sided hyperbolic Jacobi), svd (onesided, QR-preconditioned) and inv at 1/2/4/8/16 threads,
# against single-threaded EJML (run once) and LAPACK through scipy (scipy.linalg.eigh, svd, inv; its BLAS
# limited to the same thread counts), in one Markdown table. Not a test: prints the figures.
# usage: app/scripts/cpu-scaling.sh [-j JAR] [-J JAVA] [-n "1024"] [-t "1 2 4 8 16"] [-r REPEAT] [-o DIR]
# Needs Java 8+ and the all-in-one jar (mvn -B -DskipTests package); python3 with numpy and scipy for the
# LAPACK rows (without them those rows are left out and the table says so).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="$here/../../dist/gpujacobi.jar"; java=java; sizes="1024"; threads="1 2 4 8 16"; repeat=3; out=""
while getopts "j:J:n:t:r:o:" opt; do
  case $opt in
    j) jar=$OPTARG ;; J) java=$OPTARG ;; n) sizes=$OPTARG ;; t) threads=$OPTARG ;; r) repeat=$OPTARG ;;
    o) out=$OPTARG ;; *) sed -n 2,8p "$0"; exit 2 ;;
  esac
done
[ -n "$out" ] || out=$(mktemp -d)
mkdir -p "$out"
ns=$(echo "$sizes" | tr ' ' ',')
heap=$(( $(awk '/MemTotal/ {print int($2 / 1048576)}' /proc/meminfo 2>/dev/null || echo 8) / 2 ))
[ "$heap" -ge 2 ] || heap=2
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
"$java" -version 2>&1 | head -1 | sed 's/^/# /'
# EJML is single-threaded: once
"$java" -Xmx${heap}g -jar "$jar" bench --op eig,svd,inv --n "$ns" --repeat "$repeat" --threads 1 \
  --impl 'ejml' --out "$out/ejml.csv" >/dev/null 2>"$out/ejml.err" || cat "$out/ejml.err" >&2
for t in $threads; do
  "$java" -Xmx${heap}g -jar "$jar" bench --op eig,svd,inv --n "$ns" --repeat "$repeat" --threads "$t" \
    --impl 'cpu/(hyperbolic|onesided|auto)$' --out "$out/gpujacobi-t$t.csv" >/dev/null 2>"$out/gpujacobi-t$t.err" \
    || cat "$out/gpujacobi-t$t.err" >&2
  if python3 -c "import numpy" 2>/dev/null; then
    OMP_NUM_THREADS=$t OPENBLAS_NUM_THREADS=$t MKL_NUM_THREADS=$t BLIS_NUM_THREADS=$t \
      python3 "$here/cpu_scaling.py" lapack "$ns" "$repeat" "$t" > "$out/lapack-t$t.csv"
  fi
done
python3 "$here/cpu_scaling.py" table "$out" "$threads"
