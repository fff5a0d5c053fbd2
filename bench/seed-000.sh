#!/usr/bin/env bash
# Seed 000 on one machine: the JuiceFS blog's HDFS / Aliyun OSS / JuiceFS metadata comparison
# (create, open, rename, delete; TPS as concurrency grows to 80; latency at 20), in one command,
# against
#   - HDFS as an HA nameservice whose two NameNodes share their edits through three JournalNodes
#     (Hadoop's own MiniQJMHACluster, one DataNode, in a JVM of its own on 127.0.0.1),
#   - Aliyun OSS through hadoop-aliyun, against MetaBench's OSS-protocol test server (its own JVM
#     on 127.0.0.1; docs/fs/oss.md: its figures are the client's path, not OSS's speed),
#   - a JuiceFS volume through JuiceFS's Hadoop SDK (SQLite metadata, `file` object storage),
# with the shipped workload hdfs-oss-juicefs, through the distribution:
#
#   bench/seed-000.sh [more metabench options...]     (from a source checkout)
#
# runs
#
#   META_BENCH_CLASSPATH=target/juicefs/juicefs-hadoop-1.0.2.jar \
#   META_BENCH_OPTS=--add-exports=java.base/sun.nio.ch=ALL-UNNAMED \
#     scripts/meta-bench.sh -confDir WORK_DIR/conf -workload hdfs-oss-juicefs \
#       -threads $THREADS -numFiles $NUM_FILES -iterations $ITERATIONS \
#       -target hdfs=hdfs://NS/benchmarks/MetaBench -target oss=oss://metabench-seed/benchmarks/MetaBench \
#       -target jfs=jfs://mbv/benchmarks/MetaBench -outDir WORK_DIR/study
#
# WORK_DIR/conf holds the three clients' settings (hdfs-site.xml, oss-site.xml,
# juicefs-site.xml). The study's summary, charts/ (TPS against concurrency per operation, the
# three file systems on each) and report.html (latency at 20 threads) are in WORK_DIR/study. All
# three stop when the script ends. Everything runs on this machine: the servers and the client
# share its cores, which shapes every figure (the note beside the figures says how).
#
# Environment (defaults in brackets):
#   THREADS [1,10,20,40,60,80]  NUM_FILES [200]  ITERATIONS [1]
#   WORK_DIR [target/seed-000/<yyyyMMdd-HHmmss>]
# Builds what is missing with Maven first (offline first): the distribution, the test classes
# and class path, and the SDK jar (mvn -DskipTests package dependency:copy@juicefs-jar).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
# shellcheck source=bench/lib.sh
. "$here/lib.sh"

THREADS=${THREADS:-1,10,20,40,60,80}
NUM_FILES=${NUM_FILES:-200}
ITERATIONS=${ITERATIONS:-1}
WORK_DIR=${WORK_DIR:-$root/target/seed-000/$(date +%Y%m%d-%H%M%S)}
BUCKET=metabench-seed

log() { echo "seed-000: $*" >&2; }
die() { log "$*"; exit 2; }

juicefs_sdk_and_dist "$root"
bench_classpath "$root"

mkdir -p "$WORK_DIR/conf" "$WORK_DIR/ha" "$WORK_DIR/volume"
WORK_DIR=$(cd "$WORK_DIR" && pwd)
log4j="-Dlog4j.configuration=file:$root/conf/log4j.properties"

# A server in a JVM of its own, kept while this script runs: its standard input is a FIFO this
# script holds open (fd $2); when the script ends the FIFO closes and the server stops.
start_child() {
  local name=$1 fd=$2
  shift 2
  mkfifo "$WORK_DIR/$name.stdin"
  java "$@" < "$WORK_DIR/$name.stdin" > "$WORK_DIR/$name.out" 2> "$WORK_DIR/$name.err" &
  eval "exec $fd> \"\$WORK_DIR/\$name.stdin\""
}
wait_serving() {
  local name=$1 _
  for _ in $(seq 360); do
    grep -q '^SERVING' "$WORK_DIR/$name.out" 2>/dev/null && return 0
    sleep 0.5
  done
  die "the $name server did not start; see $WORK_DIR/$name.err"
}
trap 'exec 8>&- 9>&- 2>/dev/null; wait 2>/dev/null' EXIT

start_child ha 8 -Xmx1g "${opens[@]}" "$log4j" "-Djava.io.tmpdir=$WORK_DIR/ha" -cp "$test_cp" \
  io.metabench.testing.HaClusterMain 86400 "$WORK_DIR/ha" qjm
start_child oss 9 -Xmx1g "$log4j" -cp "$test_cp" io.metabench.testing.oss.OssServerMain 86400 \
  "$WORK_DIR/conf" "$BUCKET"
uri=$(java -cp "$test_cp" io.metabench.testing.JuiceFsVolume "$WORK_DIR/volume" mbv \
  "$WORK_DIR/jfs-conf")
mv "$WORK_DIR/jfs-conf/core-site.xml" "$WORK_DIR/conf/juicefs-site.xml"
wait_serving oss
wait_serving ha
ns=$(awk '$1 == "NS" {print $2; exit}' "$WORK_DIR/ha.out")
cp "$WORK_DIR/ha/conf/hdfs-site.xml" "$WORK_DIR/conf/hdfs-site.xml"
log "HDFS hdfs://$ns (2 NameNodes, 3 JournalNodes), OSS $(awk '$1 == "ENDPOINT" {print $2}' \
  "$WORK_DIR/oss.out") (test server), JuiceFS $uri (SDK $sdk)"

# The workload draws latency at 20 threads, the blog's; other steps without 20 draw the highest.
chart=()
case ",$THREADS," in *,20,*) ;; *) chart=(-chartThreads 0) ;; esac
export META_BENCH_CLASSPATH="$sdk${META_BENCH_CLASSPATH:+:$META_BENCH_CLASSPATH}"
export META_BENCH_OPTS="--add-exports=java.base/sun.nio.ch=ALL-UNNAMED${META_BENCH_OPTS:+ $META_BENCH_OPTS}"
cd "$WORK_DIR"
"$root/scripts/meta-bench.sh" -confDir "$WORK_DIR/conf" -workload hdfs-oss-juicefs \
  -threads "$THREADS" -numFiles "$NUM_FILES" -iterations "$ITERATIONS" "${chart[@]}" \
  -target "hdfs=hdfs://$ns/benchmarks/MetaBench" \
  -target "oss=oss://$BUCKET/benchmarks/MetaBench" \
  -target "jfs=${uri}benchmarks/MetaBench" -outDir "$WORK_DIR/study" "$@"
