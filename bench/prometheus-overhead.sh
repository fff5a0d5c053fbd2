#!/usr/bin/env bash
# What serving live figures for Prometheus (-prometheus) costs the highest rate MetaBench can
# drive: the harness's own ceiling on noop://, a file system that does nothing, with and without
# the endpoint, while Debian's Prometheus (scripts/prometheus-server.sh) scrapes it every second.
#
#   bench/prometheus-overhead.sh
#
# Each round runs the same phases twice in JVMs of their own, off then on (on then off in every
# other round, so the machine's drift does not favour one), and the round's ratio compares two
# runs a minute apart at most; the printed figure per operation is the median of the rounds'
# ratios on/off. The client warm-up runs before each phase as by default. On two cores a phase
# of a few seconds on noop:// swings by tens of percent from JVM to JVM, more than the endpoint
# could cost, so the script then measures that cost directly (bench/LiveCost, the real classes):
# the sampler's CPU time a second and one scrape over HTTP, as a share of one core.
#
# Environment: ROUNDS (5), THREADS (nproc), FILES (per thread; 6000000), OPS (create_write,open_read:
# the phases, in order; noop:// keeps no file, so only operations that need none).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${ROUNDS:-5}
threads=${THREADS:-$(nproc)}
files=${FILES:-6000000}
ops=${OPS:-create_write,open_read}
work=$(mktemp -d -t metabench-prom-overhead-XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
prom_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$root/scripts/prometheus-server.sh" run "$work/prometheus" "$prom_port" 3600 "127.0.0.1:$port" \
  > "$work/prometheus.log" 2>&1 &
prom=$!
trap 'kill $prom 2>/dev/null; rm -rf "$work"' EXIT

run() { # label extra-args...
  local label=$1
  shift
  "$root/scripts/meta-bench.sh" -baseDir noop:///overhead -operation "$ops" -threads "$threads" \
    -numFiles "$files" -quiet -jsonOut "$work/$label.json" -nnbenchLog "" "$@" \
    > "$work/$label.out" 2> "$work/$label.err" || {
    echo "prometheus-overhead.sh: the $label run failed; its stderr:" >&2
    cat "$work/$label.err" >&2
    exit 1
  }
}

for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) = 1 ]; then
    run "off-$r"; run "on-$r" -prometheus "$port"
  else
    run "on-$r" -prometheus "$port"; run "off-$r"
  fi
  echo "round $r of $rounds done" >&2
done
scrapes=$(curl -s "http://127.0.0.1:$prom_port/api/v1/query?query=count_over_time(up%7Bjob%3D%22metabench%22%7D%5B1h%5D)" \
  | python3 -c 'import json,sys; r=json.load(sys.stdin)["data"]["result"]; print(r[0]["value"][1] if r else 0)')

. "$root/bench/lib.sh"
bench_classpath "$root"
java -cp "$test_cp" io.metabench.bench.LiveCost 7 5000 600 > "$work/livecost.out"

python3 - "$work" "$rounds" "$ops" "$threads" "$files" "$scrapes" <<'PY'
import json, statistics, sys
work, rounds, ops, threads, files, scrapes = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(","), sys.argv[4], sys.argv[5], sys.argv[6]
def tps(label, op):
    return [p["tps"] for p in json.load(open("%s/%s.json" % (work, label)))["phases"] if p["operation"] == op][-1]
print("-prometheus on noop:// (%s threads x %s items, %d rounds; Prometheus scraped every 1 s, %s scrapes in all)" % (threads, files, rounds, scrapes))
print("%-13s %14s %14s %12s %24s" % ("operation", "off ops/s", "on ops/s", "on/off", "rounds' on/off"))
for op in ops:
    off = [tps("off-%d" % r, op) for r in range(1, rounds + 1)]
    on = [tps("on-%d" % r, op) for r in range(1, rounds + 1)]
    ratios = [b / a for a, b in zip(off, on)]
    print("%-13s %14.0f %14.0f %12.4f %24s" % (op, statistics.median(off), statistics.median(on),
          statistics.median(ratios), " ".join("%.3f" % x for x in ratios)))
PY
echo
cat "$work/livecost.out"
