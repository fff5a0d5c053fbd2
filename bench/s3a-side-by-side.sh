#!/usr/bin/env bash
# The same workload on three file systems in one MetaBench study: the embedded HDFS, the local
# file system and S3A against a real S3-compatible server (S3Proxy, in memory) on this machine.
#
#   bench/s3a-side-by-side.sh [more metabench options...]     (from a source checkout)
#
# Starts S3Proxy on 127.0.0.1 (any free port; in this script's own JVM, io.metabench.testing.S3Server
# from target/test-classes with target/s3proxy/s3proxy.jar), which writes the S3A settings that
# reach it into WORK_DIR/s3a-conf/core-site.xml; then runs
#
#   scripts/meta-bench.sh -confDir WORK_DIR/s3a-conf -operation $OPERATIONS \
#       -threads $THREADS -numFiles $NUM_FILES -iterations $ITERATIONS \
#       -target hdfs=/benchmarks/MetaBench -target file=file://WORK_DIR/local \
#       -target s3a=s3a://metabench/MetaBench -outDir WORK_DIR/study [your options]
#
# (the first target has no scheme and no fs.defaultFS is set, so it is the embedded HDFS), prints
# MetaBench's side-by-side summary, and stops S3Proxy. S3Proxy also stops by itself after
# S3PROXY_SECONDS. Nothing listens on anything but 127.0.0.1.
#
# Environment (defaults in brackets):
#   OPERATIONS [create_write,open_read,rename,delete]
#   THREADS [4]  NUM_FILES [250]  ITERATIONS [1]
#   WORK_DIR [target/s3a-side-by-side/<yyyyMMdd-HHmmss>]   the study, logs and S3A settings
#   S3PROXY_SECONDS [3600]   S3Proxy's own time limit
#   JAVA_HOME                the JDK (17 or later: S3Proxy 4 needs it)
# Builds what is missing with Maven first (offline first): the distribution, the test classes and
# the S3Proxy jar (mvn -DskipTests package dependency:copy@s3proxy-jar).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

OPERATIONS=${OPERATIONS:-create_write,open_read,rename,delete}
THREADS=${THREADS:-4}
NUM_FILES=${NUM_FILES:-250}
ITERATIONS=${ITERATIONS:-1}
WORK_DIR=${WORK_DIR:-$root/target/s3a-side-by-side/$(date +%Y%m%d-%H%M%S)}
S3PROXY_SECONDS=${S3PROXY_SECONDS:-3600}
java=java
if [ -n "${JAVA_HOME:-}" ]; then
  java="$JAVA_HOME/bin/java"
fi

log() { echo "s3a-side-by-side: $*" >&2; }
die() { log "$*"; exit 2; }

server_class="$root/target/test-classes/io/metabench/testing/S3Server.class"
proxy_jar="$root/target/s3proxy/s3proxy.jar"
if [ ! -f "$server_class" ] || [ ! -f "$proxy_jar" ] \
    || ! ls -d "$root"/target/metabench-*-dist/metabench-*/lib >/dev/null 2>&1; then
  log "building (mvn -B -q -DskipTests package dependency:copy@s3proxy-jar, offline first) ..."
  (cd "$root" && mvn -B -q -o -DskipTests package dependency:copy@s3proxy-jar) >&2 \
    || (cd "$root" && mvn -B -q -DskipTests package dependency:copy@s3proxy-jar) >&2 \
    || die "the Maven build failed"
fi
[ -f "$server_class" ] && [ -f "$proxy_jar" ] || die "the build produced no S3Server or S3Proxy jar"

mkdir -p "$WORK_DIR"
WORK_DIR=$(cd "$WORK_DIR" && pwd)
conf="$WORK_DIR/s3a-conf"
rm -f "$conf/core-site.xml"

"$java" -Dmetabench.s3proxy.jar="$proxy_jar" -cp "$root/target/test-classes" \
  io.metabench.testing.S3Server --bucket metabench --confDir "$conf" \
  --seconds "$S3PROXY_SECONDS" >"$WORK_DIR/s3proxy.log" 2>&1 &
proxy_pid=$!
trap 'kill "$proxy_pid" 2>/dev/null || true; wait "$proxy_pid" 2>/dev/null || true' EXIT

for _ in $(seq 1 300); do
  [ -f "$conf/core-site.xml" ] && break
  kill -0 "$proxy_pid" 2>/dev/null || { cat "$WORK_DIR/s3proxy.log" >&2; die "S3Proxy did not start"; }
  sleep 0.2
done
[ -f "$conf/core-site.xml" ] || die "S3Proxy did not start within 60 s (see $WORK_DIR/s3proxy.log)"
log "$(head -1 "$WORK_DIR/s3proxy.log")"

cd "$WORK_DIR"
"$root/scripts/meta-bench.sh" -confDir "$conf" -operation "$OPERATIONS" \
  -threads "$THREADS" -numFiles "$NUM_FILES" -iterations "$ITERATIONS" \
  -target hdfs=/benchmarks/MetaBench -target "file=file://$WORK_DIR/local" \
  -target s3a=s3a://metabench/MetaBench -outDir "$WORK_DIR/study" \
  -nnbenchLog "$WORK_DIR/NNBench_results.log" "$@"
