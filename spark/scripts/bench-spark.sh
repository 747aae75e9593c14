#!/usr/bin/env bash
# Files per second of the Spark job (local[2]) against the local batch (--jobs 2) on N small .mat files
# (one 16x16 symmetric double matrix each, --op eig). Usage: spark/scripts/bench-spark.sh [N] [ROUNDS]
# Cold: each run is a fresh JVM through ./gpujacobi and ./gpujacobi-spark (the report's seconds exclude
# JVM and Spark start-up, the wall time includes them). Warm: WarmRounds.java, both in one JVM.
set -euo pipefail
n="${1:-200}"; rounds="${2:-3}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
python3 - "$work/in" "$n" <<'PY'
import os, sys, numpy as np, scipy.io as sio
d, n = sys.argv[1], int(sys.argv[2]); os.makedirs(d)
rng = np.random.default_rng(1)
for i in range(n):
    a = rng.standard_normal((16, 16)); sio.savemat(f"{d}/f{i:04d}.mat", {"A": a + a.T})
PY
"$root/gpujacobi-spark" batch --help > /dev/null   # builds on first use
[ -f "$root/dist/gpujacobi.jar" ] || "$root/gpujacobi" --help > /dev/null 2>&1 || true
echo "$n files, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
for r in $(seq "$rounds"); do
  rm -rf "$work/outL" "$work/outS"
  s=$(date +%s.%N); line=$("$root/gpujacobi" batch --op eig --jobs 2 --quiet "$work/in" -o "$work/outL" | tail -1); e=$(date +%s.%N)
  echo "cold round $r local: wall $(echo "$e - $s" | bc) s; ${line##*, }"
  s=$(date +%s.%N); line=$("$root/gpujacobi-spark" batch --op eig --quiet "$work/in" -o "$work/outS" 2>/dev/null | tail -1); e=$(date +%s.%N)
  echo "cold round $r spark: wall $(echo "$e - $s" | bc) s; ${line##*, }"
done
cp_file="$root/spark/target/launcher.classpath"
cp="$root/spark/target/gpujacobi-spark-0.1.0.jar:$(cat "$cp_file")"
javac -cp "$cp" -d "$work/cls" "$root/spark/scripts/WarmRounds.java"
SPARK_LOCAL_IP=127.0.0.1 java "@$root/spark/spark-jvm.options" -Dlog4j2.configurationFile="$root/spark/src/launcher/log4j2.properties" \
  -cp "$work/cls:$cp" io.github.gpujacobi.spark.WarmRounds "$work/in" "$work/out" $((rounds + 1)) 2>/dev/null
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
