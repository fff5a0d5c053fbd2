#!/usr/bin/env bash
# The read phases on a namespace of a profile's shape beside the same phases on an empty one
# (docs/namespaces.md#reading-it-as-production-does): on a standalone HDFS each (a MiniDFSCluster
# in a JVM of its own, bench/StandaloneHdfs),
#   shaped: -prefillProfile PROFILE -prefillScale SCALE, then OPS with -onPrefill POPULARITY
#           (each worker's items files of the namespace, picked by popularity);
#   empty:  create_write, then OPS but list on the run's own files (flat per-worker directories
#           of up to 10,000 files: no directory sizes of production to list, so no list here).
# Both with THREADS workers x FILES items per phase. Prints each phase's ops/s, p50 and p99.
#
#   PROFILE [yahoo]  SCALE [0.43: 100,000 files]  POPULARITY [zipf:1.1]  OPS [stat,open_read,list]
#   THREADS [8]  FILES [20000]  WORK_DIR [target/namespace-reads/<yyyyMMdd-HHmmss>]
#   SKIP_SHAPED=1 runs the empty side alone.
# Needs a JDK, Maven (builds the classes), python3.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
PROFILE=${PROFILE:-yahoo}
SCALE=${SCALE:-0.43}
POPULARITY=${POPULARITY:-zipf:1.1}
OPS=${OPS:-stat,open_read,list}
THREADS=${THREADS:-8}
FILES=${FILES:-20000}
WORK_DIR=${WORK_DIR:-$root/target/namespace-reads/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
bench_own_classes "$root" "$WORK_DIR"
echo "$OPS, $THREADS threads x $FILES items: on $PROFILE at scale $SCALE ($POPULARITY) and on an empty namespace; $(nproc) cores"

run() {
  local name=$1
  shift
  mkdir -p "$WORK_DIR/$name"
  ( start_standalone_hdfs "$WORK_DIR/$name" -maxLifetime 3600
    java -Xms256m -Xmx2g "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
      -cp "$test_cp" io.metabench.MetaBench "$@" -threads "$THREADS" -numFiles "$FILES" \
      -baseDir "$uri/reads" -jsonOut "$WORK_DIR/$name/result.json" \
      > "$WORK_DIR/$name/out.txt" 2> "$WORK_DIR/$name/err.txt"
    echo "exit $?" >&2 )
  phase_figures "$WORK_DIR/$name/result.json" "$name"
}

[ "${SKIP_SHAPED:-}" = 1 ] || run shaped -prefillProfile "$PROFILE" -prefillScale "$SCALE" \
  -prefillThreads 8 -operation "$OPS" -onPrefill "$POPULARITY"
empty_ops=$(echo ",$OPS," | sed 's/,list,/,/g; s/^,//; s/,$//')
run empty -operation "create_write,$empty_ops"
echo "files: $WORK_DIR"
