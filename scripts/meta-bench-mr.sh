#!/usr/bin/env bash
# MetaBench as a MapReduce job: every map task runs the multi-threaded runner on its own
# map_<m> paths, the maps meet at a barrier before each phase, and the driver prints one report.
#
#   scripts/meta-bench-mr.sh OPERATION [metabench options...]
#       As scripts/meta-bench.sh OPERATION, with -maps $MAPS added (options given here win).
#   scripts/meta-bench-mr.sh -maps M -operation ... [any metabench command line]
#       When the first argument starts with '-', every argument goes to MetaBench unchanged.
#
# Environment: MAPS (4), plus everything scripts/meta-bench.sh reads (THREADS, NUM_FILES,
# BYTES_TO_WRITE, BASE_DIR, CONF_DIR, META_BENCH_HEAP, META_BENCH_OPTS, META_BENCH_CLASSPATH).
#   HADOOP_CONF_DIR      the cluster's configuration (core-site, hdfs-site, mapred-site,
#                        yarn-site), put on the classpath so the job goes to the cluster (the
#                        distribution itself holds no *-site.xml)
#   META_BENCH_LAUNCHER  hadoop (default when `hadoop` is on the PATH): `hadoop jar` with the thin
#                        jar; java: the distribution's bundled client (no Hadoop installed)
# See docs/mapreduce.md for sizing maps x threads and reading per-map skew.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ $# -eq 0 ]; then
  sed -n '2,/^set -euo pipefail/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//' >&2
  exit 2
fi

if [ -z "${META_BENCH_LAUNCHER:-}" ] && command -v hadoop >/dev/null 2>&1; then
  export META_BENCH_LAUNCHER=hadoop
fi
if [ -n "${HADOOP_CONF_DIR:-}" ]; then
  export META_BENCH_CLASSPATH="${HADOOP_CONF_DIR}${META_BENCH_CLASSPATH:+:$META_BENCH_CLASSPATH}"
fi

if [[ "$1" == -* ]]; then
  exec "$here/meta-bench.sh" "$@"
fi
op=$1
shift
exec "$here/meta-bench.sh" "$op" -maps "${MAPS:-4}" "$@"
