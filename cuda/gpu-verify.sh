#!/usr/bin/env bash
# The one entry point for GPU verification, run from the repository root on the GPU machine with a
# Java runtime in .jre (shared/device/make-jre.sh) and the all-in-one jar (dist/gpujacobi.jar, or
# JAR=...). Each stage fits one 10-minute device command; 'all' runs them in order.
#   verify  device info, then the JUnit backend conformance suite on the GPU (CudaConformanceTest:
#           the abstract testing.BackendConformance of gpujacobi-core's test-jar, one result per check:
#           residual, orthogonality, ordering, EJML agreement, special and extreme-scale matrices,
#           graded relative accuracy, bad input, pages, both precisions) and CudaPageOrthogonalityTest (every page
#           class's U and V within n eps) from
#           dist/gpujacobi-conformance.jar (mvn -B -DskipTests -Pconformance package builds it next to dist/gpujacobi.jar; CONFORMANCE=...),
#           per-check results to conformance.txt (tree) and conformance/*.xml (JUnit XML); then the
#           product's own quick check (gpujacobi verify --device gpu), kept as the users' smoke test.
#   table1  Table I of [1]: single, 6 fixed sweeps, TA/MA/SA/MCA and the CPU, N = 8 ... 1024
#   bench   eig, svd, inv against cuSOLVER and EJML, n = 256 and 1024, both precisions (CPU rows to 256)
#   pages   eig and svd on 3-D arrays: 2000 pages of 8, 16, 32, 64, 500 of 128, 100 of 256, both
#           precisions, against syevjBatched/gesvdjBatched, XsyevBatched and a loop of syevd; inv pages
#           against cuBLAS getrfBatched+getriBatched up to 64
#   large   Table I at N = 2048, 4096; eig, svd, inv at n = 4096 against cuSOLVER, both precisions
#   huge    n = 8192, both precisions, against cuSOLVER: eig (the default, blocked) and inv; then the single svd against
#           sgesvdj in a process of its own (gesvdj has ended the process at 8192, double; the double svd's
#           8192 row is in 'quick'); a run over 20 s is timed once
#   complex complex input: eig (random Hermitian and positive definite), svd, inv against cuSOLVER's
#           heevd, heevj, gesvd, gesvdj, getrf+getrs: n = 1024 both precisions (repeat 3), 2048, 4096 (once)
#   blocked the blocked one-sided Jacobi (method 'blocked', the GPU default from n = 768 and in single):
#           per-sweep profile, svd and SPD eig (bench --spd) against cuSOLVER at n = 1024, 4096 (both
#           precisions), 8192; tall svd 8192 x 1024; n = 16384 with the peak device memory
#   multigpu the 'Gpus' paths: CudaMultiGpuTest (logical devices
#           on GPU 0, peer copies), then one GPU against all visible (GPUS=0,1 to choose; on a one-GPU machine
#           GPUS=0,0 times two logical devices on one GPU: the split's overhead): pages 2000 x 64 x 64 and
#           100 x 1024 x 1024, one matrix n = 4096 (MULTI_N=16384 for two large GPUs) with the phase profile
#   profile the blocked routes' per-phase profile (-Dgpujacobi.cuda.profile=true): svd and SPD eig, indefinite eig, real
#           and complex, n = 1024, 4096
#   host    the whole call's host path: info --link, then eig/svd/inv 1024 and 4096 and pages 2000 x 64 (both
#           precisions) whole call and device time beside cuSOLVER and cuBLAS
#   contract the accuracy contract (docs/accuracy.md): verify, then 'routes': the default routes ('auto') beside the
#           two-sided kernels and cuSOLVER (eig 256/512/1024, pages 2000 x 64, svd 300 and 4096), device time and whole call
#   pages45 page arrays against cuSOLVER's and cuBLAS's batched routines: CudaPageRoutesTest and CudaRecoveryTest (a
#           sticky CUDA error, then the next calls; in a JVM of its own, as in 'verify' and 'quick'), then eig/svd/inv on 2000 pages of 8, 16, 32, 64 and 500
#           of 128, 256, both precisions, repeat 5, against XsyevBatched, syevjBatched/gesvdjBatched and
#           getrfBatched+getriBatched (with Method 'blocked' on the small pages), the cuSOLVER gesvd row at the page
#           sizes where it failed; with two or more GPUs (GPUS=0,1 to choose) the page split's threshold: one GPU against
#           all with the Tuning thresholds (PageSplitRule)
#   quick   the first run after a merge, in one command: the conformance suite (real, complex, pages at every
#           size class) with CudaMultiGpuTest, verify, and one row per open target (blocked 1024/4096,
#           indefinite eig, pages 32/64/256, complex 1024, blocked 8192, thin 8192 x 1024 svd, n = 16384 eig
#           with its peak device memory; about 6-7 minutes; the n = 16384 svd is in 'blocked')
# Results (each step's output, and CSV where bench writes one) go to ${OUT:-gpu-report}; with TAR=FILE every step also
# leaves them all in FILE (tar.gz), since the device tool brings back at most 8 files: on the device,
# TAR=$OUT/stage.tgz OUT=$(mktemp -d) keeps everything up to a step cut by the 10-minute limit. TAR comes first: bash
# expands a later assignment with the earlier ones, so OUT=... TAR=$OUT/... would put the tar inside the results
# (a run lost its files that way); such a TAR is refused.
set -uo pipefail
out="${OUT:-gpu-report}"
mkdir -p "$out"
if [ -n "${TAR:-}" ]; then
  case "$(cd "$(dirname "$TAR")" 2>/dev/null && pwd -P)/" in
    "$(cd "$out" && pwd -P)/"*) echo "gpu-verify.sh: TAR=$TAR lies inside the results folder $out: name a file outside it" >&2; exit 2 ;;
  esac
