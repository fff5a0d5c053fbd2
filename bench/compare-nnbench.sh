#!/usr/bin/env bash
# MetaBench side by side with Hadoop's own NNBenchWithoutMR and NNBench, on one HDFS.
#
#   bench/compare-nnbench.sh            (from a source checkout; the table goes to stdout)
#
# Starts ONE HDFS (MiniDFSCluster, 1 NameNode + 1 DataNode, 127.0.0.1 only) in its own JVM and runs,
# for the same total work and each against a fresh base directory on it:
#
#   Workload A, NNBenchWithoutMR's: files of 512 bytes in one 512-byte block; open reads them.
#     - Hadoop's NNBenchWithoutMR, one process (createWrite, openRead, rename, delete; a JVM each)
#     - MetaBench, 1 thread, the same four operations (a JVM each, like the original)
#     - NNBenchWithoutMR, N_THREADS processes at once (its way to add concurrency; -startTime)
#     - MetaBench, N_THREADS threads
#   Workload B, NNBench's: empty files (-bytesToWrite 0 -blockSize 1048576); open does not read.
#     - Hadoop's NNBench on the local job runner, -maps 1 (one map = one thread)
#     - MetaBench, 1 thread
#     - NNBench, -maps N_THREADS (mapreduce.local.map.tasks.maximum=N_THREADS)
#     - MetaBench, N_THREADS threads
#   Ceiling: Hadoop's NNThroughputBenchmark (its NameNode in-process, no RPC), N_THREADS threads,
#     create (with -close), open, rename, delete; a fresh NameNode per operation.
#
# and prints one table: TPS per operation, which figure each is, MetaBench/original, and MetaBench's
# TPS as a fraction of the NNThroughputBenchmark ceiling. Each original and its MetaBench
# counterpart run back to back, operation by operation (which goes first alternates), so that a slow
# spell of the machine tends to hit both. With REPEAT > 1 every comparison runs REPEAT times and the
# table gives medians and the range. A tool that fails is a FAILED row with its reason. Commands, stdout, stderr and JSON
# results stay under WORK_DIR.
#
# Environment (defaults in brackets):
#   FILES_A [500]          files per run in workload A (512-byte creates cost tens of ms each)
#   FILES_B [2000]         files per run in workload B
#   N_THREADS [2]          the "N" threads / maps / processes (FILES_A, FILES_B: multiples of it)
#   REPEAT [1]             rounds of every comparison (3 or more to tell a difference from noise)
#   NNTB_FILES [20000]     NNThroughputBenchmark files for create, rename, delete
#   NNTB_OPEN_FILES [50000] NNThroughputBenchmark files for open (open is ~30x faster)
#   NNTB_FILES_PER_DIR     NNThroughputBenchmark -filesPerDir [FILES_B / N_THREADS, what one
#                          MetaBench worker directory holds at N threads]
#   LOCATE_DELAY_MS [10]   dfs.client.block.write.locateFollowingBlock.initial.delay.ms, every JVM
#   WARMUP [1]             1: warm the NameNode up with an unreported MetaBench run first
#   HDFS_TMPDIR            where the HDFS and NNThroughputBenchmark keep their data
#                          [/dev/shm if writable, else /tmp]: tmpfs keeps disk fsync noise out
#   HDFS_PORT [0]          NameNode RPC port, 0 for any free one
#   HDFS_MAX_LIFETIME [7200] seconds after which the HDFS stops by itself
#   START_LEAD [8]         seconds ahead for the -startTime of the concurrent NNBenchWithoutMR
#                          processes (whole seconds: 7 to 8 s; two of them take 3 to 5 s to get there)
#   NNBENCH_START_LEAD [5] seconds ahead for NNBench's -startTime (its default would be 120)
#   TOOL_TIMEOUT [900]     seconds after which one tool JVM is killed and reported FAILED
#   WORK_DIR               [target/compare-nnbench/<yyyyMMdd-HHmmss>]
#   JAVA_HOME              the JDK (default: java on the PATH)
#   JVM_HEAP [-Xms256m -Xmx1g]  heap of every tool JVM (MetaBench's script default)
#   REBUILD [0]            1: run the Maven build even if its output is there
# Needs a JDK, Maven (builds the project if needed, offline first), perl (monotonic time stamps),
# jq or python3 (MetaBench's JSON result), timeout (coreutils).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

FILES_A=${FILES_A:-500}
FILES_B=${FILES_B:-2000}
N=${N_THREADS:-2}
REPEAT=${REPEAT:-1}
NNTB_FILES=${NNTB_FILES:-20000}
NNTB_OPEN_FILES=${NNTB_OPEN_FILES:-50000}
LOCATE_DELAY_MS=${LOCATE_DELAY_MS:-10}
WARMUP=${WARMUP:-1}
HDFS_PORT=${HDFS_PORT:-0}
HDFS_MAX_LIFETIME=${HDFS_MAX_LIFETIME:-7200}
START_LEAD=${START_LEAD:-8}
NNBENCH_START_LEAD=${NNBENCH_START_LEAD:-5}
TOOL_TIMEOUT=${TOOL_TIMEOUT:-900}
JVM_HEAP=${JVM_HEAP:--Xms256m -Xmx1g}
BYTES_A=512   # NNBenchWithoutMR -bytesPerBlock 512 -blocksPerFile 1 (a multiple of bytesPerChecksum)
MIN_BLOCK=512 # dfs.namenode.fs-limits.min-block-size, on the NameNode and in every client

die() { echo "compare-nnbench: $*" >&2; exit 2; }
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

for v in FILES_A FILES_B N REPEAT NNTB_FILES NNTB_OPEN_FILES LOCATE_DELAY_MS START_LEAD NNBENCH_START_LEAD TOOL_TIMEOUT \
         HDFS_PORT HDFS_MAX_LIFETIME; do
  [[ ${!v} =~ ^[0-9]+$ ]] || die "$v='${!v}' is not a whole number"
