#!/usr/bin/env bash
# A long run holds: one paced phase of DURATION seconds (default 1800: half an hour) with live
# figures served to Debian's Prometheus (scripts/prometheus-server.sh, scraping every second),
# measured once a minute from outside the run's JVM:
#   heap_after_gc_kb  the heap in use right after a full collection (jcmd GC.run, then
#                     GC.heap_info): what the run holds, whatever the young generation had
#   series_csv_b, series_hlog_b   the per-second series and its HdrHistogram log, growing
#   hlog_intervals    the intervals HdrHistogram's own HistogramLogProcessor reads from the log
#                     while it is being written
#   prom_ok           the run's successes as Prometheus has them (sum of last values)
# then prints the heap's growth from minute 1 to the end per minute, the files' bytes per
# second of run, and whether the log stayed readable.
#
#   bench/long-run.sh                     (noop://, create_write at 2,000 a second, 4 threads)
#   DURATION=300 RATE=20000 BASE=hdfs://nn:8020/mb bench/long-run.sh
#
# Environment: DURATION (1800), RATE (2000: the phase's offered rate; noop:// does nothing, so
# the rate decides the CPU the run takes), THREADS (4), OP (create_write), BASE (noop:///longrun).
# The minute's full collection stops the run's JVM for a few milliseconds once a minute; the
# run's own figures are not the point here.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
duration=${DURATION:-1800}
rate=${RATE:-2000}
threads=${THREADS:-4}
op=${OP:-create_write}
base=${BASE:-noop:///longrun}
work=$(mktemp -d -t metabench-long-run-XXXXXX)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
prom_port=$(free_port)
"$root/scripts/prometheus-server.sh" run "$work/prometheus" "$prom_port" $((duration + 600)) \
  "127.0.0.1:$port" > "$work/prometheus.log" 2>&1 &
prom=$!
run_pid=
trap 'kill $prom 2>/dev/null; [ -n "$run_pid" ] && kill $run_pid 2>/dev/null; wait 2>/dev/null; echo "files kept in $work" >&2' EXIT
for _ in $(seq 600); do
  curl -sf "http://127.0.0.1:$prom_port/-/ready" >/dev/null 2>&1 && break
  kill -0 "$prom" 2>/dev/null || { cat "$work/prometheus.log" >&2; exit 1; }
  sleep 0.5
done

# A phase that creates makes all its items whatever -duration says: as many as the rate fills
# the duration with (-duration bounds the phases that keep names, such as stat).
files=$(( (rate * duration + threads - 1) / threads ))
marker="metabench.longrun=$$"
META_BENCH_OPTS="-D$marker ${META_BENCH_OPTS:-}" "$root/scripts/meta-bench.sh" -baseDir "$base" \
  -operation "$op" -threads "$threads" -numFiles "$files" -duration "$duration" -rate "$rate" \
  -prometheus "$port" -quiet -jsonOut "$work/long.json" -nnbenchLog "" \
  > "$work/run.out" 2> "$work/run.err" &
run_pid=$!
pid=
for _ in $(seq 240); do
  pid=$(pgrep -f -- "-D$marker" | while read -r p; do
    [ "$(readlink "/proc/$p/exe" 2>/dev/null | xargs -r basename)" = java ] && echo "$p"; done | head -1 || true)
  [ -n "$pid" ] && break
  sleep 0.5
done
[ -n "$pid" ] || { echo "long-run.sh: the run's JVM did not start; see $work/run.err" >&2; exit 1; }
# HdrHistogram's own log processor, from the test classpath (the distribution's copy is relocated).
. "$root/bench/lib.sh"
bench_classpath "$root" 2> /dev/null
hdr=$test_cp

size() { stat -c %s "$1" 2>/dev/null || echo 0; }
printf '%-6s %16s %14s %14s %16s %12s\n' minute heap_after_gc_kb series_csv_b series_hlog_b \
  hlog_intervals prom_ok | tee "$work/minutes.txt"
minute=0
while kill -0 "$pid" 2>/dev/null; do
  sleep 60
  kill -0 "$pid" 2>/dev/null || break
  minute=$((minute + 1))
  jcmd "$pid" GC.run > /dev/null 2>&1 || break
  heap=$(jcmd "$pid" GC.heap_info 2>/dev/null | awk '/garbage-first heap|total/ {for (i=1;i<=NF;i++) if ($i=="used") {v=$(i+1); sub(/K,?$/,"",v); print v; exit}}')
  # The log's lines are tagged with the phase: the processor reads only those of the tag asked.
  intervals=unreadable
  if java -cp "$hdr" org.HdrHistogram.HistogramLogProcessor -i "$work/long.series.hlog" \
      -tag "$op" -csv -o "$work/hlog-read" > /dev/null 2>&1; then
    intervals=$(grep -c '^[0-9]' "$work/hlog-read" || true)
  fi
  ok=$(curl -s "http://127.0.0.1:$prom_port/api/v1/query" --data-urlencode \
    'query=sum(metabench_operations_total{outcome="ok"})' | python3 -c \
    'import json,sys; r=json.load(sys.stdin)["data"]["result"]; print(r[0]["value"][1] if r else 0)')
  printf '%-6s %16s %14s %14s %16s %12s\n' "$minute" "${heap:-?}" "$(size "$work/long.series.csv")" \
    "$(size "$work/long.series.hlog")" "$intervals" "$ok" | tee -a "$work/minutes.txt"
done
wait "$run_pid" || { echo "long-run.sh: the run failed; its stderr:" >&2; cat "$work/run.err" >&2; exit 1; }
python3 - "$work" "$duration" "$rate" <<'PY'
import json, sys
work, duration, rate = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = [l.split() for l in open(work + "/minutes.txt").read().splitlines()[1:]]
rows = [r for r in rows if r[1] != "?"]
res = json.load(open(work + "/long.json"))
p = res["phases"][0]
print("run: %s, %d s at %s/s offered; %d ok, %d failed; p99 %.3f ms" % (p["operation"], duration,
      rate, p["successful"], p["failed"], p["latencyMs"]["p99"]))
if len(rows) >= 2:
    first, last = rows[0], rows[-1]
    minutes = int(last[0]) - int(first[0])
    print("heap after a full GC: %s KB at minute %s, %s KB at minute %s: %+.1f KB a minute"
          % (first[1], first[0], last[1], last[0], (int(last[1]) - int(first[1])) / max(1, minutes)))
    print("series.csv %.0f bytes a minute, series.hlog %.0f bytes a minute (minute %s to %s)"
          % ((int(last[2]) - int(first[2])) / max(1, minutes),
             (int(last[3]) - int(first[3])) / max(1, minutes), first[0], last[0]))
    print("the log read while it grew: %s" % ("every minute" if all(r[4].isdigit() for r in rows)
          else "NOT every minute: " + str([r[0] for r in rows if not r[4].isdigit()])))
print("minutes: %s/minutes.txt" % work)
PY
