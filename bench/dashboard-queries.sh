#!/usr/bin/env bash
# The dashboard's queries as Prometheus answers them (docs/watching.md): Debian's Prometheus
# (scripts/prometheus-server.sh) scrapes a MetaBench run on the embedded HDFS and that HDFS's
# NameNode (its own /prom, Hadoop 3.3+'s endpoint), every second; while the run's second phase is
# under way every query of conf/grafana/metabench-dashboard.json is asked of Prometheus' HTTP API
# ($run as the run's own label, $__rate_interval as 10s), and the answers are written as a page
# (the panel, its query, each series' labels and value) and photographed in headless Chromium
# (scripts/chromium-headless.sh).
#
#   bench/dashboard-queries.sh [OUT.png]     (default target/dashboard-queries.png)
#
# Needs a JDK, Maven (builds the classes), python3; installs Debian's prometheus and chromium
# packages when missing (as root). Takes about a minute.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
out=${1:-$root/target/dashboard-queries.png}
bench_classpath "$root"
work=$(mktemp -d -t metabench-dashboard-XXXXXX)
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
port=$(free_port)
prom_port=$(free_port)
prom=
run=
trap 'kill ${prom:-} ${run:-} 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
java -Xmx1g "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
  -cp "$test_cp" io.metabench.MetaBench -operation create_write,stat -threads 4 \
  -numberOfFiles 2000 -rate 400 -duration 25 -clientWarmup 3 -prometheus "$port" \
  -D hadoop.prometheus.endpoint.enabled=true -outDir "$work/run" > "$work/run.txt" \
  2> "$work/run.err" &
run=$!
# The embedded NameNode's web port is its own choice: the one of the run's ports serving /prom.
nn_port=
for _ in $(seq 120); do
  for p in $(ss -ltnpH 2>/dev/null | grep "pid=$run," | sed -E 's/.*:([0-9]+) .*/\1/'); do
    # grep reads it all: with pipefail, a grep that stopped early would fail curl's write.
    if curl -s -m 1 "http://127.0.0.1:$p/prom" | grep '^rpc_' > /dev/null; then
      nn_port=$p
      break 2
    fi
  done
  sleep 0.5
done
[ -n "$nn_port" ] || { echo "no NameNode /prom among the run's ports; its stderr:" >&2; tail -5 "$work/run.err" >&2; exit 1; }
"$root/scripts/prometheus-server.sh" run "$work/prometheus" "$prom_port" 600 "127.0.0.1:$port" \
  "namenode=127.0.0.1:$nn_port/prom" > "$work/prometheus.log" 2>&1 &
prom=$!
# The second phase (stat) under way: its progress series is in Prometheus.
python3 - "$prom_port" <<'PY'
import json, sys, time, urllib.parse, urllib.request
port = sys.argv[1]
q = 'metabench_phase_running{phase="stat"} == 1'
for _ in range(240):
    try:
        url = "http://127.0.0.1:%s/api/v1/query?query=%s" % (port, urllib.parse.quote(q))
        if json.load(urllib.request.urlopen(url, timeout=2))["data"]["result"]:
            time.sleep(12)  # ten seconds of the phase for the rates over 10 s
            sys.exit(0)
    except OSError:
        pass
    time.sleep(0.5)
sys.exit("the run's stat phase never showed in Prometheus")
PY
python3 - "$prom_port" "$root/conf/grafana/metabench-dashboard.json" "$work/page.html" <<'PY'
import html, json, sys, time, urllib.parse, urllib.request
port, dashboard, page = sys.argv[1:]
def ask(q):
    url = "http://127.0.0.1:%s/api/v1/query?query=%s" % (port, urllib.parse.quote(q))
    return json.load(urllib.request.urlopen(url, timeout=5))["data"]["result"]
runs = sorted({r["metric"]["run"] for r in ask("metabench_operations_total")})
run = runs[0]
rows = []
for panel in json.load(open(dashboard))["panels"]:
    for t in panel.get("targets", []):
        expr = t["expr"].replace("$run", run).replace("$__rate_interval", "10s")
        rows.append((panel["title"], expr, ask(expr)))
stamp = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
with open(page, "w") as f:
    f.write("<!doctype html><meta charset=utf-8><title>dashboard queries</title><style>"
            "body{font:13px sans-serif;margin:16px}table{border-collapse:collapse;margin:4px 0 14px}"
            "td{border:1px solid #ccc;padding:2px 6px}code{font-size:12px;color:#124}"
            "h3{margin:10px 0 2px}</style>")
    f.write("<h2>MetaBench dashboard: every query as Prometheus answers it</h2><p>run %s, %s; "
            "Debian's Prometheus scraping MetaBench and the embedded NameNode's /prom every "
            "second, during the run's stat phase</p>" % (html.escape(run), stamp))
    for title, expr, result in rows:
        f.write("<h3>%s</h3><code>%s</code><table>" % (html.escape(title), html.escape(expr)))
        if not result:
            f.write("<tr><td>(no series)</td></tr>")
        for r in result:
            labels = ", ".join("%s=%s" % (k, v) for k, v in sorted(r["metric"].items())
                               if k not in ("instance",))
            f.write("<tr><td>%s</td><td>%s</td></tr>" % (html.escape(labels or "{}"),
                                                       html.escape(r["value"][1])))
        f.write("</table>")
    print("%d queries, %d answered with series" % (len(rows), sum(1 for r in rows if r[2])))
PY
height=$(( 400 + $(grep -o '<tr>' "$work/page.html" | wc -l) * 24 + $(grep -o '<h3>' "$work/page.html" | wc -l) * 50 ))
mkdir -p "$(dirname "$out")"
"$root/scripts/chromium-headless.sh" screenshot "$work/page.html" "$out" "1280,$height"
cp "$work/page.html" "${out%.png}.html"
wait "$run" || true
run=
echo "screenshot: $out (the page: ${out%.png}.html)"