done
[ "$N" -ge 1 ] || die "N_THREADS must be at least 1"
[ "$REPEAT" -ge 1 ] || die "REPEAT must be at least 1"
[ "$FILES_A" -ge "$N" ] && [ $((FILES_A % N)) -eq 0 ] || die "FILES_A=$FILES_A is not a multiple of N_THREADS=$N"
[ "$FILES_B" -ge "$N" ] && [ $((FILES_B % N)) -eq 0 ] || die "FILES_B=$FILES_B is not a multiple of N_THREADS=$N"
NNTB_FILES_PER_DIR=${NNTB_FILES_PER_DIR:-$((FILES_B / N))}
[[ $NNTB_FILES_PER_DIR =~ ^[0-9]+$ ]] || die "NNTB_FILES_PER_DIR='$NNTB_FILES_PER_DIR' is not a whole number"
[ "$NNTB_FILES_PER_DIR" -ge 2 ] || NNTB_FILES_PER_DIR=2

java=java
[ -n "${JAVA_HOME:-}" ] && java="$JAVA_HOME/bin/java"
command -v "$java" >/dev/null || die "no java ($java)"
command -v perl >/dev/null || die "perl is needed for monotonic time stamps"
perl -MTime::HiRes=clock_gettime,CLOCK_MONOTONIC -e 1 2>/dev/null \
  || die "perl's Time::HiRes with CLOCK_MONOTONIC is needed"
if command -v jq >/dev/null; then json_tool=jq
elif command -v python3 >/dev/null; then json_tool=python3
else die "jq or python3 is needed to read MetaBench's JSON result"; fi
command -v timeout >/dev/null || die "timeout (coreutils) is needed"
command -v mkfifo >/dev/null || die "mkfifo is needed"

if [ -z "${HDFS_TMPDIR:-}" ]; then
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then HDFS_TMPDIR=/dev/shm; else HDFS_TMPDIR=${TMPDIR:-/tmp}; fi
fi
[ -d "$HDFS_TMPDIR" ] && [ -w "$HDFS_TMPDIR" ] || die "HDFS_TMPDIR=$HDFS_TMPDIR is not a writable directory"

# ---------------------------------------------------------------- build and classpath
mvn_offline_first() {
  (cd "$root" && mvn -B -q -o "$@") >&2 || (cd "$root" && mvn -B -q "$@") >&2
}
find_dist() {
  local d
  for d in "$root"/target/metabench-*-dist/metabench-*; do
    [ -d "$d/lib" ] && { echo "$d"; return; }
  done
}
dist=$(find_dist)
helpers="$root/target/test-classes/io/metabench/bench"
if [ -z "$dist" ] || [ ! -f "$helpers/StandaloneHdfs.class" ] || [ ! -f "$helpers/ThroughputCeiling.class" ] \
   || [ "${REBUILD:-0}" = 1 ]; then
  log "building (mvn -B -q -DskipTests package, offline first) ..."
  mvn_offline_first -DskipTests package || die "the Maven build failed"
  dist=$(find_dist)
  [ -n "$dist" ] || die "the build produced no target/metabench-*-dist"
fi
cpfile="$root/target/compare-nnbench/test-classpath.txt"
mkdir -p "$root/target/compare-nnbench"
if [ ! -s "$cpfile" ] || [ "$root/pom.xml" -nt "$cpfile" ]; then
  log "resolving the test classpath (mvn dependency:build-classpath) ..."
  mvn_offline_first dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cpfile" \
    || die "could not resolve the test classpath"
fi
test_cp="$root/target/test-classes:$root/target/classes:$(cat "$cpfile")"

