#!/usr/bin/env bash
# Streaming a long audit log: generates LINES audit lines of a log that starts in the middle of a
# namespace (a quarter of its paths existed before it: read, listed and deleted before anything
# makes them), then replays it as fast as possible into noop:// (a file system that does nothing,
# so the figures are MetaBench's own: parsing, the namespace model, scheduling) in a JVM with a
# fixed heap, and prints lines/s and the largest heap used after a collection. (noop:// finds
# nothing, so its stats fail: they count as failures, which says nothing of the log.)
#
#   LINES=10000000 HEAP=1g THREADS=4 bench/replay-streaming.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
LINES=${LINES:-10000000}
HEAP=${HEAP:-1g}
THREADS=${THREADS:-4}
bench_classpath "$root"
work=${OUT_DIR:-$root/target/replay-streaming}
mkdir -p "$work"
log="$work/generated-$LINES.log"
if [ ! -s "$log" ]; then
  echo "== generating $LINES lines into $log"
  # 1 directory per 1,000 lines; in each: creates, opens, stats, renames and deletes of files it
  # makes, and of files that were there before the log (opened and listed first).
  awk -v n="$LINES" 'BEGIN {
    f = "\tugi=etl (auth:SIMPLE)\tip=/10.0.0.7\tcmd=%s\tsrc=%s\tdst=%s\tperm=etl:hadoop:rw-r--r--\tproto=rpc\n";
    split("create open getfileinfo rename open getfileinfo listStatus delete", cmds, " ");
    for (i = 0; i < n; i++) {
      t = i; ms = t % 1000; s = int(t / 1000) % 60; m = int(t / 60000) % 60; h = int(t / 3600000) % 24;
      d = int(i / 1000); k = i % 1000; file = int(k / 8);
      printf "2026-11-22 %02d:%02d:%02d,%03d INFO FSNamesystem.audit: allowed=true", h, m, s, ms;
      c = cmds[k % 8 + 1];
      old = (file % 4 == 0);             # a quarter of the files existed before the log
      if (old && c == "create") c = "setTimes";
      src = "/data/d" d "/f" file; dst = "null";
      if (c == "rename") dst = src ".done";
      if (k % 8 >= 4) src = src ".done";
      if (c == "listStatus") src = "/data/d" d;
      printf f, c, src, dst;
    }
  }' > "$log"
fi
echo "== replaying $(wc -l < "$log") lines into noop:// at -replaySpeed 0, $THREADS threads, -Xmx$HEAP"
start=$(date +%s.%N)
java -Xmx"$HEAP" -Xms"$HEAP" -Xlog:gc:file="$work/gc.log" "${opens[@]}" \
  -Dlog4j.configuration=file:"$root/conf/log4j.properties" -cp "$test_cp" \
  io.metabench.MetaBench replay -auditLog "$log" -baseDir noop:///replay-bench/$(date +%s%N) \
  -threads "$THREADS" -replaySpeed 0 -clientWarmup 0 -jsonOut "$work/result.json" \
  -nnbenchLog "" -overwrite -quiet > "$work/stdout.txt" 2> "$work/stderr.txt" || true
end=$(date +%s.%N)
secs=$(echo "$end - $start" | bc -l)
grep -E "^replay:|precreated|listing|order:|log span|faults|failures" "$work/stdout.txt" || true
grep -E "read [0-9]+ commands" "$work/stderr.txt" | sed 's/.*ReplayRunner: //' || true
peak=$(grep -oE "[0-9]+M->[0-9]+M" "$work/gc.log" | sed 's/.*->//; s/M//' | sort -n | tail -1)
printf "lines %d, wall %.1f s (three passes: counts, model, replay), %.0f lines/s overall; heap %s, largest heap after a collection %s MiB\n" \
  "$LINES" "$secs" "$(echo "$LINES / $secs" | bc -l)" "$HEAP" "${peak:-?}"
