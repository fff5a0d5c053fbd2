#!/usr/bin/env bash
# The README's first command, RUNS times one after another, as a newcomer runs it
# (scripts/meta-bench.sh all: every phase on an embedded HDFS, the distribution's defaults), with
# each run's wall time, its client warm-up share and the phases its table marked: `~` (not
# steady, docs/metrics.md#steadiness) and `!` (client-bound). Ends with how many runs had no mark.
#
#   RUNS [5]  WORK_DIR [target/first-command/<yyyyMMdd-HHmmss>]
#   META_BENCH_HEAP, META_BENCH_JIT, META_BENCH_OPTS: passed to scripts/meta-bench.sh as given
#   (unset: its defaults). Further arguments go to every run (e.g. -sizeFor 6s).
# Needs the distribution (scripts/meta-bench.sh builds it on first use; a build during the bench
# changes what the later runs load), python3.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
WORK_DIR=${WORK_DIR:-$root/target/first-command/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
echo "the first command, $RUNS runs; heap ${META_BENCH_HEAP:-(default)}, JIT" \
  "${META_BENCH_JIT-(default)}, options ${META_BENCH_OPTS:-none}, arguments: ${*:-none};" \
  "$(nproc) cores"
for i in $(seq "$RUNS"); do
  began=$(date +%s.%N)
  # From a directory of its own, as a newcomer runs it: its files go to
  # metabench-results/<time>-.../ there (-outDir would make it a study).
  mkdir -p "$WORK_DIR/run-$i"
  (cd "$WORK_DIR/run-$i" && "$root/scripts/meta-bench.sh" all "$@" \
    > "$WORK_DIR/run-$i.txt" 2> "$WORK_DIR/run-$i.err")
  code=$?
  ended=$(date +%s.%N)
  python3 - "$WORK_DIR/run-$i" "$i" "$code" "$began" "$ended" <<'PY'
import glob, json, sys
d, i, code, began, ended = sys.argv[1:]
took = ""
for line in open(d + ".txt"):
    if line.startswith("took "):
        took = line.strip()
try:
    r = json.load(open(glob.glob(d + "/metabench-results/*/result.json")[0]))
    marks = []
    for p in r["phases"]:
        v = (p.get("steadiness") or {}).get("verdict")
        if v in ("unsteady", "too_short"):
            marks.append("%s ~ (%s: %s)" % (p["operation"], v, ", ".join(
                "%.0f" % x for x in p["steadiness"].get("lastSecondsTps", []))))
        if (p.get("clientLoad") or {}).get("clientBound"):
            marks.append("%s !" % p["operation"])
    print("run %s: wall %.1f s, exit %s; %s; %s" % (i, float(ended) - float(began), code,
          took or "no 'took' line", "marked: " + "; ".join(marks) if marks else "no mark"))
except (OSError, ValueError, KeyError, IndexError) as e:
    print("run %s: no result (%s), exit %s" % (i, e, code))
PY
done | tee "$WORK_DIR/summary.txt"
unmarked=$(grep -c "; no mark$" "$WORK_DIR/summary.txt")
echo "$unmarked of $RUNS runs with no phase marked"
