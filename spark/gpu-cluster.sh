#!/usr/bin/env bash
# The Spark job on a standalone cluster of this machine's GPUs, timed: a master and one worker per GPU (each
# worker one GPU, named by its discovery script), COUNT files of one N x N symmetric matrix each, --op eig:
#   1. one worker (GPU 0)            2. two workers (GPUs 0 and 1)
#   3. one worker holding both GPUs  4. ./gpujacobi batch on GPU 0 alone (no Spark)
# prints files per second for each, and which GPUs the results' records name (gpujacobi.gpu).
# Needs no Spark install: the jars and a Java runtime from spark/gpu-pack.sh (.gpu/spark/{lib,jre}).
# Usage: spark/gpu-cluster.sh [gpu|cpu] [COUNT] [N]     (cpu: the same runs without GPUs, for a rehearsal:
#        the workers get GPU addresses anyway, so Spark's GPU scheduling runs, and tasks compute on the CPU)
# Env: CORES (per executor, default 4 gpu / 1 cpu), MEM (executor memory, default 8g / 1g), OUT (a folder for
#      gpu-cluster.tgz: logs, summary), STEPS (default "1 2 3 4"), BATCH_OPTS (default --no-compress: the GPU's
#      work is timed, not deflate's), CLASSLOG (a folder: every JVM logs the classes it loads, for gpu-pack.sh).
set -uo pipefail
mode="${1:-gpu}"; count="${2:-40}"; n="${3:-2048}"
root="$(cd "$(dirname "$0")/.." && pwd)"
lib="${SPARK_LIB:-$root/.gpu/spark/lib}"
java="${JAVA:-$root/.gpu/spark/jre/bin/java}"
[ -x "$java" ] || java="$(command -v java || true)"
[ -d "$lib" ] && [ -n "$java" ] || { echo "gpu-cluster.sh: needs $lib and a java (spark/gpu-pack.sh builds them)" >&2; exit 2; }
if [ "$mode" = gpu ]; then cores="${CORES:-4}"; mem="${MEM:-8g}"; device=gpu; else cores="${CORES:-1}"; mem="${MEM:-1g}"; device=auto; fi
steps="${STEPS:-1 2 3 4}"
batch_opts="${BATCH_OPTS:---no-compress}"
work="$(mktemp -d /tmp/gpujacobi-cluster.XXXX)"
export JAVA_HOME="$(cd "$(dirname "$java")/.." && pwd)" SPARK_HOME="$work/home" SPARK_LOCAL_IP=127.0.0.1 SPARK_SCALA_VERSION=2.13
unset SPARK_CONF_DIR CUDA_VISIBLE_DEVICES
[ -n "${CLASSLOG:-}" ] && mkdir -p "$CLASSLOG" && export JAVA_TOOL_OPTIONS="-Xlog:class+load=info:file=$CLASSLOG/%p.log"
mkdir -p "$SPARK_HOME/conf" "$work/logs"
ln -s "$lib" "$SPARK_HOME/jars"
# daemons log registrations (INFO of Master), everything else warnings only
cat > "$work/log4j2.properties" <<'EOF'
rootLogger.level = warn
rootLogger.appenderRef.stderr.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n
logger.master.name = org.apache.spark.deploy.master.Master
logger.master.level = info
EOF
jopts=("@$root/spark/spark-jvm.options" "-Dlog4j2.configurationFile=$work/log4j2.properties")
cp="$lib/*"
pids=()       # workers (their executors are their children)
master_pid=""
status=0
stop_workers() {
  local p
  for p in "${pids[@]}"; do pkill -TERM -P "$p" 2>/dev/null; kill "$p" 2>/dev/null; done
  sleep 2
  for p in "${pids[@]}"; do pkill -KILL -P "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; done
  pids=()
}
finish() {
  stop_workers
  [ -n "$master_pid" ] && kill "$master_pid" 2>/dev/null
  [ -n "${smi:-}" ] && kill "$smi" 2>/dev/null
  if [ -n "${OUT:-}" ]; then
    cp "$work"/*.txt "$work"/*.csv "$OUT"/ 2>/dev/null
    tar -C "$work" -czf "$OUT/gpu-cluster.tgz" logs $(cd "$work" && ls *.txt *.csv 2>/dev/null) 2>/dev/null
  fi
  rm -rf "$work"
}
trap finish EXIT
trap 'exit 130' INT TERM
say() { echo "$*" | tee -a "$work/summary.txt"; }
free_port() { local p; for p in $(shuf -i 20000-60000 -n 50); do (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }; done; }

port=$(free_port); ui=$(free_port)
master="spark://127.0.0.1:$port"
start_master() {
  "$java" "${jopts[@]}" -Xmx512m -cp "$cp" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" \
    --webui-port "$ui" > "$work/logs/master.log" 2>&1 &
  master_pid=$!
}
# start_worker NAME "ADDRESSES" : a worker whose discovery script names those GPUs ("0" or "0\",\"1")
start_worker() {
  local name="$1" addrs="$2" ngpu; ngpu=$(echo "$addrs" | tr ',' '\n' | wc -l)
  printf '#!/bin/sh\necho '"'"'{"name":"gpu","addresses":["%s"]}'"'"'\n' "$(echo "$addrs" | sed 's/,/","/g')" > "$work/$name-gpus.sh"
  chmod +x "$work/$name-gpus.sh"
  mkdir -p "$work/$name"
  "$java" "${jopts[@]}" -Xmx512m -Dspark.worker.resource.gpu.amount="$ngpu" \
    -Dspark.worker.resource.gpu.discoveryScript="$work/$name-gpus.sh" -cp "$cp" org.apache.spark.deploy.worker.Worker \
    --host 127.0.0.1 --port 0 --webui-port 0 --cores $((cores * ngpu)) --memory $(( ${mem%g} * ngpu + 1 ))g \
    --work-dir "$work/$name" "$master" > "$work/logs/$name.log" 2>&1 &
  pids+=($!)
}
registered() { grep -c 'Registering worker' "$work/logs/master.log" 2>/dev/null; }
await_workers() { # N more registrations than before the workers started (the master logs each)
  for _ in $(seq 240); do
    [ "$(registered)" -ge $((seen + $1)) ] && { seen=$((seen + $1)); return 0; }
    for p in "$master_pid" "${pids[@]}"; do kill -0 "$p" 2>/dev/null || { say "FAILED: a cluster JVM exited"; tail -n 20 "$work"/logs/*.log; return 1; }; done
    sleep 0.5
  done
  say "FAILED: the master did not register $1 worker(s)"; tail -n 20 "$work"/logs/*.log; return 1
}
# job LABEL OUTDIR EXECUTOR_GPUS TOTAL_CORES GPUS: the Spark job, files per second from its report (conversion time)
job() {
  local label="$1" out="$2" egpu="$3" total="$4" gpus="${5:-1}"
  local task; task=$(awk "BEGIN { print 1 / $cores }")   # each task a share of one GPU
  "$java" "${jopts[@]}" -Xmx2g -Dspark.driver.host=127.0.0.1 -Dspark.ui.enabled=false \
    -Dspark.executor.cores=$((cores * egpu)) -Dspark.executor.memory=$(( ${mem%g} * egpu ))g -Dspark.cores.max="$total" \
    -Dspark.executor.resource.gpu.amount="$egpu" -Dspark.task.resource.gpu.amount="$task" \
    -Dspark.scheduler.minRegisteredResourcesRatio=1.0 \
    -Dspark.executor.extraJavaOptions="-Dlog4j2.configurationFile=$work/log4j2.properties" \
    -cp "$cp" io.github.gpujacobi.spark.SparkBatch --master "$master" batch --op eig --device "$device" $batch_opts \
    "$work/in" -o "$out" > "$work/logs/$label.out" 2> "$work/logs/$label.err"
  local rc=$?
  report "$label" "$rc" "$out" "$gpus"
}
report() { # LABEL RC OUTDIR [GPUS the records must name]
  local line secs
  line=$(grep -E '^[0-9]+ files \(' "$work/logs/$1.out" | tail -1)
  secs=$(echo "$line" | sed -n 's/.*, \([0-9.]*\) s$/\1/p')
  say "$1: exit $2; ${line:-no summary (see logs/$1.err)}"
  [ -n "$secs" ] && say "$1: $(awk "BEGIN { printf \"%.2f files/s (%d files in %s s)\", $count / $secs, $count, $secs }")"
  grep -h 'files per executor' "$work/logs/$1.err" | sed "s/^/$1: /" | tee -a "$work/summary.txt"
  "$java" -cp "$cp" io.github.gpujacobi.spark.ClusterFiles gpus "$3" > "$work/logs/$1.gpus" 2>&1
  sed "s/^/$1: records: /" "$work/logs/$1.gpus" | tee -a "$work/summary.txt"
  [ "$2" = 0 ] || status=1
  # on GPUs, the runs with two GPUs must have results from both
  if [ "$mode" = gpu ] && [ "${4:-1}" -gt 1 ] && ! grep -qx "${4} distinct" "$work/logs/$1.gpus"; then
    say "$1: CHECK FAILED: the records do not name ${4} distinct GPUs"; status=1
  fi
}

say "gpu-cluster.sh $mode: $count files of $n x $n, --op eig --device $device $batch_opts; $cores core(s) and $mem per GPU;" \
    "$(nproc) CPUs; $(date -u +%FT%TZ); $("$java" -version 2>&1 | head -1)"
command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=index,name,memory.total --format=csv,noheader | sed 's/^/GPU: /' | tee -a "$work/summary.txt"
"$java" -cp "$cp" io.github.gpujacobi.spark.ClusterFiles make "$work/in" "$count" "$n" | tee -a "$work/summary.txt" || exit 1
if command -v nvidia-smi > /dev/null; then
  nvidia-smi --query-gpu=timestamp,index,utilization.gpu,memory.used --format=csv,noheader -lms 500 > "$work/gpu-use.csv" 2>/dev/null &
  smi=$!
fi

start_master
seen=0
for s in $steps; do
  case "$s" in
    1) start_worker s1-w0 0; await_workers 1 || exit 1
       job spark-1-worker "$work/out1" 1 "$cores"; stop_workers; rm -rf "$work/out1" ;;
    2) start_worker s2-w0 0; start_worker s2-w1 1; await_workers 2 || exit 1
       job spark-2-workers "$work/out2" 1 $((2 * cores)) 2; stop_workers; rm -rf "$work/out2" ;;
    3) start_worker s3-w01 0,1; await_workers 1 || exit 1
       job spark-1-worker-2-gpus "$work/out3" 2 $((2 * cores)) 2; stop_workers; rm -rf "$work/out3" ;;
    4) "$java" -Xmx16g -cp "$cp" io.github.gpujacobi.cli.Main batch --op eig --device "$device" --device-index 0 \
         --jobs "$cores" $batch_opts "$work/in" -o "$work/out4" > "$work/logs/batch-1-gpu.out" 2> "$work/logs/batch-1-gpu.err"
       report batch-1-gpu $? "$work/out4"; rm -rf "$work/out4" ;;
  esac
done
[ -n "${smi:-}" ] && awk -F', ' '{ u[$2] += $3 + 0; c[$2]++ } END { for (g in u) printf "GPU %s: mean utilisation %.0f %% over the runs (%d samples)\n", g, u[g] / c[g], c[g] }' "$work/gpu-use.csv" | tee -a "$work/summary.txt"
exit $status
