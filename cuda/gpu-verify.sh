#!/usr/bin/env bash
# The one entry point for GPU verification, run from the repository root on the GPU machine with
# the carried .jre and dist/gpujacobi.jar: device info, the correctness checks on the GPU, seed 000's
# Table I, and the benchmark side by side with cuSOLVER. Writes everything under ${OUT:-gpu-report}.
set -uo pipefail
out="${OUT:-gpu-report}"
mkdir -p "$out"
java=".jre/bin/java"; [ -x "$java" ] || java=java
run() { "$java" -Xmx24g -jar dist/gpujacobi.jar "$@"; }
{
  echo "# gpujacobi GPU verification, $(date -u '+%Y-%m-%d %H:%M UTC')"
  nvidia-smi --query-gpu=name,memory.total,driver_version,compute_cap --format=csv,noheader 2>&1
  run info
} | tee "$out/info.txt"
stage="${1:-all}"
if [ "$stage" = all ] || [ "$stage" = verify ]; then
  run verify --device gpu 2>&1 | tee "$out/verify.txt"
fi
if [ "$stage" = all ] || [ "$stage" = table1 ]; then
  run bench --table1 --out "$out/table1.csv" 2>&1 | tee "$out/table1.txt"
fi
if [ "$stage" = all ] || [ "$stage" = bench ]; then
  run bench --op eig,inv --n 256,1024,2048,4096,8192 --dtype single,double --repeat 3 --out "$out/bench-eig-inv.csv" 2>&1 | tee "$out/bench-eig-inv.txt"
  run bench --op svd --n 256,1024,2048,4096 --dtype single,double --repeat 3 --out "$out/bench-svd.csv" 2>&1 | tee "$out/bench-svd.txt"
fi