WORK_DIR=${WORK_DIR:-$root/target/compare-nnbench/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR" || die "cannot create WORK_DIR=$WORK_DIR"
WORK_DIR=$(cd "$WORK_DIR" && pwd)
rows="$WORK_DIR/rows.tsv"
: > "$rows"
cmdlog="$WORK_DIR/commands.txt"
: > "$cmdlog"

jvm_opts=($JVM_HEAP)
major=$("$java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
if [ -n "${major:-}" ] && [ "$major" != 1 ]; then
  for pkg in java.lang java.lang.reflect java.util java.util.concurrent java.io java.net java.nio sun.nio.ch; do
    jvm_opts+=("--add-opens=java.base/$pkg=ALL-UNNAMED")
  done
fi

# Logging of the JVMs started here (MetaBench uses its distribution's conf/log4j.properties).
cat > "$WORK_DIR/log4j.properties" <<'EOF'
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=%d{HH:mm:ss.SSS} %-5p %c{1}: %m%n
log4j.logger.org.apache.hadoop.hdfs.NNBench=INFO
log4j.logger.org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark=INFO
log4j.logger.org.apache.hadoop.util.NativeCodeLoader=ERROR
log4j.logger.org.apache.hadoop.metrics2=ERROR
log4j.logger.org.eclipse.jetty=ERROR
log4j.logger.org.apache.hadoop.hdfs.server=ERROR
log4j.logger.org.apache.hadoop.hdfs.server.datanode.DataNode=FATAL
log4j.logger.org.apache.hadoop.security.authentication.server.AuthenticationFilter=ERROR
log4j.logger.org.apache.hadoop.http.HttpServer2=ERROR
log4j.logger.org.apache.hadoop.fs.CachingGetSpaceUsed=ERROR
log4j.logger.org.apache.hadoop.mapreduce.JobResourceUploader=ERROR
EOF
log4j_opt="-Dlog4j.configuration=file:$WORK_DIR/log4j.properties"

# ---------------------------------------------------------------- the HDFS
hdfs_pid=""
bg_pids=()
cleanup() {
  local p
  for p in "${bg_pids[@]:-}"; do
    [ -n "$p" ] && kill "$p" 2>/dev/null
  done
  if [ -n "$hdfs_pid" ]; then
    exec 7>&- 2>/dev/null       # end of file on its stdin: it shuts down and deletes its data
    for _ in $(seq 60); do kill -0 "$hdfs_pid" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$hdfs_pid" 2>/dev/null; then
      kill "$hdfs_pid" 2>/dev/null
      sleep 3
      kill -9 "$hdfs_pid" 2>/dev/null
    fi
    wait "$hdfs_pid" 2>/dev/null
    hdfs_pid=""
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

hdfs_conf=(-D "dfs.namenode.fs-limits.min-block-size=$MIN_BLOCK"
           -D "dfs.client.block.write.locateFollowingBlock.initial.delay.ms=$LOCATE_DELAY_MS")
mkfifo "$WORK_DIR/hdfs.stdin" || die "cannot make $WORK_DIR/hdfs.stdin"
printf '%q ' "$java" "${jvm_opts[@]}" "-Djava.io.tmpdir=$HDFS_TMPDIR" "$log4j_opt" -cp '<test classpath>' \
  io.metabench.bench.StandaloneHdfs -port "$HDFS_PORT" -maxLifetime "$HDFS_MAX_LIFETIME" "${hdfs_conf[@]}" >> "$cmdlog"
echo >> "$cmdlog"
"$java" "${jvm_opts[@]}" "-Djava.io.tmpdir=$HDFS_TMPDIR" "$log4j_opt" -cp "$test_cp" \
  io.metabench.bench.StandaloneHdfs -port "$HDFS_PORT" -maxLifetime "$HDFS_MAX_LIFETIME" "${hdfs_conf[@]}" \
  < "$WORK_DIR/hdfs.stdin" > "$WORK_DIR/hdfs.out" 2> "$WORK_DIR/hdfs.err" &
hdfs_pid=$!
exec 7> "$WORK_DIR/hdfs.stdin"
log "starting the HDFS (pid $hdfs_pid, data under $HDFS_TMPDIR) ..."
uri=""
for _ in $(seq 240); do
  uri=$(awk '$1 == "READY" {print $2; exit}' "$WORK_DIR/hdfs.out" 2>/dev/null)
  [ -n "$uri" ] && break
  kill -0 "$hdfs_pid" 2>/dev/null || break
  sleep 0.5
done
[ -n "$uri" ] || die "the HDFS did not start; see $WORK_DIR/hdfs.err: $(grep -v '^\s*at ' "$WORK_DIR/hdfs.err" | tail -3)"
log "HDFS ready at $uri"

# One client configuration for EVERY tool JVM, on its classpath (MetaBench: META_BENCH_CLASSPATH).
conf="$WORK_DIR/client-conf"
mkdir -p "$conf" "$WORK_DIR/hadoop-tmp"
cat > "$conf/core-site.xml" <<EOF
<?xml version="1.0"?>
<configuration>
  <property><name>fs.defaultFS</name><value>$uri</value></property>
  <property><name>hadoop.tmp.dir</name><value>$WORK_DIR/hadoop-tmp</value></property>
</configuration>
EOF
cat > "$conf/hdfs-site.xml" <<EOF
<?xml version="1.0"?>
<configuration>
  <property><name>dfs.client.block.write.locateFollowingBlock.initial.delay.ms</name><value>$LOCATE_DELAY_MS</value></property>
  <property><name>dfs.namenode.fs-limits.min-block-size</name><value>$MIN_BLOCK</value></property>
</configuration>
EOF
cat > "$conf/mapred-site.xml" <<'EOF'
<?xml version="1.0"?>
<configuration>
  <property><name>mapreduce.framework.name</name><value>local</value></property>
</configuration>
EOF
orig_cp="$conf:$test_cp"

# ---------------------------------------------------------------- helpers
# Monotonic time stamps (CLOCK_MONOTONIC, seconds) on every stdout line as it arrives.
TS='use Time::HiRes qw(clock_gettime CLOCK_MONOTONIC); $|=1;
    while (<STDIN>) { printf "%.6f %s", clock_gettime(CLOCK_MONOTONIC), $_ }'

# run_ts OUT ERR CMD...: runs CMD (killed after TOOL_TIMEOUT) and writes its stdout, every line
# time-stamped, to OUT, framed by "@@start" before the JVM starts and "@@rc <code>" after it ends.
run_ts() {
  local out=$1 err=$2
  shift 2
  printf '%q ' "$@" | sed "s#$test_cp#<test classpath>#" >> "$cmdlog"
  echo >> "$cmdlog"
  { echo "@@start"; timeout -k 10 "$TOOL_TIMEOUT" "$@" 2> "$err"; echo "@@rc $?"; } | perl -e "$TS" > "$out"
}

# CPU time the hypervisor gave to others (steal), as a share of all CPU time, between two snapshots.
cpu_snap() { awk '$1 == "cpu" { t = 0; for (i = 2; i <= NF; i++) t += $i; print $9, t; exit }' /proc/stat 2>/dev/null; }
steal_since() {
  local now
  now=$(cpu_snap)
  awk -v a="$1" -v b="$now" 'BEGIN { split(a, x, " "); split(b, y, " ");
    if (y[2] - x[2] > 0) printf "%.1f", 100 * (y[1] - x[1]) / (y[2] - x[2]); else print "-" }'
}

# last_error ERRFILE: a one-line reason from a stderr file.
last_error() {
  grep -v -E '^\s+at |^\s*\.\.\. [0-9]+ more|^[0-9:. ]+(WARN|INFO)' "$1" 2>/dev/null | grep -v '^\s*$' \
    | tail -1 | cut -c1-160 | tr '\t' ' '
}
rc_reason() { # rc errfile
  case "$1" in
    124|137) echo "timed out after ${TOOL_TIMEOUT}s (TOOL_TIMEOUT)";;
    *) echo "exit code $1: $(last_error "$2")";;
  esac
}

round=0
# row SECTION OP TOOL THREADS FILES FIGURE ELAPSED TPS ROLE NOTE STEAL
row() {
  local IFS=$'\t'
  echo "$*"$'\t'"$round" >> "$rows"
}

fmt3() { awk -v x="$1" 'BEGIN { printf "%.3f", x }'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0) printf "%.1f", a / b; else print "-" }'; }

