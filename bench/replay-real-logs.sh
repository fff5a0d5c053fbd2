#!/usr/bin/env bash
# Replays HDFS audit logs from real clusters into the local file system, as fast as possible, and
# prints one row per log: lines, commands replayed, paths precreated, failures the log itself
# expects, replay faults (and their share of the replayed commands), order waits, and whether
# anything appeared in the base directory outside <baseDir>/replay.
#
#   bench/replay-real-logs.sh LOG...
#
# Public logs are third-party content and are not part of this project: give your own, or those
# docs/replay.md#real-logs lists with their sources. Each log is replayed with
#
#   scripts/meta-bench.sh replay -auditLog LOG -baseDir file://WORK_DIR/<name> -threads $THREADS \
#       -replaySpeed 0 [$EXTRA]
#
# Environment (defaults in brackets):
#   THREADS [4]   EXTRA []   extra options for every replay (e.g. -replayProbes miss)
#   WORK_DIR [target/replay-real-logs/<yyyyMMdd-HHmmss>]   replays, JSON and tables
# Needs python3 and the distribution (built with Maven when missing, by scripts/meta-bench.sh).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
THREADS=${THREADS:-4}
EXTRA=${EXTRA:-}
WORK_DIR=${WORK_DIR:-$root/target/replay-real-logs/$(date +%Y%m%d-%H%M%S)}

[ $# -ge 1 ] || { echo "replay-real-logs: give one or more audit log files" >&2; exit 2; }
for log in "$@"; do
  [ -f "$log" ] && [ -r "$log" ] || { echo "replay-real-logs: $log is not a readable file" >&2; exit 2; }
done
mkdir -p "$WORK_DIR"
WORK_DIR=$(cd "$WORK_DIR" && pwd)

rows=()
for log in "$@"; do
  name=$(basename "$log" | tr -c 'A-Za-z0-9._\n-' '_')
  base="$WORK_DIR/$name"
  rc=0
  # shellcheck disable=SC2086
  "$root/scripts/meta-bench.sh" replay -auditLog "$log" -baseDir "file://$base" \
    -threads "$THREADS" -replaySpeed 0 -quiet -jsonOut "$WORK_DIR/$name.json" \
    -nnbenchLog "$WORK_DIR/NNBench_results.log" $EXTRA > "$WORK_DIR/$name.txt" 2>&1 || rc=$?
  outside=$(cd "$base" 2>/dev/null && ls -A | grep -v -x -e replay -e .metabench | tr '\n' ' ' || true)
  rows+=("$name|$(grep -c '' "$log")|$rc|${outside:-none}")
done

python3 - "$WORK_DIR" "${rows[@]}" <<'EOF'
import json, os, sys
work = sys.argv[1]
print("%-28s %7s %8s %10s %9s %8s %12s %6s %5s  %s" % ("log", "lines", "replayed", "precreated",
      "expected", "faults", "faults/repl", "waits", "exit", "outside replay/"))
for row in sys.argv[2:]:
    name, lines, rc, outside = row.split("|")
    path = os.path.join(work, name + ".json")
    if not os.path.exists(path):
        print("%-28s %7s  no result: see %s" % (name, lines, os.path.join(work, name + ".txt")))
        continue
    r = json.load(open(path))["replay"]
    replayed = r["replayed"]
    pre = r["precreatedFiles"] + r["precreatedDirectories"]
    print("%-28s %7s %8d %10d %9d %8d %11.2f%% %6d %5s  %s" % (name, lines, replayed, pre,
          r["expectedFailures"], r["replayFaults"], 100.0 * r["replayFaults"] / max(1, replayed),
          r["orderWaits"], rc, outside))
print("(tables and JSON in %s)" % work)
EOF