fi
java=".jre/bin/java"; [ -x "$java" ] || java=java
jar="${JAR:-dist/gpujacobi.jar}"
run() { "$java" -Xmx64g "${JOPTS[@]}" -jar "$jar" "$@"; }
conformance_jar() { # the suite's jar; the default build leaves it out
  local c="${CONFORMANCE:-dist/gpujacobi-conformance.jar}"
  [ -f "$c" ] || { echo "gpu-verify.sh: $c is missing: build it with mvn -B -DskipTests -Pconformance package, or set CONFORMANCE" >&2; exit 2; }
  echo "$c"
}
JOPTS=()
status=0
step() { # step NAME CMD...: runs, keeps the output, notes failures
  local name="$1"; shift
  echo "== $name"
  local t0=$SECONDS
  "$@" > "$out/$name.txt" 2>&1
  local rc=$?
  if [ $rc -ne 0 ]; then status=1; echo "   FAILED (exit $rc)"; fi
  echo "   $((SECONDS - t0)) s"
  tail -n 2 "$out/$name.txt"
  if [ -n "${TAR:-}" ]; then tar -C "$out" -czf "$TAR" .; fi
}
stage_verify() {
  { echo "# gpujacobi GPU verification, $(date -u '+%Y-%m-%d %H:%M UTC')"
    nvidia-smi --query-gpu=name,memory.total,driver_version,compute_cap,clocks.max.sm --format=csv 2>&1
    run info; } > "$out/info.txt" 2>&1
  local cjar; cjar="$(conformance_jar)" || exit 2
  step conformance "$java" -Xmx16g -cp "$jar:$cjar" org.junit.platform.console.ConsoleLauncher execute \
      --select-class io.github.gpujacobi.cuda.CudaConformanceTest \
      --select-class io.github.gpujacobi.cuda.CudaPageOrthogonalityTest \
      --select-class io.github.gpujacobi.cuda.CudaAccuracyContractTest --select-class io.github.gpujacobi.cuda.CudaPageRoutesTest --select-class io.github.gpujacobi.cuda.CudaDeviceChecksTest \
      --details=tree --disable-banner --disable-ansi-colors \
      --reports-dir "$out/conformance"
  # every check skipped (no GPU) must not read as a pass
  if grep -q '\[ *0 tests successful' "$out/conformance.txt"; then echo "   no check ran (no GPU?)"; status=1; fi
  step verify run verify --device gpu
  recovery_step
}
# CudaRecoveryTest leaves its JVM's GPU poisoned (a sticky CUDA error on purpose): a JVM of its own, after the others
recovery_step() {
  local cjar; cjar="$(conformance_jar)" || exit 2
  step recovery "$java" -Xmx4g -cp "$jar:$cjar" org.junit.platform.console.ConsoleLauncher execute \
      --select-class io.github.gpujacobi.cuda.CudaRecoveryTest --details=tree --disable-banner --disable-ansi-colors \
      --reports-dir "$out/recovery"
  if grep -q '\[ *0 tests successful' "$out/recovery.txt"; then echo "   no check ran (no GPU?)"; status=1; fi
}
stage_table1() {
  step table1 run bench --table1 --n 8,16,32,64,128,256,512,1024 --repeat 3 --cpu-max-n 1024 --out "$out/table1.csv"
}
stage_bench() {
  step bench-256-1024 run bench --op eig,svd,inv --n 256,1024 --dtype double,single --repeat 3 --cpu-max-n 256 \
      --out "$out/bench-256-1024.csv"
}
stage_pages() {
  # eig and svd on 3-D arrays, every size class of the batched kernels, both precisions,
  # against cuSOLVER's batched routines (syevjBatched/gesvdjBatched up to 32, XsyevBatched for any n)
  # and a loop of syevd; 2000 pages up to 64, 500 of 128, 100 of 256 (the GPU defaults only: the
  # TA/MA/SA/MCA page loops and looped svd routines take minutes here)
  local peers='cuda/(parallel|onesided)|Batched|syevd'
  # the small pages take 0.1-1 ms, where one run in a process varies up to 2x: 9 runs a row
  step bench-pages-small run bench --op eig,svd --n 8,16,32 --pages 2000 --dtype double,single --repeat 9 \
      --impl "$peers" --out "$out/bench-pages-small.csv"
  step bench-pages-64 run bench --op eig,svd --n 64 --pages 2000 --dtype double,single --repeat 3 \
      --impl "$peers" --out "$out/bench-pages-64.csv"
  step bench-pages-128 run bench --op eig,svd --n 128 --pages 500 --dtype double,single --repeat 3 \
      --impl "$peers" --out "$out/bench-pages-128.csv"
  step bench-pages-256 run bench --op eig,svd --n 256 --pages 100 --dtype double,single --repeat 3 \
      --impl "$peers" --out "$out/bench-pages-256.csv"
  # inv: the batched Gauss-Jordan kernels against cuBLAS getrfBatched+getriBatched
  step bench-pages-inv run bench --op inv --n 8,16,32,64 --pages 2000 --dtype double,single --repeat 5 \
      --impl 'cuda/gauss|Batched' --out "$out/bench-pages-inv.csv"
}
stage_large() {
  step table1-large run bench --table1 --n 2048,4096 --repeat 1 --cpu-max-n 8 --out "$out/table1-large.csv"
  step bench-4096 run bench --op eig,svd,inv --n 4096 --dtype double,single --repeat 1 \
      --impl 'cuda/(parallel|mca|onesided|gauss)|cusolver' --out "$out/bench-4096.csv"
}
stage_huge() {
  step bench-8192 run bench --op eig,inv --n 8192 --dtype double,single --repeat 1 \
      --impl 'cuda/(blocked|gaussjordan)|cusolver' --out "$out/bench-8192.csv"
  step bench-8192-svd run bench --op svd --n 8192 --dtype single --repeat 1 \
      --impl 'cuda/blocked|gesvdj' --out "$out/bench-8192-svd.csv"
}
stage_blocked() {
  JOPTS=("-Dgpujacobi.cuda.profile=true")
  step blocked-profile run bench --op svd,eig --spd --n 1024,4096 --dtype double --repeat 1 --impl 'cuda/blocked'
  JOPTS=()
  # the target rows: n = 1024, 4096 both precisions against cuSOLVER (one process each)
  step blocked-bench run bench --op svd,eig --spd --n 1024,4096 --dtype double,single --repeat 3 \
      --impl 'cuda/blocked|cusolver' --out "$out/blocked-bench.csv"
  # thin SVDs (bench makes non-square svd rows thin: a full 8192 x 8192 U completed on the host took
  # minutes in the first try); not yet measured on the device, so a time limit keeps the stage going
  step blocked-tall timeout 300 "$java" -Xmx64g -jar "$jar" bench --op svd --rows 8192 --n 1024 --dtype double,single \
      --repeat 3 --impl 'cuda/blocked|gesvdj|gesvd$' --out "$out/blocked-tall.csv"
  step blocked-8192 run bench --op eig,svd --spd --n 8192 --dtype double --repeat 1 \
      --impl 'cuda/blocked|syevj|syevd|gesvdj' --out "$out/blocked-8192.csv"
  blocked_16384 blocked-16384
}
blocked_16384() { # NAME [OPS]: n = 16384, the blocked path only (one run each), peak device memory sampled by nvidia-smi
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 200 > "$out/$1-mem.txt" 2>/dev/null &
  local smi=$!
  step "$1" run bench --op "${2:-eig,svd}" --spd --n 16384 --dtype double --repeat 1 --impl 'cuda/blocked' --out "$out/$1.csv"
  kill "$smi" 2>/dev/null
  echo "   peak device memory $(sort -n "$out/$1-mem.txt" | tail -1) MiB (nvidia-smi, whole device)"
}
stage_multigpu() {
  local cjar g all="${GPUS:-}"; cjar="$(conformance_jar)" || exit 2
  [ -n "$all" ] || all=$(nvidia-smi --query-gpu=index --format=csv,noheader | paste -sd, -)
  step multigpu-test "$java" -Xmx16g -cp "$jar:$cjar" org.junit.platform.console.ConsoleLauncher execute \
      --select-class io.github.gpujacobi.cuda.CudaMultiGpuTest --details=tree --disable-banner --disable-ansi-colors
  for g in 0 "$all"; do
    JOPTS=("-Dgpujacobi.cuda.gpus=$g")
    step "multigpu-pages64-gpus${g//,/_}" run bench --op eig,svd --n 64 --pages 2000 --repeat 3 --with-transfers \
        --impl 'cuda/(parallel|onesided)$' --out "$out/multigpu-pages64-gpus${g//,/_}.csv"
    step "multigpu-pages1024-gpus${g//,/_}" run bench --op eig,svd --spd --n 1024 --pages 100 --repeat 1 --with-transfers \
        --impl 'cuda/blocked$' --out "$out/multigpu-pages1024-gpus${g//,/_}.csv"
    JOPTS=("-Dgpujacobi.cuda.gpus=$g" "-Dgpujacobi.cuda.multiGpuFrom=${MULTI_N:-4096}" "-Dgpujacobi.cuda.profile=true")
    step "multigpu-matrix-gpus${g//,/_}" run bench --op svd,eig --spd --n "${MULTI_N:-4096}" --repeat 1 --with-transfers \
        --impl 'cuda/blocked$' --out "$out/multigpu-matrix-gpus${g//,/_}.csv"
  done
  JOPTS=()
}
stage_complex() {
  # the defaults (the complex blocked route: svd from min(m, n) = 256, eig from n = 384 on the Cholesky factor or
  # by Bunch-Parlett and the hyperbolic sweeps) beside the named pointwise kernels (1024 only) and cuSOLVER
  step complex-1024 run bench --op eig,svd,inv --n 1024 --dtype complex128,complex64 --repeat 3 --impl 'cuda|cusolver' \
      --out "$out/complex-1024.csv"
  step complex-1024-spd run bench --op eig --spd --n 1024 --dtype complex128,complex64 --repeat 3 \
      --impl 'cuda/auto|cusolver' --out "$out/complex-1024-spd.csv"
  step complex-2048 run bench --op eig,svd --n 2048 --dtype complex128 --repeat 3 --impl 'cuda/auto|cusolver' \
      --out "$out/complex-2048.csv"
  step complex-4096 run bench --op eig,svd,inv --n 4096 --dtype complex128 --repeat 1 \
      --impl 'cuda/(auto|gaussjordan)|cusolver' --out "$out/complex-4096.csv"
  step complex-4096-spd run bench --op eig --spd --n 4096 --dtype complex128 --repeat 1 --impl 'cuda/auto|heevj|heevd' \
      --out "$out/complex-4096-spd.csv"
}
stage="${1:-all}"
stage_profile() {
  JOPTS=(-Dgpujacobi.cuda.profile=true)
  step profile-definite run bench --op svd,eig --spd --n 1024,4096 --dtype double,single --repeat 1 --impl 'cuda/blocked'
  step profile-indefinite run bench --op eig --n 1024,4096 --dtype double,complex128 --repeat 1 --impl 'cuda/(auto|blocked)'
  JOPTS=()
}
stage_quick() {
  # everything a merge must show in one device command (< 10 min): the conformance suite (real and
  # complex, every backend path) and CudaMultiGpuTest, verify, then one row per issue target: blocked
  # svd/SPD eig 1024/4096 both precisions, indefinite eig, pages 32/64/256, complex 1024, n = 16384
  local cjar; cjar="$(conformance_jar)" || exit 2
  step conformance "$java" -Xmx16g -cp "$jar:$cjar" org.junit.platform.console.ConsoleLauncher execute \
      --select-class io.github.gpujacobi.cuda.CudaConformanceTest --select-class io.github.gpujacobi.cuda.CudaMultiGpuTest \
      --select-class io.github.gpujacobi.cuda.CudaAccuracyContractTest --select-class io.github.gpujacobi.cuda.CudaPageRoutesTest --select-class io.github.gpujacobi.cuda.CudaDeviceChecksTest \
      --details=tree --disable-banner --disable-ansi-colors --reports-dir "$out/conformance"
  if grep -q '\[ *0 tests successful' "$out/conformance.txt"; then echo "   no check ran (no GPU?)"; status=1; fi
  step verify run verify --device gpu
  recovery_step
  step quick-blocked run bench --op svd,eig --spd --n 1024,4096 --dtype double,single --repeat 3 \
      --impl 'cuda/blocked|cusolver' --out "$out/quick-blocked.csv"
  step quick-indefinite run bench --op eig --n 1024,4096 --dtype double --repeat 3 --impl 'cuda/blocked|syevj|syevd' \
      --out "$out/quick-indefinite.csv"
  step quick-pages run bench --op eig,svd --n 32,64 --pages 2000 --dtype double,single --repeat 3 \
      --impl 'cuda/(parallel|onesided)|Batched' --out "$out/quick-pages.csv"
  step quick-pages256 run bench --op eig,svd --n 256 --pages 100 --dtype double --repeat 3 \
      --impl 'cuda/(parallel|onesided)|Batched|syevd' --out "$out/quick-pages256.csv"
  step quick-complex run bench --op eig,svd,inv --n 1024 --dtype complex128 --repeat 2 --impl 'cuda/(auto|gaussjordan)|cusolver' \
      --out "$out/quick-complex.csv"
  # n = 8192 (gesvdj left out: it has crashed the process at 8192 after the
  # blocked svd) and the thin 8192 x 1024 svd against gesvdj
  step quick-8192 timeout 150 "$java" -Xmx64g -jar "$jar" bench --op eig,svd --spd --n 8192 --dtype double --repeat 1 \
      --impl 'cuda/blocked|syevj|syevd' --out "$out/quick-8192.csv"
  step quick-tall timeout 120 "$java" -Xmx64g -jar "$jar" bench --op svd --rows 8192 --n 1024 --dtype double,single \
      --repeat 3 --impl 'cuda/blocked|gesvdj' --out "$out/quick-tall.csv"
  # eig only: with the svd (35 s, plus a warm-up run of the 18 s eig) the stage passed 7 minutes
  blocked_16384 quick-16384 eig
}
stage_contract() {
  # the accuracy contract (docs/accuracy.md): 'verify' (conformance with the graded and orthogonality classes, page
  # orthogonality, CudaAccuracyContractTest, verify), then the default routes ('auto') beside the two-sided kernels and
  # cuSOLVER in one process per step, device time and whole call ('routes' alone)
  stage_verify
  stage_routes
}
stage_host() {
  # the whole call's host path: the link, then whole call and device time of the rows the host-path targets name,
  # beside cuSOLVER and cuBLAS in one process per step (repeats enough for the host passes to be compiled)
  step host-link run info --link
  local t
  for t in whole device; do
    local w=(); [ "$t" = whole ] && w=(--with-transfers)
    step "host-single-$t" run bench --op eig,svd,inv --n 1024,4096 --dtype double --repeat 5 "${w[@]}" \
        --impl 'cuda/(auto|gaussjordan)( into)?$|cusolver (syevd|gesvdj|getrf\+getrs)$' --out "$out/host-single-$t.csv"
    step "host-pages-$t" run bench --op eig,svd,inv --n 64 --pages 2000 --dtype double,single --repeat 15 "${w[@]}" \
        --impl 'cuda/(auto|gaussjordan)( into)?$|XsyevBatched|getrfBatched' --out "$out/host-pages-$t.csv"
  done
}
stage_pages45() {
  local cjar; cjar="$(conformance_jar)" || exit 2
  step pages45-tests "$java" -Xmx16g -cp "$jar:$cjar" org.junit.platform.console.ConsoleLauncher execute \
      --select-class io.github.gpujacobi.cuda.CudaPageRoutesTest \
      --details=tree --disable-banner --disable-ansi-colors --reports-dir "$out/pages45-tests"
  if grep -q '\[ *0 tests successful' "$out/pages45-tests.txt"; then echo "   no check ran (no GPU?)"; status=1; fi
  recovery_step
  # device time, median of 5; 'blocked' on small pages runs as the page kernels (a report note says so)
  step pages45-small run bench --op eig,svd,inv --n 8,16,32,64 --pages 2000 --dtype double,single --repeat 5 \
      --impl 'cuda/(auto|blocked|gaussjordan)$|XsyevBatched|syevjBatched|gesvdjBatched|getrfBatched' \
      --out "$out/pages45-small.csv"
  step pages45-large run bench --op eig,svd,inv --n 128,256 --pages 500 --dtype double,single --repeat 5 \
      --impl 'cuda/(auto|gaussjordan)$|XsyevBatched|getrfBatched' --out "$out/pages45-large.csv"
  # the cuSOLVER gesvd row where it failed with status 7 (64 single, 256 double), one process each
  step pages45-gesvd-64 run bench --op svd --n 64 --pages 2000 --dtype single,double --repeat 1 --impl 'gesvd$' \
      --out "$out/pages45-gesvd-64.csv"
  step pages45-gesvd-256 run bench --op svd --n 256 --pages 500 --dtype double,single --repeat 1 --impl 'gesvd$' \
      --out "$out/pages45-gesvd-256.csv"
  local all="${GPUS:-}"
  [ -n "$all" ] || all=$(nvidia-smi --query-gpu=index --format=csv,noheader | paste -sd, -)
  if [[ "$all" == *,* ]]; then # whole call (the split moves the copies too): where does a second GPU pay?
    local g
    for g in one all; do
      case $g in
        one) JOPTS=("-Dgpujacobi.cuda.gpus=${all%%,*}") ;;
        all) JOPTS=("-Dgpujacobi.cuda.gpus=$all") ;;
      esac
      step "pages45-split-small-$g" run bench --op eig,svd,inv --n 8,16,32,64 --pages 2000 --repeat 5 --with-transfers \
          --impl 'cuda/(auto|gaussjordan)$' --out "$out/pages45-split-small-$g.csv"
      step "pages45-split-large-$g" run bench --op eig,svd,inv --n 128,256 --pages 500 --repeat 5 --with-transfers \
          --impl 'cuda/(auto|gaussjordan)$' --out "$out/pages45-split-large-$g.csv"
    done
    JOPTS=()
  fi
}
stage_routes() {
  local t
  step link run info --link   # the host-device link the whole-call rows are read against
  for t in device whole; do
    local w=(); [ "$t" = whole ] && w=(--with-transfers)
    step "contract-eig-$t" run bench --op eig --n 256,512,1024 --dtype double,single --repeat 5 "${w[@]}" \
        --impl 'cuda/(auto|parallel)$|cusolver syev[dj]$' --out "$out/contract-eig-$t.csv"
    step "contract-pages-$t" run bench --op eig,svd --n 64 --pages 2000 --dtype double,single --repeat 5 "${w[@]}" \
        --impl 'cuda/(auto|parallel|onesided)$|Batched' --out "$out/contract-pages-$t.csv"
    step "contract-svd-$t" run bench --op svd --n 300 --dtype double --repeat 5 "${w[@]}" \
        --impl 'cuda/(auto|onesided)$|cusolver gesvdj?$' --out "$out/contract-svd-$t.csv"
    step "contract-svd4096-$t" run bench --op svd --n 4096 --dtype double --repeat 3 "${w[@]}" \
        --impl 'cuda/(auto|blocked)$|cusolver gesvdj$' --out "$out/contract-svd4096-$t.csv"
  done
}
case "$stage" in
  verify|table1|bench|pages|large|huge|blocked|multigpu|complex|quick|profile|contract|routes|host|pages45) "stage_$stage" ;;
  all) for s in verify table1 bench pages large huge blocked; do "stage_$s"; done ;;
  *) echo "usage: cuda/gpu-verify.sh verify|table1|bench|pages|large|huge|blocked|multigpu|complex|quick|profile|contract|routes|host|pages45|all" >&2; exit 2 ;;
esac
exit $status
