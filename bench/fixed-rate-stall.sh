#!/usr/bin/env bash
# A fixed-rate (-rate) stat run against a real HDFS, without and then with a stalled NameNode:
# the HDFS runs in a JVM of its own (bench/StandaloneHdfs, 127.0.0.1 only) and, during the second
# run, is frozen with SIGSTOP for STALL_MS every STALL_EVERY seconds. Prints each run's table:
# latency counts from when each operation was due, the service time from its actual start.
#
#   RATE=500 SECONDS_PER_RUN=20 WARMUP=5 THREADS=4 STALL_MS=300 STALL_EVERY=2 bench/fixed-rate-stall.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
RATE=${RATE:-500}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-20}
THREADS=${THREADS:-4}
STALL_MS=${STALL_MS:-300}
STALL_EVERY=${STALL_EVERY:-2}
# The first seconds of a client (connections, JIT) put a fixed-rate run behind: not measured.
WARMUP=${WARMUP:-5}
bench_classpath "$root"
work=$(mktemp -d "${TMPDIR:-/tmp}/fixed-rate-stall.XXXXXX")
log4j=-Dlog4j.configuration=file:"$root/conf/log4j.properties"
# Its stdin is a pipe held open by this script: the server stops when the script ends.
mkfifo "$work/stdin"
java -Xmx2g "${opens[@]}" "$log4j" -Djava.io.tmpdir="$work" -cp "$test_cp" \
  io.metabench.bench.StandaloneHdfs -port 0 -maxLifetime 900 < "$work/stdin" > "$work/hdfs.out" 2>"$work/hdfs.err" &
hdfs_pid=$!
exec 3>"$work/stdin"
cleanup() { kill -CONT "$hdfs_pid" 2>/dev/null || true; exec 3>&-; wait "$hdfs_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 1 120); do
  uri=$(awk '$1 == "READY" {print $2; exit}' "$work/hdfs.out")
  [ -n "$uri" ] && break
  sleep 1
done
[ -n "$uri" ] || { echo "the HDFS did not start: $(tail -5 "$work/hdfs.err")" >&2; exit 1; }
metabench() {
  java -Xmx1g "${opens[@]}" "$log4j" -cp "$test_cp" io.metabench.MetaBench "$@" -nnbenchLog '' -quiet
}
base=$uri/fixed-rate
files=$(( RATE / THREADS ))
metabench -operation create_write -threads "$THREADS" -numberOfFiles "$files" -baseDir "$base" \
  -jsonOut "$work/create.json" > /dev/null
echo "== stat at -rate $RATE for $SECONDS_PER_RUN s after a $WARMUP s warm-up, $THREADS threads, no stall"
metabench -operation stat -threads "$THREADS" -numberOfFiles "$files" -rate "$RATE" \
  -duration "$SECONDS_PER_RUN" -warmup "$WARMUP" -baseDir "$base" -jsonOut "$work/steady.json" || true
echo "== the same, the NameNode's JVM frozen (SIGSTOP) for $STALL_MS ms every $STALL_EVERY s"
(
  sleep "$WARMUP"
  while kill -0 "$hdfs_pid" 2>/dev/null; do
    kill -STOP "$hdfs_pid"; sleep "$(awk "BEGIN {print $STALL_MS / 1000}")"; kill -CONT "$hdfs_pid"
    sleep "$STALL_EVERY"
  done
) &
staller=$!
metabench -operation stat -threads "$THREADS" -numberOfFiles "$files" -rate "$RATE" \
  -duration "$SECONDS_PER_RUN" -warmup "$WARMUP" -baseDir "$base" -jsonOut "$work/stalled.json" || true
kill "$staller" 2>/dev/null || true
wait "$staller" 2>/dev/null || true
kill -CONT "$hdfs_pid"