json_get() { # FILE PATH: one value of MetaBench's JSON result, e.g. .phases[0].tps
  if [ "$json_tool" = jq ]; then
    jq -c -r "$2 // empty" "$1" 2>/dev/null
  else
    python3 - "$1" "$2" <<'EOF' 2>/dev/null
import json, sys
v = json.load(open(sys.argv[1]))
for part in sys.argv[2].lstrip('.').replace('[', '.[').split('.'):
    if not part or v is None:
        continue
    if part.startswith('['):
        i = int(part[1:-1])
        v = v[i] if isinstance(v, list) and i < len(v) else None
    else:
        v = v.get(part) if isinstance(v, dict) else None
if isinstance(v, (dict, list)):
    print(json.dumps(v, separators=(',', ':')))
elif v is not None:
    print(v)
EOF
  fi
}

OPS=(create_write open_read rename delete)
womr_op() { case $1 in create_write) echo createWrite;; open_read) echo openRead;; *) echo "$1";; esac; }

# ---------------------------------------------------------------- MetaBench
# metabench SECTION TAG THREADS TOTAL_FILES ROLE OP OPTS...: one operation in one JVM (as the
# originals run), through scripts/meta-bench.sh and the built distribution; OP all = every operation
# in one JVM (the warm-up).
metabench() {
  local sec=$1 tag=$2 t=$3 total=$4 role=$5 op=$6
  shift 6
  local per=$((total / t)) dir="$WORK_DIR/$tag" out err json rc ok failed el tps causes snap steal
  mkdir -p "$dir"
  [ "$op" = all ] && op=create_write,open_read,rename,delete
  {
    out="$dir/$op.out"; err="$dir/$op.err"; json="$dir/$op.json"
    log "$tag: MetaBench $op, $t thread(s) x $per files"
    snap=$(cpu_snap)
    (cd "$dir" && export META_BENCH_CLASSPATH="$conf" META_BENCH_HEAP="$JVM_HEAP" META_BENCH_OPTS="" &&
      run_ts "$out" "$err" "$root/scripts/meta-bench.sh" -operation "$op" -threads "$t" -numFiles "$per" \
      "$@" -baseDir "$uri/compare/$tag" -jsonOut "$json" -nnbenchLog '')
    steal=$(steal_since "$snap")
    rc=$(awk '$2 == "@@rc" {print $3}' "$out")
    if [ ! -s "$json" ]; then
      row "$sec" "$op" "MetaBench" "$t" "$total" "phase window (JSON)" "-" "FAILED" "$role" \
        "$(rc_reason "${rc:-?}" "$err")" "$steal"
      return
    fi
    ok=$(json_get "$json" '.phases[0].successful')
    failed=$(json_get "$json" '.phases[0].failed')
    el=$(json_get "$json" '.phases[0].elapsedSeconds')
    tps=$(json_get "$json" '.phases[0].tps')
    if [ -z "$ok" ] || [ -z "$el" ] || [ -z "$tps" ]; then
      row "$sec" "$op" "MetaBench" "$t" "$total" "phase window (JSON)" "-" "FAILED" "$role" \
        "no phase in $json; $(rc_reason "${rc:-?}" "$err")" "$steal"
      return
    fi
    if [ "${failed:-0}" != 0 ] || [ "$rc" != 0 ]; then
      causes=$(json_get "$json" '.phases[0].failures'); [ "$causes" = "{}" ] && causes=""
      local why="exit $rc"
      case "$rc" in 124|137) why="timed out after ${TOOL_TIMEOUT}s (TOOL_TIMEOUT)";; esac
      row "$sec" "$op" "MetaBench" "$t" "$total" "phase window (JSON)" "$(fmt3 "$el")" "FAILED" "$role" \
        "$why, $ok ok, ${failed:-?} failed${causes:+: $causes}" "$steal"
      return
    fi
    row "$sec" "$op" "MetaBench" "$t" "$total" "phase window (JSON)" "$(fmt3 "$el")" \
      "$(awk -v x="$tps" 'BEGIN{printf "%.1f", x}')" "$role" "" "$steal"
  }
}

