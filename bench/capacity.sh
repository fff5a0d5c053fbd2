#!/usr/bin/env bash
# A capacity search's speed and repeatability (docs/capacity.md): REPEATS searches of OPERATION
# under BOUND on the embedded HDFS (a new one each time, in the client's JVM, as the README's
# first command runs), each with MetaBench's defaults otherwise (8 s steps, 2.5 % precision).
# Prints each repeat's answer, steps and wall time, then the spread of the rates held:
# (highest - lowest) / median.
#
#   OPERATION [stat]  BOUND [p99=5ms]  THREADS [32]  REPEATS [3]
#   WORK_DIR [target/capacity/<yyyyMMdd-HHmmss>]
# Needs a JDK, Maven (builds the classes), python3.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
OPERATION=${OPERATION:-stat}
BOUND=${BOUND:-p99=5ms}
THREADS=${THREADS:-32}
REPEATS=${REPEATS:-3}
WORK_DIR=${WORK_DIR:-$root/target/capacity/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
echo "capacity of $OPERATION at $BOUND, $THREADS threads, embedded HDFS, $REPEATS repeats; $(nproc) cores"
for i in $(seq "$REPEATS"); do
  began=$(date +%s.%N)
  java -Xms256m -Xmx2g "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
    -cp "$test_cp" io.metabench.MetaBench -operation "$OPERATION" -threads "$THREADS" \
    -capacity "$BOUND" -outDir "$WORK_DIR/search-$i" > "$WORK_DIR/search-$i.txt" \
    2> "$WORK_DIR/search-$i.err"
  code=$?
  ended=$(date +%s.%N)
  python3 - "$WORK_DIR/search-$i/result.json" "$i" "$code" "$began" "$ended" <<'PY'
import json, sys
path, i, code, began, ended = sys.argv[1:]
try:
    a = json.load(open(path))["answer"]
    print("repeat %s: %s (wall %.0f s, exit %s)" % (i, a["line"], float(ended) - float(began), code))
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
