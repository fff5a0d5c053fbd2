#!/usr/bin/env bash
# A capacity search's speed, repeatability and consistency (docs/capacity.md): REPEATS searches
# of OPERATION under BOUND with MetaBench's defaults otherwise (8 s steps, 2.5 % precision), each
# with -capacityCheck CHECK [10]: after its answer, one step CHECK % below the rate held and one
# above, judged by the search's own rule (consistent when the first holds and the second does not).
# Prints each repeat's answer (with its check), steps and wall time, then the spread of the rates
# held: (highest - lowest) / median.
#
# TARGET: embedded (default) starts an embedded HDFS in each search's JVM, as the README's first
#   command does (its NameNode shares the client's JVM and JIT: its answers drift as it warms);
#   standalone starts one HDFS in a JVM of its own (bench/StandaloneHdfs) for every search and
#   check, warmed first by a closed-loop run of WARM_SECONDS [60].
#   OPERATION [create_write]  BOUND [p99=10ms]  THREADS [32]  REPEATS [3]
#   WORK_DIR [target/capacity/<yyyyMMdd-HHmmss>]
#   JVM_OPTS [-Xms256m -Xmx1g -XX:-TieredCompilation]: each search's JVM, as scripts/meta-bench.sh
#   starts it by default; its GC log is written beside the search (gc-<repeat>.log).
# Needs a JDK, Maven (builds the classes), python3. The classes are copied into WORK_DIR first,
# so a build during the run does not change them.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
TARGET=${TARGET:-embedded}
OPERATION=${OPERATION:-create_write}
BOUND=${BOUND:-p99=10ms}
THREADS=${THREADS:-32}
REPEATS=${REPEATS:-3}
WARM_SECONDS=${WARM_SECONDS:-60}
CHECK=${CHECK:-10}
JVM_OPTS=${JVM_OPTS:--Xms256m -Xmx1g -XX:-TieredCompilation}
WORK_DIR=${WORK_DIR:-$root/target/capacity/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
bench_own_classes "$root" "$WORK_DIR"
base=()
if [ "$TARGET" = standalone ]; then
  start_standalone_hdfs "$WORK_DIR" -maxLifetime 3600
  base=(-baseDir "$uri/capacity")
  echo "warming the standalone HDFS at $uri: $OPERATION closed loop for $WARM_SECONDS s"
fi
echo "capacity of $OPERATION at $BOUND, $THREADS threads, $TARGET HDFS, $REPEATS repeats; JVM $JVM_OPTS; $(nproc) cores"

metabench() {
  java $JVM_OPTS ${metabench_gc:-} "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
    -cp "$test_cp" io.metabench.MetaBench "$@"
}

if [ "$TARGET" = standalone ]; then
  metabench -operation "$OPERATION" -threads "$THREADS" -duration "$WARM_SECONDS" -cleanup \
    "${base[@]}" -outDir "$WORK_DIR/warm" > "$WORK_DIR/warm.txt" 2> "$WORK_DIR/warm.err"
fi

for i in $(seq "$REPEATS"); do
  began=$(date +%s.%N)
  metabench_gc=-Xlog:gc:file="$WORK_DIR/gc-$i.log"
  metabench -operation "$OPERATION" -threads "$THREADS" -capacity "$BOUND" \
    -capacityCheck "$CHECK" "${base[@]}" \
    -outDir "$WORK_DIR/search-$i" > "$WORK_DIR/search-$i.txt" 2> "$WORK_DIR/search-$i.err"
  code=$?
  ended=$(date +%s.%N)
  python3 - "$WORK_DIR/search-$i/result.json" "$i" "$code" "$began" "$ended" <<'PY'
import json, sys
path, i, code, began, ended = sys.argv[1:]
try:
    a = json.load(open(path))["answer"]
    c = a.get("check")
    print("repeat %s: %s (wall %.0f s, exit %s)%s" % (i, a["line"], float(ended) - float(began),
          code, "" if not c else "; check %s" % ("consistent" if c["consistent"] else "NOT consistent")))
except (OSError, ValueError, KeyError) as e:
    print("repeat %s: no result (%s), exit %s" % (i, e, code))
PY
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
