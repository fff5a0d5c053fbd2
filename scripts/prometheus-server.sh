#!/usr/bin/env bash
# A Prometheus server of Debian's own for MetaBench's tests and for watching a run on a machine
# without one: on loopback, scraping the targets given every second.
#
#   scripts/prometheus-server.sh install
#       installs Debian's prometheus and prometheus-pushgateway packages (apt-get,
#       --no-install-recommends, as root) when missing, without starting their services
#       (RUNLEVEL=1)
#   scripts/prometheus-server.sh run DIR PORT SECONDS TARGET...
#       runs prometheus in the foreground on 127.0.0.1:PORT for at most SECONDS, its
#       configuration and data under DIR, scraping each TARGET every second: [job=]host:port[/path]
#       (job metabench and path /metrics unless given; labels as pushed, honor_labels). Ends by
#       itself after SECONDS, or when killed.
#   scripts/prometheus-server.sh pushgateway PORT SECONDS
#       runs Debian's Pushgateway in the foreground on 127.0.0.1:PORT for at most SECONDS, what
#       is pushed to it kept in memory only (not in Debian's default persistence file).
#
# Exit codes: 0 done; 2 bad arguments; 3 Prometheus cannot run here (not installed and cannot be
# installed): one line says why.
set -uo pipefail

say() { echo "prometheus-server: $*" >&2; }
usage() { say "usage: $0 install | run DIR PORT SECONDS TARGET... | pushgateway PORT SECONDS"; exit 2; }

install_prometheus() {
  [ -x /usr/bin/prometheus ] && [ -x /usr/bin/prometheus-pushgateway ] && return 0
  command -v apt-get >/dev/null || { say "prometheus is not installed and there is no apt-get: install Debian's prometheus and prometheus-pushgateway packages"; exit 3; }
  [ "$(id -u)" = 0 ] || { say "prometheus is not installed and only root can install it: apt-get install prometheus prometheus-pushgateway"; exit 3; }
  say "installing prometheus and prometheus-pushgateway (apt-get, --no-install-recommends, their services not started) ..."
  # RUNLEVEL=1: invoke-rc.d starts no service, so nothing listens on every interface.
  RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
      prometheus prometheus-pushgateway >&2 \
    || { apt-get update -q >&2 && RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends prometheus prometheus-pushgateway >&2; } \
    || { say "apt-get could not install prometheus: install it and run again"; exit 3; }
  # A service the packages' scripts started all the same is stopped: the tests own the ports.
  if command -v service >/dev/null; then
    service prometheus stop >/dev/null 2>&1 || true
    service prometheus-pushgateway stop >/dev/null 2>&1 || true
  fi
}

[ $# -ge 1 ] || usage
case "$1" in
  install)
    install_prometheus
    ;;
  run)
    [ $# -ge 5 ] || usage
    dir=$2 port=$3 seconds=$4
    shift 4
    install_prometheus
    mkdir -p "$dir/data" || exit 2
    {
      echo "global:"
      echo "  scrape_interval: 1s"
      echo "  evaluation_interval: 1s"
      echo "scrape_configs:"
      n=0
      for t in "$@"; do
        n=$((n + 1))
        job=metabench
        case "$t" in *=*) job=${t%%=*}; t=${t#*=} ;; esac
        # Prometheus wants job names apart: a name given twice gets the target's place.
        case " ${seen:-} " in *" $job "*) job=$job-$n ;; esac
        seen="${seen:-} $job"
        path=/metrics
        case "$t" in */*) path=/${t#*/}; t=${t%%/*} ;; esac
        echo "  - job_name: '$job'"
        echo "    honor_labels: true"
        echo "    metrics_path: '$path'"
        echo "    static_configs:"
        echo "      - targets: ['$t']"
      done
    } > "$dir/prometheus.yml"
    exec timeout --kill-after=5 "$seconds" /usr/bin/prometheus \
      --config.file="$dir/prometheus.yml" --storage.tsdb.path="$dir/data" \
      --web.listen-address="127.0.0.1:$port" \
      --storage.tsdb.retention.time=1h --log.level=warn
    ;;
  pushgateway)
    [ $# -ge 3 ] || usage
    install_prometheus
    # --persistence.file=: in memory only. Debian's default keeps every Pushgateway's figures in
    # /var/lib/prometheus/pushgateway.data, which the next one started loads.
    exec timeout --kill-after=5 "$3" /usr/bin/prometheus-pushgateway \
      --web.listen-address="127.0.0.1:$2" --persistence.file= --log.level=warn
    ;;
  *)
    usage
    ;;
esac
