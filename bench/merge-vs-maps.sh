#!/usr/bin/env bash
# Three processes run by hand, merged, beside a -maps 3 job, on ONE HDFS (MiniDFSCluster in its
# own JVM, 127.0.0.1 only):
#
#   merged   three MetaBench JVMs started together (-processes 3, -mapIndex 0, 1, 2, one
#            -startTime), meeting before every phase at their file barrier, their
#            JSON files combined by `metabench merge`
#   maps     one `-maps 3` job on the local job runner (its maps are threads of one JVM)
#
# and prints, per phase, each one's successful operations, TPS, p50 and p99, and the merged
# result's per-process rows.
#
#   THREADS [2] FILES [2000] (per thread and process)   PHASES [create_write,open_read,stat,rename,delete]
#   WORK_DIR [target/merge-vs-maps/<yyyyMMdd-HHmmss>]   HDFS_TMPDIR [/dev/shm if writable, else /tmp]
# Needs a JDK, Maven (builds the test classes), python3.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
THREADS=${THREADS:-2}
FILES=${FILES:-2000}
PHASES=${PHASES:-create_write,open_read,stat,rename,delete}
WORK_DIR=${WORK_DIR:-$root/target/merge-vs-maps/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
log4j=-Dlog4j.configuration=file:"$root/conf/log4j.properties"
jrun() { java -Xms256m -Xmx1g "${opens[@]}" "$log4j" -cp "$test_cp" "$@"; }

start_standalone_hdfs "$WORK_DIR" -maxLifetime 3600
echo "HDFS at $uri; $THREADS threads x $FILES files, 3 processes; results under $WORK_DIR" >&2

mb() { jrun io.metabench.MetaBench -nnbenchLog '' -quiet "$@"; }
run=(-operation "$PHASES" -threads "$THREADS" -numberOfFiles "$FILES")

echo "== merged: three processes" >&2
start=$(( $(date +%s) + 45 ))   # room for the client warm-up before the first phase
pids=()
for m in 0 1 2; do
  mb "${run[@]}" -baseDir "$uri/merge/hand" -processes 3 -mapIndex "$m" -startTime "$start" \
    -jsonOut "$WORK_DIR/p$m.json" > "$WORK_DIR/p$m.out" 2> "$WORK_DIR/p$m.err" &
  pids+=($!)
done
for p in "${pids[@]}"; do
  wait "$p" || echo "  a process failed (exit $?); see $WORK_DIR/p*.err" >&2
done
jrun io.metabench.MetaBench merge -outDir "$WORK_DIR/merged" "$WORK_DIR/p0.json" "$WORK_DIR/p1.json" \
  "$WORK_DIR/p2.json" > "$WORK_DIR/merged.out" 2> "$WORK_DIR/merged.err" \
  || echo "  merge exited $?; see $WORK_DIR/merged.err" >&2

echo "== maps: a -maps 3 job on the local job runner" >&2
mb -D mapreduce.framework.name=local "${run[@]}" -maps 3 -baseDir "$uri/merge/job" \
  -jsonOut "$WORK_DIR/maps.json" > "$WORK_DIR/maps.out" 2> "$WORK_DIR/maps.err" \
  || echo "  the job exited $?; see $WORK_DIR/maps.err" >&2

python3 - "$WORK_DIR/merged/result.json" "$WORK_DIR/maps.json" <<'PY'
import json, sys
merged, maps = (json.load(open(f)) for f in sys.argv[1:3])
def phases(r):
    return {p["operation"]: p for p in r["phases"]}
m, j = phases(merged), phases(maps)
print("%-13s %10s %10s %10s %10s %9s %9s %9s %9s" % ("phase", "ok merged", "ok -maps",
      "TPS merged", "TPS -maps", "p50 mrg", "p50 maps", "p99 mrg", "p99 maps"))
for op in m:
    a, b = m[op], j.get(op, {})
    la, lb = a.get("latencyMs", {}), b.get("latencyMs", {})
    print("%-13s %10d %10d %10.1f %10.1f %9.3f %9.3f %9.3f %9.3f" % (op, a["successful"],
          b.get("successful", 0), a["tps"], b.get("tps", 0), la.get("p50", 0), lb.get("p50", 0),
          la.get("p99", 0), lb.get("p99", 0)))
print()
print("merged, per process:")
for p in merged["maps"]["perMap"]:
    for ph in p["phases"]:
        print("  -mapIndex %d %-13s ok %6d late %-5s lateWorkers %d start skew %9.3f ms TPS %9.1f" % (
            p["map"], ph["operation"], ph["successful"], ph["lateMap"], ph["lateWorkers"],
            ph["startSkewMs"], ph["tps"]))
PY
echo "Files: $WORK_DIR" >&2