# ---------------------------------------------------------------- NNBenchWithoutMR
# womr SECTION TAG PROCS TOTAL_FILES ROLE OP: one operation in PROCS processes at once,
# TOTAL_FILES/PROCS files each, -baseDir /compare/<tag>/p<k>; with PROCS > 1 they are released
# together by -startTime.
womr() {
  local sec=$1 tag=$2 procs=$3 total=$4 role=$5 op=$6
  local per=$((total / procs)) dir="$WORK_DIR/$tag" wop k st tool snap steal parsed
  local -a pids
  mkdir -p "$dir"
  tool="NNBenchWithoutMR"
  [ "$procs" -gt 1 ] && tool="NNBenchWithoutMR x$procs procs"
  {
    wop=$(womr_op "$op")
    st=0
    [ "$procs" -gt 1 ] && st=$(( $(date +%s) + START_LEAD ))
    log "$tag: NNBenchWithoutMR $wop, $procs process(es) x $per files"
    snap=$(cpu_snap)
    pids=()
    for ((k = 0; k < procs; k++)); do
      run_ts "$dir/$op.p$k.out" "$dir/$op.p$k.err" "$java" "${jvm_opts[@]}" "$log4j_opt" -cp "$orig_cp" \
        org.apache.hadoop.hdfs.NNBenchWithoutMR -operation "$wop" -baseDir "/compare/$tag/p$k" \
        -numFiles "$per" -blocksPerFile 1 -bytesPerBlock "$BYTES_A" -bytesPerChecksum 512 \
        -startTime "$st" &
      pids+=($!)
    done
    bg_pids=("${pids[@]}")
    wait "${pids[@]}"
    bg_pids=()
    steal=$(steal_since "$snap")
    # Every process's time-stamped stdout: its "Job started:" and "Job ended:" lines, its own
    # whole seconds, its exception count, and the JVM frame.
    parsed=$(for ((k = 0; k < procs; k++)); do
               awk -v k="$k" '
                 $2 == "@@start" { js = $1 }
                 $2 == "@@rc" { je = $1; rc = $3 }
                 $2 == "Job" && $3 == "started:" { s = $1 }
                 $2 == "Job" && $3 == "ended:" { e = $1 }
                 $2 == "The" && $4 == "job" && $5 == "took" { own = $6 }
                 $2 == "The" && $3 == "job" && $4 == "recorded" { ex = $5 }
                 END { printf "%s %s %s %s %s %s %s %s\n", k, (rc == "" ? "-" : rc), (js == "" ? "-" : js),
                         (je == "" ? "-" : je), (s == "" ? "-" : s), (e == "" ? "-" : e),
                         (own == "" ? "-" : own), (ex == "" ? 0 : ex) }' "$dir/$op.p$k.out"
             done | awk -v limit="$TOOL_TIMEOUT" '
      { k = $1; rc = $2; js = $3; je = $4; s = $5; e = $6; own = $7; ex = $8
        if (rc == "-") { bad = bad " p" k ": no exit code"; next }
        if (rc == 124 || rc == 137) { bad = bad " p" k ": timed out after " limit "s (TOOL_TIMEOUT)"; next }
        if (rc != 0) { bad = bad " p" k ": exit " rc; next }
        if (s == "-" || e == "-" || own == "-") { bad = bad " p" k ": no Job started/ended lines"; next }
        n++; exc += ex
        if (n == 1 || s < minS) minS = s; if (n == 1 || s > maxS) maxS = s
        if (n == 1 || e > maxE) maxE = e; if (n == 1 || js < minJ) minJ = js
        if (n == 1 || je > maxJ) maxJ = je; if (n == 1 || own > maxOwn) maxOwn = own }
      END {
        if (bad != "" || n == 0) { print "BAD\t" (bad == "" ? " no output" : bad); exit }
        printf "OK\t%.6f\t%d\t%.6f\t%d\t%.3f\n", maxE - minS, maxOwn, maxJ - minJ, exc, maxS - minS
      }')
    if [ "${parsed%%$'\t'*}" != OK ]; then
      local reason=${parsed#*$'\t'} e1
      e1=$(for ((k = 0; k < procs; k++)); do last_error "$dir/$op.p$k.err"; done | grep -v '^$' | head -1)
      row "$sec" "$op" "$tool" "$procs" "$total" "ops window (stdout lines)" "-" "FAILED" "$role" \
        "${reason# }${e1:+; $e1}" "$steal"
      return
    fi
    local win own jvm exc spread note=""
    IFS=$'\t' read -r _ win own jvm exc spread <<< "$parsed"
    if [ "$exc" != 0 ] && [ "$op" = open_read ]; then
      # openRead does not retry: each exception is a file not opened or not read.
      row "$sec" "$op" "$tool" "$procs" "$total" "ops window (stdout lines)" "$(fmt3 "$win")" "FAILED" \
        "$role" "the job recorded $exc exceptions (openRead does not retry)" "$steal"
      return
    fi
    [ "$exc" != 0 ] && note="the job recorded $exc exceptions (retried)"
    # With -startTime the processes leave the barrier together; say so when they did not.
    if [ "$procs" -gt 1 ] && awk -v x="$spread" 'BEGIN { exit !(x > 0.1) }'; then
      note="${note:+$note; }processes started ${spread}s apart"
    fi
    row "$sec" "$op" "$tool" "$procs" "$total" "ops window (stdout lines)" "$(fmt3 "$win")" \
      "$(div "$total" "$win")" "$role" "$note" "$steal"
    row "$sec" "$op" "$tool" "$procs" "$total" "own whole seconds" "$own" \
      "$(div "$total" "$own")" "" "$([ "$own" = 0 ] && echo 'it printed 0 s: no TPS')" "$steal"
    row "$sec" "$op" "$tool" "$procs" "$total" "JVM wall (monotonic)" "$(fmt3 "$jvm")" \
      "$(div "$total" "$jvm")" "" "" "$steal"
  }
}

# ---------------------------------------------------------------- NNBench (MapReduce, local runner)
# nnbench_job SECTION TAG MAPS TOTAL_FILES ROLE OP BASEDIR [setup]: one NNBench job (one JVM, in its
# own working directory for NNBench_results.log). "setup" runs it without a row and returns 1 when
# it did not do all its operations.
nnbench_job() {
  local sec=$1 tag=$2 maps=$3 total=$4 role=$5 op=$6 base=$7 setup=${8:-}
  local per=$((total / maps)) dir="$WORK_DIR/$tag/$op${8:+-$8}" st rc res snap steal parsed
  local tool="NNBench (local runner)"
  [ "$maps" -gt 1 ] && tool="NNBench x$maps maps"
  mkdir -p "$dir"
  st=$(( $(date +%s) + NNBENCH_START_LEAD ))
  log "$tag: NNBench $op, $maps map(s) x $per files${setup:+ (setup)}"
  snap=$(cpu_snap)
  (cd "$dir" && run_ts "$dir/out" "$dir/err" "$java" "${jvm_opts[@]}" "$log4j_opt" -cp "$orig_cp" \
    org.apache.hadoop.hdfs.NNBench -D mapreduce.framework.name=local \
    -D "mapreduce.local.map.tasks.maximum=$maps" \
    -operation "$op" -maps "$maps" -reduces 1 -numberOfFiles "$per" -bytesToWrite 0 \
    -blockSize 1048576 -bytesPerChecksum 512 -replicationFactorPerFile 1 -startTime "$st" \
    -baseDir "$base")
  steal=$(steal_since "$snap")
  rc=$(awk '$2 == "@@rc" {print $3}' "$dir/out")
  res="$dir/NNBench_results.log"
  parsed=$(awk -F': *' '
    /Successful file operations/ { ok = $NF }
    /# maps that missed the barrier/ { late = $NF }
    /^ *# exceptions/ { exc = $NF }
    /TPS: / { tps = $NF }
    /Longest Map Time \(ms\)/ { lm = $NF }
    END { printf "%s\t%s\t%s\t%s\t%s\n", ok, late, exc, tps, lm }' "$res" 2>/dev/null)
  local ok late exc tps lm note="" el
  IFS=$'\t' read -r ok late exc tps lm <<< "$parsed"
  if [ -n "$setup" ]; then
    if [ "$ok" = "$total" ]; then
      nnbench_setup_error=""
      return 0
    fi
    nnbench_setup_error="its create_write did ${ok:-none} of $total: $(rc_reason "${rc:-?}" "$dir/err")"
    return 1
  fi
  if [ ! -s "$res" ] || [ -z "$ok" ] || [ -z "$tps" ] || [ -z "$lm" ]; then
    row "$sec" "$op" "$tool" "$maps" "$total" "printed TPS" "-" "FAILED" "$role" \
      "no result in NNBench_results.log; $(rc_reason "${rc:-?}" "$dir/err")" "$steal"
    return
  fi
  el=$(awk -v x="$lm" 'BEGIN{printf "%.3f", x / 1000}')
  if [ "$ok" != "$total" ]; then
    row "$sec" "$op" "$tool" "$maps" "$total" "printed TPS" "$el" "FAILED" "$role" \
      "$ok of $total succeeded, $exc exceptions, printed TPS $tps" "$steal"
    return
  fi
  [ "${late:-0}" != 0 ] && note="$late maps missed the -startTime barrier"
  [ "${exc:-0}" != 0 ] && note="${note:+$note; }$exc exceptions"
  [ "$rc" != 0 ] && note="${note:+$note; }exit code $rc"
  if [ "$op" = create_write ]; then
    row "$sec" "$op" "$tool" "$maps" "$total" "printed TPS, raw (x2)" "$el" "$tps" "" \
      "create and close counted as 2 ops" "$steal"
    row "$sec" "$op" "$tool" "$maps" "$total" "printed TPS / 2 = files/s" "$el" \
      "$(awk -v x="$tps" 'BEGIN{printf "%.1f", x / 2}')" "$role" "$note" "$steal"
  else
    row "$sec" "$op" "$tool" "$maps" "$total" "printed TPS" "$el" "$tps" "$role" "$note" "$steal"
  fi
}

# nnbench SECTION TAG MAPS TOTAL_FILES ROLE OP: one NNBench job. create_write, open_read and rename
# work in base directory a. NNBench's delete removes the names create_write gave, so after NNBench's
# own rename every delete fails (the map gives up after 1000 exceptions): delete works in base
# directory b, on the files of a create_write of its own, run just before it and not reported.
nnbench() {
  local sec=$1 tag=$2 maps=$3 total=$4 role=$5 op=$6
  local tool="NNBench (local runner)"
  [ "$maps" -gt 1 ] && tool="NNBench x$maps maps"
  if [ "$op" != delete ]; then
    nnbench_job "$sec" "$tag" "$maps" "$total" "$role" "$op" "/compare/$tag/a"
  elif nnbench_job "$sec" "$tag" "$maps" "$total" "$role" create_write "/compare/$tag/b" setup; then
    nnbench_job "$sec" "$tag" "$maps" "$total" "$role" delete "/compare/$tag/b"
  else
    row "$sec" delete "$tool" "$maps" "$total" "printed TPS" "-" "FAILED" "$role" \
      "not run: $nnbench_setup_error" "-"
  fi
}

# ---------------------------------------------------------------- NNThroughputBenchmark
ceiling() {
  local op nop files dir out err rc parsed snap steal
  local -a extra
  for op in "${OPS[@]}"; do
    case $op in
      create_write) nop=create; files=$NNTB_FILES; extra=(-close);;
      open_read) nop=open; files=$NNTB_OPEN_FILES; extra=();;
      *) nop=$op; files=$NNTB_FILES; extra=();;
    esac
    dir="$WORK_DIR/nnthroughput"; mkdir -p "$dir"
    out="$dir/$nop.out"; err="$dir/$nop.err"
    log "NNThroughputBenchmark -op $nop -threads $N -files $files"
    snap=$(cpu_snap)
    # No client configuration on this classpath: NNThroughputBenchmark would take its
    # fs.defaultFS for a remote NameNode.
    run_ts "$out" "$err" "$java" "${jvm_opts[@]}" "$log4j_opt" "-Djava.io.tmpdir=$HDFS_TMPDIR" \
      -cp "$test_cp" io.metabench.bench.ThroughputCeiling -op "$nop" -threads "$N" -files "$files" \
      -filesPerDir "$NNTB_FILES_PER_DIR" "${extra[@]}"
    steal=$(steal_since "$snap")
    rc=$(awk '$2 == "@@rc" {print $3}' "$out")
    parsed=$(awk -v op="$nop" '
      index($0, "--- " op " stats") { on = 1; next }
      on && /# operations:/ { n = $NF }
      on && /Elapsed Time:/ { t = $NF }
      on && /Ops per sec:/ { r = $NF; on = 0 }
      END { if (r != "") printf "%s\t%s\t%s\n", n, t, r }' "$err")
    if [ "$rc" != 0 ] || [ -z "$parsed" ]; then
      row C "$op" "NNThroughputBenchmark" "$N" "$files" "in-process NameNode" "-" "FAILED" ceiling \
        "$(rc_reason "${rc:-?}" "$err")" "$steal"
      continue
    fi
    local n t r
    IFS=$'\t' read -r n t r <<< "$parsed"
    row C "$op" "NNThroughputBenchmark" "$N" "$n" "in-process NameNode" \
      "$(awk -v x="$t" 'BEGIN{printf "%.3f", x / 1000}')" "$(awk -v x="$r" 'BEGIN{printf "%.1f", x}')" \
      ceiling "-op $nop ${extra[*]:+${extra[*]} }-filesPerDir $NNTB_FILES_PER_DIR" "$steal"
  done
}

# ---------------------------------------------------------------- the runs
started=$(date +%s)
run_snap=$(cpu_snap)
args_a=(-bytesToWrite "$BYTES_A" -blockSize "$BYTES_A" -bytesPerChecksum 512 -readFileAfterOpen true)
args_b=(-bytesToWrite 0 -blockSize 1048576 -bytesPerChecksum 512)

if [ "$WARMUP" = 1 ]; then
  log "warm-up (not reported): MetaBench, $N thread(s), both workloads, every operation in one JVM"
  metabench W warmup-a "$N" "$FILES_A" "" all "${args_a[@]}"
  metabench W warmup-b "$N" "$FILES_B" "" all "${args_b[@]}"
fi

# pair FIRST_IS_ORIGINAL ORIGINAL_CMD... -- METABENCH_CMD...: the two measurements of one comparison,
# back to back, so that a slow spell of the machine tends to hit both.
pair() {
  local orig_first=$1 i
  shift
  local -a o=() m=()
  for ((i = 1; i <= $#; i++)); do [ "${!i}" = -- ] && break; o+=("${!i}"); done
  m=("${@:i+1}")
  if [ "$orig_first" = 1 ]; then "${o[@]}"; "${m[@]}"; else "${m[@]}"; "${o[@]}"; fi
}

for ((round = 1; round <= REPEAT; round++)); do
  r="r$round"
  log "round $round of $REPEAT"
  for ((i = 0; i < ${#OPS[@]}; i++)); do
    op=${OPS[i]}
    # Which tool goes first alternates from operation to operation and from round to round.
    first=$(( (round + i) % 2 ))
    pair "$first" womr A "womr-1-$r" 1 "$FILES_A" ref1 "$op" \
      -- metabench A "metabench-a-1-$r" 1 "$FILES_A" mb1 "$op" "${args_a[@]}"
    if [ "$N" -gt 1 ]; then
      pair "$first" womr A "womr-$N-$r" "$N" "$FILES_A" refN "$op" \
        -- metabench A "metabench-a-$N-$r" "$N" "$FILES_A" mbN "$op" "${args_a[@]}"
    fi
    pair "$first" nnbench B "nnbench-1-$r" 1 "$FILES_B" ref1 "$op" \
      -- metabench B "metabench-b-1-$r" 1 "$FILES_B" mb1 "$op" "${args_b[@]}"
    if [ "$N" -gt 1 ]; then
      pair "$first" nnbench B "nnbench-$N-$r" "$N" "$FILES_B" refN "$op" \
        -- metabench B "metabench-b-$N-$r" "$N" "$FILES_B" mbN "$op" "${args_b[@]}"
    fi
  done
done
round=0
ceiling
elapsed_total=$(( $(date +%s) - started ))
run_steal=$(steal_since "$run_snap")

# ---------------------------------------------------------------- the table
cpus=$(nproc 2>/dev/null || echo '?')
jver=$("$java" -version 2>&1 | head -1)
cat <<EOF
MetaBench vs Hadoop NNBenchWithoutMR / NNBench, one HDFS: $uri
  MiniDFSCluster, 1 NameNode + 1 DataNode on 127.0.0.1, its data under $HDFS_TMPDIR; $cpus CPUs; $jver
Client settings of every tool JVM (core-site.xml and hdfs-site.xml on its classpath):
  dfs.client.block.write.locateFollowingBlock.initial.delay.ms=$LOCATE_DELAY_MS
  dfs.namenode.fs-limits.min-block-size=$MIN_BLOCK (the NameNode's too)
JVMs ${JVM_HEAP}. MetaBench from the distribution ($(basename "$dist")) through scripts/meta-bench.sh; the
originals and helpers from the Maven test classpath. Every tool runs one JVM per operation, in a
fresh base directory; each original and its MetaBench counterpart run back to back, operation by
operation, the one going first alternating. N = $N. Rounds: $REPEAT$([ "$REPEAT" -gt 1 ] && echo " (medians; range min-max in the note)").
MB/orig@1, MB/orig@N: MetaBench's TPS / the original's reference TPS (the row marked *) at 1 and at N.
steal%: CPU time the hypervisor gave to others while the tool ran ($run_steal% over the whole run).

EOF

awk -F'\t' -v N="$N" -v R="$REPEAT" '
  function pad(s, w) { return sprintf("%-" w "s", s) }
  function rpad(s, w) { return sprintf("%" w "s", s) }
  function isnum(x) { return x ~ /^[0-9]+(\.[0-9]+)?$/ }
  function ratio(a, b) { return (isnum(a) && isnum(b) && b + 0 > 0) ? sprintf("%.2f", a / b) : "-" }
  # median of the numbers in the space-separated list s (sorted copy); "" when none
  function median(s,   a, n, i, j, t) {
    n = split(s, a, " ")
    if (n == 0) return ""
    for (i = 2; i <= n; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  function minmax(s,   a, n, i, lo, hi) {
    n = split(s, a, " "); lo = a[1] + 0; hi = a[1] + 0
    for (i = 2; i <= n; i++) { if (a[i] + 0 < lo) lo = a[i] + 0; if (a[i] + 0 > hi) hi = a[i] + 0 }
    return lo "-" hi
  }
  {
    if ($1 == "W") { if ($8 == "FAILED") warm = warm "  warm-up " $2 " FAILED: " $10 "\n"; next }
    key = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4 SUBSEP $6
    if (!(key in seen)) { seen[key] = 1; nk++; keys[nk] = key; ksec[nk] = $1; kop[nk] = $2; ktool[nk] = $3
      kthr[nk] = $4; kfiles[nk] = $5; kfig[nk] = $6; krole[nk] = $9 }
    runs[key]++
    # The elapsed median goes with the TPS median: over the rounds that have a TPS, if any.
    if (isnum($8)) { tpsl[key] = tpsl[key] " " $8; if (isnum($7)) ell[key] = ell[key] " " $7 }
    else if ($8 == "FAILED") { nfail[key]++; if (failnote[key] == "") failnote[key] = $10 }
    else if (isnum($7)) ell0[key] = ell0[key] " " $7
    if ($10 != "" && $8 != "FAILED" && index(notes[key], $10) == 0) notes[key] = notes[key] (notes[key] == "" ? "" : "; ") $10
    if (isnum($11)) stl[key] = stl[key] " " $11
  }
  END {
    for (i = 1; i <= nk; i++) {
      k = keys[i]
      tps[i] = median(tpsl[k]); el[i] = median(tpsl[k] == "" ? ell0[k] : ell[k]); st[i] = median(stl[k])
      if (tps[i] == "") tps[i] = nfail[k] ? "FAILED" : "-"
      else tps[i] = sprintf("%.1f", tps[i])
      el[i] = (el[i] == "") ? "-" : (kfig[i] == "own whole seconds" ? sprintf("%.1f", el[i]) : sprintf("%.3f", el[i]))
      st[i] = (st[i] == "") ? "-" : sprintf("%.1f", st[i])
      nt = notes[k]
      if (R > 1 && split(tpsl[k], tmp, " ") > 1) {
        mm = minmax(tpsl[k]); split(mm, lohi, "-")
        if (lohi[1] != lohi[2]) nt = "TPS " mm (nt == "" ? "" : "; " nt)
      }
      if (nfail[k]) nt = (R > 1 ? nfail[k] " of " runs[k] " FAILED: " : "") failnote[k] (nt == "" ? "" : "; " nt)
      note[i] = nt
      if (krole[i] == "ref1") ref1[ksec[i], kop[i]] = tps[i]
      if (krole[i] == "refN") refN[ksec[i], kop[i]] = tps[i]
      if (krole[i] == "mb1") mb1[ksec[i], kop[i]] = tps[i]
      if (krole[i] == "mbN") mbN[ksec[i], kop[i]] = tps[i]
    }
    if (warm != "") printf "%s\n", warm
    split("A B", secs, " ")
    title["A"] = "Workload A (NNBenchWithoutMR'"'"'s): 512-byte files in one 512-byte block; open reads the 512 bytes"
    title["B"] = "Workload B (NNBench'"'"'s): empty files, -blockSize 1048576; open does not read"
    nops = split("create_write open_read rename delete", ops, " ")
    for (s = 1; s <= 2; s++) {
      print title[secs[s]]
      printf "%s %s %s %s %s %s %s %s %s %s  %s\n", pad("operation", 12), pad("tool", 27), rpad("thr", 3),
        rpad("files", 5), pad("figure", 27), rpad("elapsed s", 9), rpad("TPS", 8), rpad("MB/orig@1", 9),
        rpad("MB/orig@N", 9), rpad("steal%", 6), "note"
      # Per operation: the original at 1, MetaBench at 1, the original at N, MetaBench at N.
      for (o = 1; o <= nops; o++) for (pass = 1; pass <= 4; pass++) for (i = 1; i <= nk; i++) {
        if (ksec[i] != secs[s] || kop[i] != ops[o]) continue
        isMb = (ktool[i] ~ /^MetaBench/); one = (kthr[i] == 1)
        if (!((pass == 1 && one && !isMb) || (pass == 2 && one && isMb) ||
              (pass == 3 && !one && !isMb) || (pass == 4 && !one && isMb))) continue
        r1 = "-"; rN = "-"
        if (krole[i] == "mb1" || krole[i] == "mbN") r1 = ratio(tps[i], ref1[ksec[i], kop[i]])
        if (krole[i] == "mbN") rN = ratio(tps[i], refN[ksec[i], kop[i]])
        mark = (krole[i] == "ref1" || krole[i] == "refN") ? "*" : ""
        printf "%s %s %s %s %s %s %s %s %s %s  %s\n", pad(kop[i], 12), pad(ktool[i], 27), rpad(kthr[i], 3),
          rpad(kfiles[i], 5), pad(kfig[i] mark, 27), rpad(el[i], 9), rpad(tps[i], 8), rpad(r1, 9),
          rpad(rN, 9), rpad(st[i], 6), note[i]
      }
      print ""
    }
    print "Ceiling: NNThroughputBenchmark (its NameNode in the same JVM, no RPC), " N " threads, against MetaBench in workload B"
    printf "%s %s %s %s %s %s %s %s %s  %s\n", pad("operation", 12), rpad("files", 6), rpad("elapsed s", 9),
      rpad("ceiling/s", 10), rpad("MB@1 TPS", 9), rpad("fraction", 8), rpad("MB@N TPS", 9),
      rpad("fraction", 8), rpad("steal%", 6), "note"
    for (o = 1; o <= nops; o++) for (i = 1; i <= nk; i++) if (ksec[i] == "C" && kop[i] == ops[o]) {
      a = mb1["B", kop[i]]; b = mbN["B", kop[i]]
      printf "%s %s %s %s %s %s %s %s %s  %s\n", pad(kop[i], 12), rpad(kfiles[i], 6), rpad(el[i], 9),
        rpad(tps[i], 10), rpad(a == "" ? "-" : a, 9), rpad(ratio(a, tps[i]), 8),
        rpad(b == "" ? "-" : b, 9), rpad(N > 1 ? ratio(b, tps[i]) : "-", 8), rpad(st[i], 6), note[i]
    }
  }' "$rows"

cat <<EOF

Figures:
  ops window (stdout lines)  NNBenchWithoutMR: its "Job started" line to its "Job ended" line, each time-stamped
                             on arrival with CLOCK_MONOTONIC (N processes: first start to last end). The
                             reference (*) of workload A. It includes the JVM's first RPC (class loading, the
                             connection) and the client's JIT warm-up; MetaBench does its first calls before
                             its window, so with few files this favours MetaBench.
  own whole seconds          NNBenchWithoutMR's "The <op> job took N seconds.", truncated to whole seconds.
  JVM wall (monotonic)       from just before the JVM starts to just after it exits (start-up included).
  phase window (JSON)        MetaBench's phases[0].elapsedSeconds and .tps: first operation start to last end.
  printed TPS                NNBench's "TPS:" line (successful operations / longest map time); elapsed s is its
                             "Longest Map Time". For create_write NNBench counts create and close as two
                             operations, so its figure is doubled: MetaBench (one create_write = one file) is
                             compared with the figure halved.
NNBench's delete runs on the files of an extra create_write (not reported): after NNBench's own rename,
its delete looks for the old names and fails. Its N maps run in one JVM and share one cached FileSystem
client; MetaBench gives each thread its own client (its default).
Logs, commands and results: $WORK_DIR
Total run time: ${elapsed_total}s
EOF
