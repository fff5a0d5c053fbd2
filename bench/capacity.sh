#!/usr/bin/env bash
# A capacity search's speed, repeatability and consistency (docs/capacity.md): REPEATS searches
# of OPERATION under BOUND with MetaBench's defaults otherwise (8 s steps, 2.5 % precision), then
# for each answer two fixed-rate runs of one step's length at 0.9 and 1.1 times the rate held,
# judged by the search's own rule (achieved >= 0.98 x offered, the bound on latency from when due,
# failures under 1 %): consistent when the first holds and the second does not.
# Prints each repeat's answer, steps and wall time, each check, then the spread of the rates
# held: (highest - lowest) / median.
#
# TARGET: embedded (default) starts an embedded HDFS in each search's JVM, as the README's first
#   command does (its NameNode shares the client's JVM and JIT: its answers drift as it warms);
#   standalone starts one HDFS in a JVM of its own (bench/StandaloneHdfs) for every search and
#   check, warmed first by a closed-loop run of WARM_SECONDS [60].
#   OPERATION [create_write]  BOUND [p99=10ms]  THREADS [16]  REPEATS [3]
#   WORK_DIR [target/capacity/<yyyyMMdd-HHmmss>]
# Needs a JDK, Maven (builds the classes), python3. The classes are copied into WORK_DIR first,
# so a build during the run does not change them.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
TARGET=${TARGET:-embedded}
OPERATION=${OPERATION:-create_write}
BOUND=${BOUND:-p99=10ms}
THREADS=${THREADS:-16}
REPEATS=${REPEATS:-3}
WARM_SECONDS=${WARM_SECONDS:-60}
WORK_DIR=${WORK_DIR:-$root/target/capacity/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
cp -r "$root/target/classes" "$WORK_DIR/classes" && cp -r "$root/target/test-classes" \
  "$WORK_DIR/test-classes"
test_cp=${test_cp//$root\/target\/classes/$WORK_DIR/classes}
test_cp=${test_cp//$root\/target\/test-classes/$WORK_DIR/test-classes}
base=()
if [ "$TARGET" = standalone ]; then
  start_standalone_hdfs "$WORK_DIR" -maxLifetime 3600
  base=(-baseDir "$uri/capacity")
  echo "warming the standalone HDFS at $uri: $OPERATION closed loop for $WARM_SECONDS s"
fi
echo "capacity of $OPERATION at $BOUND, $THREADS threads, $TARGET HDFS, $REPEATS repeats; $(nproc) cores"

metabench() {
  java -Xms256m -Xmx2g "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
    -cp "$test_cp" io.metabench.MetaBench "$@"
}

if [ "$TARGET" = standalone ]; then
  metabench -operation "$OPERATION" -threads "$THREADS" -duration "$WARM_SECONDS" -cleanup \
    "${base[@]}" -outDir "$WORK_DIR/warm" > "$WORK_DIR/warm.txt" 2> "$WORK_DIR/warm.err"
fi

for i in $(seq "$REPEATS"); do
  began=$(date +%s.%N)
  metabench -operation "$OPERATION" -threads "$THREADS" -capacity "$BOUND" "${base[@]}" \
    -outDir "$WORK_DIR/search-$i" > "$WORK_DIR/search-$i.txt" 2> "$WORK_DIR/search-$i.err"
  code=$?
  ended=$(date +%s.%N)
  held=$(python3 - "$WORK_DIR/search-$i/result.json" "$i" "$code" "$began" "$ended" <<'PY'
import json, sys
path, i, code, began, ended = sys.argv[1:]
try:
    a = json.load(open(path))["answer"]
    print("repeat %s: %s (wall %.0f s, exit %s)" % (i, a["line"], float(ended) - float(began), code),
          file=sys.stderr)
    print(a["heldPerSecond"] if a["heldPerSecond"] is not None and not a["clientLimited"] else "")
except (OSError, ValueError, KeyError) as e:
    print("repeat %s: no result (%s), exit %s" % (i, e, code), file=sys.stderr)
PY
)
  [ -n "$held" ] || continue
  for factor in 0.9 1.1; do
    rate=$(python3 -c "print(round($held * $factor, 1))")
    metabench -operation "$OPERATION" -threads "$THREADS" -rate "$rate" -duration 8 \
      -clientWarmup 5 -cleanup "${base[@]}" -outDir "$WORK_DIR/check-$i-$factor" \
      > "$WORK_DIR/check-$i-$factor.txt" 2> "$WORK_DIR/check-$i-$factor.err"
    python3 - "$WORK_DIR/check-$i-$factor" "$OPERATION" "$rate" "$BOUND" "$factor" <<'PY'
import glob, json, re, sys
d, op, rate, bound, factor = sys.argv[1:]
files = glob.glob(d + "/result.json")
m = re.fullmatch(r"p([0-9.]+)=([0-9.]+)(us|ms|s)", bound)
if not files or not m:
    print("  check %sx: no result in %s (or a bound this script cannot read: %s)" % (factor, d, bound))
    sys.exit(0)
pct, limit = m.group(1), float(m.group(2)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(3)]
phase = [p for p in json.load(open(files[0]))["phases"] if p["operation"] == op][0]
key = {"50": "p50", "99": "p99", "99.9": "p999", "100": "max"}.get(pct, "p" + pct)
got = phase["latencyMs"].get(key)
achieved = phase["attempted"] / phase["elapsedSeconds"]
failed = phase["failed"] / max(1, phase["attempted"])
held = achieved >= 0.98 * float(rate) and got is not None and got <= limit and failed < 0.01
print("  check %sx: %s ops/s offered, %.1f achieved, %s %.3f ms, %.2f %% failed: %s" % (
    factor, rate, achieved, key, got if got is not None else float("nan"), 100 * failed,
    "held" if held else "broken"))
PY
  done
done
python3 - "$WORK_DIR" "$REPEATS" <<'PY'
import json, statistics, sys
d, n = sys.argv[1], int(sys.argv[2])
held = []
for i in range(1, n + 1):
    try:
        a = json.load(open("%s/search-%d/result.json" % (d, i)))["answer"]
        if a["heldPerSecond"] is not None:
            held.append(a["heldPerSecond"])
    except (OSError, ValueError, KeyError):
        pass
if len(held) >= 2:
    print("held: %s ops/s; spread (max - min) / median = %.1f %%" % (
        ", ".join("%.0f" % h for h in held),
        100 * (max(held) - min(held)) / statistics.median(held)))
PY
echo "files: $WORK_DIR"
