#!/usr/bin/env bash
# Standalone runs against a long warmed run, on ONE HDFS (MiniDFSCluster, 1 NameNode + 1 DataNode,
# 127.0.0.1 only) in its own JVM:
#
#   standalone   each operation in a JVM of its own, as NNBench's and Curvine's users run phases
#                (create_write, then open_read, stat, rename, delete on what it made), with
#                MetaBench's defaults: the client warm-up before each phase is on
#   cold         the same with -clientWarmup 0: what the figures were before the warm-up existed
#   warmed       the five operations in one JVM as a study of ITERATIONS iterations with
#                -clientWarmup 0: the median of the last 3 iterations (the earlier ones warmed
#                the JVM; on 2 cores the JIT needs more than one iteration's few seconds)
#   bare         bench/BareLoop: a plain FileSystem loop, no MetaBench code, PASSES passes in one
#                JVM: the median of the last 3 passes
#
# and prints, per operation, the TPS of each with standalone/warmed and cold/warmed.
#
# The server is warmed first by SERVER_PASSES passes of the bare loop, reported nowhere.
#
#   THREADS [4] FILES [25000] (per thread: each phase then lasts 4-5 s, long enough to be called
#   steady; at 2,000 a phase lasted 0.3-0.45 s and MetaBench marked it too short)
#   ITERATIONS [5] PASSES [5] SERVER_PASSES [3]
#   WORK_DIR [target/steady-state/<yyyyMMdd-HHmmss>]   HDFS_TMPDIR [/dev/shm if writable, else /tmp]
#   CLIENT_JVM_OPTS [-XX:-TieredCompilation, as scripts/meta-bench.sh runs the client]: the
#                client JVMs' options (the server's JVM keeps its own)
# Needs a JDK, Maven (builds the test classes), python3.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
THREADS=${THREADS:-4}
FILES=${FILES:-25000}
ITERATIONS=${ITERATIONS:-5}
PASSES=${PASSES:-5}
SERVER_PASSES=${SERVER_PASSES:-3}
WORK_DIR=${WORK_DIR:-$root/target/steady-state/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
log4j=-Dlog4j.configuration=file:"$root/conf/log4j.properties"
client_opts=(${CLIENT_JVM_OPTS--XX:-TieredCompilation})
jrun() { java -Xms256m -Xmx1g "${client_opts[@]}" "${opens[@]}" "$log4j" -cp "$test_cp" "$@"; }

start_standalone_hdfs "$WORK_DIR" -maxLifetime 7200
echo "HDFS at $uri; $THREADS threads x $FILES files; results under $WORK_DIR" >&2

ops=(create_write open_read stat rename delete)
# The server is warmed first, as a production NameNode always is: otherwise whichever mode runs
# first would also pay for the NameNode's JIT, and the ratios would measure the server's warm-up.
echo "== server warm-up: $SERVER_PASSES passes of the bare loop (not reported)" >&2
jrun io.metabench.bench.BareLoop "$uri" /steady/server-warmup "$THREADS" "$FILES" "$SERVER_PASSES" \
  > "$WORK_DIR/server-warmup.out" 2> "$WORK_DIR/server-warmup.err" \
  || echo "  the server warm-up failed; see $WORK_DIR/server-warmup.err" >&2
mb() { jrun io.metabench.MetaBench -nnbenchLog '' -quiet -threads "$THREADS" -numberOfFiles "$FILES" "$@"; }
for mode in standalone cold; do
  extra=()
  [ "$mode" = cold ] && extra=(-clientWarmup 0)
  for op in "${ops[@]}"; do
    echo "== $mode $op" >&2
    mb -operation "$op" -baseDir "$uri/steady/$mode" -jsonOut "$WORK_DIR/$mode-$op.json" \
      "${extra[@]}" >> "$WORK_DIR/$mode.out" 2>> "$WORK_DIR/$mode.err" \
      || echo "  $mode $op failed (exit $?); see $WORK_DIR/$mode.err" >&2
  done
done
echo "== warmed: a study of $ITERATIONS iterations in one JVM" >&2
mb -operation "$(IFS=,; echo "${ops[*]}")" -iterations "$ITERATIONS" -clientWarmup 0 \
  -baseDir "$uri/steady/warmed" -outDir "$WORK_DIR/warmed" > "$WORK_DIR/warmed.out" \
  2> "$WORK_DIR/warmed.err" || echo "  the warmed study failed; see $WORK_DIR/warmed.err" >&2
echo "== bare FileSystem loop, $PASSES passes in one JVM" >&2
jrun io.metabench.bench.BareLoop "$uri" /steady/bare "$THREADS" "$FILES" "$PASSES" \
  > "$WORK_DIR/bare.out" 2> "$WORK_DIR/bare.err" || echo "  the bare loop failed" >&2

python3 - "$WORK_DIR" "$ITERATIONS" "$PASSES" "${ops[@]}" <<'PY'
import json, os, sys
work, iters, passes, ops = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
def phase_tps(path, op):
    try:
        d = json.load(open(path))
        return next(p['tps'] for p in d['phases'] if p['operation'] == op)
    except Exception:
        return None
def median_of_last(values, n=3):
    last = sorted(values[-n:])
    return last[len(last) // 2] if last else None
warmed = {}
try:
    study = json.load(open(os.path.join(work, 'warmed', 'result.json')))
    by_op = {}
    for r in sorted(study['runs'], key=lambda r: r.get('iteration', 0)):
        for p in (r.get('result') or {}).get('phases', []):
            by_op.setdefault(p['operation'], []).append(p['tps'])
    warmed = {op: median_of_last(v) for op, v in by_op.items()}
except Exception as e:
    print('warmed study unreadable: %s' % e, file=sys.stderr)
by_pass = {}
for line in open(os.path.join(work, 'bare.out')):
    f = line.split()
    if len(f) == 3 and f[0].isdigit():
        by_pass.setdefault(f[1], []).append((int(f[0]), float(f[2])))
bare = {op: median_of_last([v for _, v in sorted(rows)]) for op, rows in by_pass.items()}
fmt = lambda v: '-' if v is None else '%.0f' % v
ratio = lambda a, b: '-' if a is None or not b else '%.2f' % (a / b)
print('| operation | standalone (default) | cold (-clientWarmup 0) | warmed | standalone/warmed | cold/warmed | bare loop | warmed/bare |')
print('|---|---|---|---|---|---|---|---|')
for op in ops:
    s = phase_tps(os.path.join(work, 'standalone-%s.json' % op), op)
    c = phase_tps(os.path.join(work, 'cold-%s.json' % op), op)
    w = warmed.get(op)
    b = bare.get(op)
    print('| %s | %s | %s | %s | %s | %s | %s | %s |' % (op, fmt(s), fmt(c), fmt(w), ratio(s, w),
          ratio(c, w), fmt(b), ratio(w, b)))
PY
