#!/usr/bin/env bash
# The NameNode's view beside the client's, with one phase stalled: a run of create_write,
# open_read, rename and delete against ONE HDFS (MiniDFSCluster in its own JVM, 127.0.0.1 only,
# RPC metrics in microseconds, refreshed every second), during whose rename phase the NameNode's
# namespace write lock is held for STALL_MS (as a long operation or a GC pause would hold it).
# Prints the run's table with its "NameNode, <phase>:" lines and each phase's worst refresh.
#
#   THREADS [4] FILES [10000] (per thread)   STALL_MS [3000]
#   WORK_DIR [target/namenode-stall/<yyyyMMdd-HHmmss>]   HDFS_TMPDIR [/dev/shm if writable, else /tmp]
# Needs a JDK, Maven (builds the test classes), python3.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
THREADS=${THREADS:-4}
FILES=${FILES:-10000}
STALL_MS=${STALL_MS:-3000}
WORK_DIR=${WORK_DIR:-$root/target/namenode-stall/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
log4j=-Dlog4j.configuration=file:"$root/conf/log4j.properties"
jrun() { java -Xms256m -Xmx1g "${opens[@]}" "$log4j" -cp "$test_cp" "$@"; }

start_standalone_hdfs "$WORK_DIR" -maxLifetime 1800 \
  -D rpc.metrics.timeunit=MICROSECONDS
echo "HDFS at $uri, metrics at $jmx; $THREADS threads x $FILES files; rename stalled $STALL_MS ms" >&2

jrun io.metabench.MetaBench -D "metabench.namenode.jmx=$jmx" -nnbenchLog '' -quiet \
  -operation create_write,open_read,rename,delete -threads "$THREADS" -numberOfFiles "$FILES" \
  -clientWarmup 3 -baseDir "$uri/stall" -jsonOut "$WORK_DIR/result.json" \
  > "$WORK_DIR/run.out" 2> "$WORK_DIR/run.err" &
run_pid=$!
# Rename announces itself ("rename: 4 workers x ..."), then warms its client for at most 3 s
# (-clientWarmup 3): the stall falls 4 s after the announcement, in its measurement.
until grep -q "BenchmarkRunner: rename: .* workers" "$WORK_DIR/run.err" 2>/dev/null; do
  kill -0 "$run_pid" 2>/dev/null || break
  sleep 0.2
done
sleep 4
echo "stall $STALL_MS" >&7
wait "$run_pid" || echo "  the run exited $?; see $WORK_DIR/run.err" >&2
grep -E "^(phase|create_write|open_read|rename|delete) |NameNode" "$WORK_DIR/run.out"
python3 - "$WORK_DIR/result.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print()
print("each phase's worst refresh (the NameNode's mean processing ms per call over it, and its calls),")
print("and the phase's lock wait (mean ms per call, and x calls):")
for p in r["server"]["phases"]:
    points = p["timeline"]  # [seconds from the phase's start, processing ms, queue ms] per refresh
    s = p["perSecond"]
    refreshes = [i for i in range(1, len(s)) if s[i]["rpc.calls"] != s[i - 1]["rpc.calls"]]
    worst = max(refreshes, key=lambda i: s[i].get("rpc.processingMs", 0)) if refreshes else None
    print("  %-13s worst refresh %8.3f ms over %6d calls; lock wait %.6f ms/call, %.0f ms in all" % (
        p["operation"], s[worst].get("rpc.processingMs", 0) if worst else 0,
        s[worst]["rpc.calls"] - s[worst - 1]["rpc.calls"] if worst else 0,
        p["lockWaitMs"] or 0, (p["lockWaitMs"] or 0) * p["rpcCalls"]))
PY
echo "Files: $WORK_DIR" >&2
