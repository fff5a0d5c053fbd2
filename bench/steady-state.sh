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
# Standalone and warmed are measured ROUNDS times, interleaved (round 1 standalone then warmed,
# round 2 warmed then standalone, ...), and each round's ratio compares two measurements minutes
# apart at most: the printed ratio is the median of the rounds' ratios, so the machine's drift
# over the bench's quarter of an hour does not decide it. Cold and the bare loop run once, last.
#
# The server is warmed first by SERVER_PASSES passes of the bare loop, reported nowhere.
#
#   THREADS [4] FILES [25000] (per thread: each phase then lasts 4-5 s, long enough to be called
#   steady; at 2,000 a phase lasted 0.3-0.45 s and MetaBench marked it too short)
#   ITERATIONS [5] PASSES [5] SERVER_PASSES [3] ROUNDS [3]
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
ROUNDS=${ROUNDS:-3}
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
# One mode's measurement: each operation in a JVM of its own (standalone, cold), into <mode>-<op>.json
singles() {
  local mode=$1 out=$2; shift 2
  for op in "${ops[@]}"; do
    echo "== $out $op" >&2
    mb -operation "$op" -baseDir "$uri/steady/$out" -jsonOut "$WORK_DIR/$out-$op.json" \
      "$@" >> "$WORK_DIR/$out.out" 2>> "$WORK_DIR/$out.err" \
      || echo "  $out $op failed (exit $?); see $WORK_DIR/$out.err" >&2
  done
}
warmed() {
  echo "== $1: a study of $ITERATIONS iterations in one JVM" >&2
  mb -operation "$(IFS=,; echo "${ops[*]}")" -iterations "$ITERATIONS" -clientWarmup 0 \
    -baseDir "$uri/steady/$1" -outDir "$WORK_DIR/$1" > "$WORK_DIR/$1.out" \
    2> "$WORK_DIR/$1.err" || echo "  the warmed study failed; see $WORK_DIR/$1.err" >&2
}
for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then
    singles standalone "standalone-r$round"; warmed "warmed-r$round"
  else
    warmed "warmed-r$round"; singles standalone "standalone-r$round"
  fi
done
singles cold cold -clientWarmup 0
echo "== bare FileSystem loop, $PASSES passes in one JVM" >&2
jrun io.metabench.bench.BareLoop "$uri" /steady/bare "$THREADS" "$FILES" "$PASSES" \
  > "$WORK_DIR/bare.out" 2> "$WORK_DIR/bare.err" || echo "  the bare loop failed" >&2

python3 - "$WORK_DIR" "$ROUNDS" "${ops[@]}" <<'PY'
import json, os, sys
work, rounds, ops = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def phase_tps(path, op):
    try:
        d = json.load(open(path))
        return next(p['tps'] for p in d['phases'] if p['operation'] == op)
    except Exception:
        return None
def median(values):
    v = sorted(x for x in values if x is not None)
    if not v:
        return None
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2
def median_of_last(values, n=3):
    return median(values[-n:])
def warmed_of(name):
    try:
        study = json.load(open(os.path.join(work, name, 'result.json')))
    except Exception as e:
        print('%s unreadable: %s' % (name, e), file=sys.stderr)
        return {}
    by_op = {}
    for r in sorted(study['runs'], key=lambda r: r.get('iteration', 0)):
        for p in (r.get('result') or {}).get('phases', []):
            by_op.setdefault(p['operation'], []).append(p['tps'])
    return {op: median_of_last(v) for op, v in by_op.items()}
by_pass = {}
for line in open(os.path.join(work, 'bare.out')):
    f = line.split()
    if len(f) == 3 and f[0].isdigit():
        by_pass.setdefault(f[1], []).append((int(f[0]), float(f[2])))
bare = {op: median_of_last([v for _, v in sorted(rows)]) for op, rows in by_pass.items()}
warmed = [warmed_of('warmed-r%d' % r) for r in range(1, rounds + 1)]
fmt = lambda v: '-' if v is None else '%.0f' % v
ratio = lambda a, b: None if a is None or not b else a / b
fr = lambda v: '-' if v is None else '%.2f' % v
print('| operation | standalone (median of rounds) | warmed (median of rounds) | standalone/warmed each round | standalone/warmed (median) | cold (-clientWarmup 0) | cold/warmed | bare loop | warmed/bare |')
print('|---|---|---|---|---|---|---|---|---|')
at_least = 0
for op in ops:
    s = [phase_tps(os.path.join(work, 'standalone-r%d-%s.json' % (r, op)), op) for r in range(1, rounds + 1)]
    w = [warmed[r].get(op) for r in range(rounds)]
    each = [ratio(a, b) for a, b in zip(s, w)]
    m = median(each)
    at_least += 1 if m is not None and m >= 0.95 else 0
    c = phase_tps(os.path.join(work, 'cold-%s.json' % op), op)
    print('| %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (op, fmt(median(s)), fmt(median(w)),
          ', '.join(fr(x) for x in each), fr(m), fmt(c), fr(ratio(c, median(w))),
          fmt(bare.get(op)), fr(ratio(median(w), bare.get(op)))))
print('%d of %d operations at standalone/warmed >= 0.95' % (at_least, len(ops)))
PY
