#!/usr/bin/env bash
# The one entry point for GPU verification, run from the repository root on the GPU machine with
# the carried .jre and dist/gpujacobi.jar (see docs/benchmarks/README.md):
#   stage verify   device info and the correctness checks on the GPU (verify --device gpu)
#   stage table1   seed 000's Table I (single, 6 fixed sweeps, TA/MA/SA/MCA and the CPU)
#   stage bench    gpujacobi against cuSOLVER and EJML, up to n=4096 (eig, svd), 8192 (inv)
#   stage bench-large  the largest sizes and the page arrays
#   all            everything (longer than one 10-minute device command: run stages separately there)
# Results go to ${OUT:-gpu-report}.
set -uo pipefail
out="${OUT:-gpu-report}"
mkdir -p "$out"
java=".jre/bin/java"; [ -x "$java" ] || java=java
run() { "$java" -Xmx48g -jar dist/gpujacobi.jar "$@"; }
stage="${1:-all}"
want() { [ "$stage" = all ] || [ "$stage" = "$1" ]; }
{
  echo "# gpujacobi GPU verification, $(date -u '+%Y-%m-%d %H:%M UTC'), stage $stage"
  nvidia-smi --query-gpu=name,memory.total,driver_version,compute_cap --format=csv,noheader 2>&1
  run info
} > "$out/info-$stage.txt"
status=0
if want verify; then
  run verify --device gpu > "$out/verify.txt" 2>&1 || status=1
fi
if want table1; then
  run bench --table1 --n 8,16,32,64,128,256,512,1024,2048,4096 --repeat 2 --cpu-max-n 1024 \
      --out "$out/table1.csv" > "$out/table1.txt" 2>&1 || status=1
fi
if want bench; then
  run bench --op eig,svd,inv --n 256,1024,2048 --dtype single,double --repeat 3 --cpu-max-n 1024 \
      --out "$out/bench-small.csv" > "$out/bench-small.txt" 2>&1 || status=1
  run bench --op eig,svd --n 4096 --dtype single,double --repeat 1 --impl 'mca|onesided|cusolver' \
      --out "$out/bench-4096.csv" > "$out/bench-4096.txt" 2>&1 || status=1
fi
if want bench-large; then
  run bench --op inv --n 4096,8192 --dtype single,double --repeat 2 --impl 'cuda|cusolver' \
      --out "$out/bench-inv-large.csv" > "$out/bench-inv-large.txt" 2>&1 || status=1
  run bench --op eig --n 8192 --dtype single,double --repeat 2 --impl 'cusolver' \
      --out "$out/bench-eig-8192.csv" > "$out/bench-eig-8192.txt" 2>&1 || status=1
  run bench --op eig,inv --n 64 --pages 2000 --dtype single,double --repeat 2 --impl 'cuda/mca|cuda/gauss|cpu|cusolver syevd|getrf' \
      --out "$out/bench-pages-64.csv" > "$out/bench-pages-64.txt" 2>&1 || status=1
  run bench --op eig,svd,inv --n 256 --pages 100 --dtype single,double --repeat 1 --impl 'cuda/mca|onesided|cuda/gauss|cusolver syevd|gesvdj|getrf' \
      --out "$out/bench-pages-256.csv" > "$out/bench-pages-256.txt" 2>&1 || status=1
fi
tail -n 3 "$out"/*.txt
exit $status
