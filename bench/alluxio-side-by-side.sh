#!/usr/bin/env bash
# DFS-Perf's comparison (seed 003) scaled to one machine: the embedded HDFS beside a real Alluxio
# 2.9 cluster (one master, one worker, its under file system a local directory) on 127.0.0.1, in
# two write types, through the distribution with Alluxio's client added as a user adds it
# (META_BENCH_CLASSPATH=alluxio-shaded-client.jar).
#
#   bench/alluxio-side-by-side.sh [more metabench options...]     (from a source checkout)
#
# Starts the cluster in a JVM of its own (io.metabench.testing.AlluxioServerMain from
# target/test-classes, with Alluxio's class path from target/alluxio/server-classpath.txt), writes
# the client settings it needs into WORK_DIR/alluxio-conf/core-site.xml, then runs two studies:
#
#   scripts/meta-bench.sh -confDir WORK_DIR/alluxio-conf \
#       -D alluxio.user.file.writetype.default=MUST_CACHE -operation $OPERATIONS \
#       -threads $THREADS -numFiles $NUM_FILES -iterations $ITERATIONS \
#       -target hdfs=/benchmarks/MetaBench -target alluxio-mem=alluxio://localhost:PORT/mem \
#       -outDir WORK_DIR/mem
#   (the same with THROUGH, target alluxio-through only, -outDir WORK_DIR/through)
#
# and a report of both (WORK_DIR/both), then stops the cluster (it also stops by itself after
# ALLUXIO_SECONDS, or when this script dies). Nothing listens beyond 127.0.0.1.
#
# Environment (defaults in brackets):
#   OPERATIONS [create_write,open_read,stat,rename,delete]
#   THREADS [1,2,4]  NUM_FILES [1000]  ITERATIONS [1]
#   WORK_DIR [target/alluxio-side-by-side/<yyyyMMdd-HHmmss>]
#   ALLUXIO_SECONDS [3600]   the cluster's own time limit
# Builds what is missing with Maven first (offline first): the distribution, the test classes,
# the client jar and the server class path (mvn -DskipTests package
# dependency:copy@alluxio-client-jar antrun:run@alluxio-server-classpath).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

OPERATIONS=${OPERATIONS:-create_write,open_read,stat,rename,delete}
THREADS=${THREADS:-1,2,4}
NUM_FILES=${NUM_FILES:-1000}
ITERATIONS=${ITERATIONS:-1}
WORK_DIR=${WORK_DIR:-$root/target/alluxio-side-by-side/$(date +%Y%m%d-%H%M%S)}
ALLUXIO_SECONDS=${ALLUXIO_SECONDS:-3600}
java=java
if [ -n "${JAVA_HOME:-}" ]; then
  java="$JAVA_HOME/bin/java"
fi

log() { echo "alluxio-side-by-side: $*" >&2; }
die() { log "$*"; exit 2; }

main_class="$root/target/test-classes/io/metabench/testing/AlluxioServerMain.class"
server_cp="$root/target/alluxio/server-classpath.txt"
client_jar=$(ls "$root"/target/alluxio/alluxio-shaded-client-*.jar 2>/dev/null | head -1 || true)
if [ ! -f "$main_class" ] || [ ! -s "$server_cp" ] || [ -z "$client_jar" ] \
    || ! ls -d "$root"/target/metabench-*-dist/metabench-*/lib >/dev/null 2>&1; then
  goals="-DskipTests package dependency:copy@alluxio-client-jar antrun:run@alluxio-server-classpath"
  log "building (mvn -B -q $goals, offline first) ..."
  # shellcheck disable=SC2086
  (cd "$root" && mvn -B -q -o $goals) >&2 || (cd "$root" && mvn -B -q $goals) >&2 \
    || die "the Maven build failed"
  client_jar=$(ls "$root"/target/alluxio/alluxio-shaded-client-*.jar 2>/dev/null | head -1 || true)
fi
[ -f "$main_class" ] && [ -s "$server_cp" ] && [ -n "$client_jar" ] \
  || die "the build produced no AlluxioServerMain, server class path or client jar"

mkdir -p "$WORK_DIR/alluxio-tmp" "$WORK_DIR/alluxio-conf"
WORK_DIR=$(cd "$WORK_DIR" && pwd)

# The cluster runs until its standard input (this coprocess's pipe) ends: when this script exits.
coproc ALLUXIO { exec "$java" -Xmx1g -Djava.io.tmpdir="$WORK_DIR/alluxio-tmp" \
  -cp "$root/target/test-classes:$(cat "$server_cp")" io.metabench.testing.AlluxioServerMain \
  "$ALLUXIO_SECONDS" 2>"$WORK_DIR/alluxio.log"; }
alluxio_pid=$ALLUXIO_PID
stop_cluster() {
  exec {ALLUXIO[1]}>&- 2>/dev/null || true
  wait "$alluxio_pid" 2>/dev/null || true
}
trap stop_cluster EXIT

master=""
settings=()
while IFS= read -r -t 120 line <&"${ALLUXIO[0]}"; do
  case "$line" in
    "ALLUXIO_MASTER "*) master=${line#ALLUXIO_MASTER } ;;
    "SETTING "*) settings+=("${line#SETTING }") ;;
    SERVING) break ;;
  esac
done
[ -n "$master" ] || die "Alluxio did not start (see $WORK_DIR/alluxio.log)"
log "Alluxio master at $master (JVM $alluxio_pid); client $client_jar"

{
  echo '<?xml version="1.0"?>'
  echo '<configuration>'
  echo "  <property><name>fs.alluxio.impl</name><value>alluxio.hadoop.FileSystem</value></property>"
  for kv in "${settings[@]}"; do
    echo "  <property><name>${kv%%=*}</name><value>${kv#*=}</value></property>"
  done
  echo '</configuration>'
} >"$WORK_DIR/alluxio-conf/core-site.xml"

export META_BENCH_CLASSPATH="$client_jar${META_BENCH_CLASSPATH:+:$META_BENCH_CLASSPATH}"
cd "$WORK_DIR"
common=(-confDir "$WORK_DIR/alluxio-conf" -operation "$OPERATIONS" -threads "$THREADS"
  -numFiles "$NUM_FILES" -iterations "$ITERATIONS")
"$root/scripts/meta-bench.sh" "${common[@]}" -D alluxio.user.file.writetype.default=MUST_CACHE \
  -target hdfs=/benchmarks/MetaBench -target "alluxio-mem=${master}mem" \
  -outDir "$WORK_DIR/mem" "$@"
"$root/scripts/meta-bench.sh" "${common[@]}" -D alluxio.user.file.writetype.default=THROUGH \
  -target "alluxio-through=${master}through" -outDir "$WORK_DIR/through" "$@"
"$root/scripts/meta-bench.sh" report -outDir "$WORK_DIR/both" "$WORK_DIR/mem/result.json" \
  "$WORK_DIR/through/result.json"
log "studies in $WORK_DIR/mem and $WORK_DIR/through; both in $WORK_DIR/both"
