#!/usr/bin/env bash
# JuiceFS beside HDFS on one machine: a real JuiceFS volume (SQLite metadata, `file` object
# storage, made as `juicefs format` makes it: io.metabench.testing.JuiceFsVolume) reached through
# JuiceFS's own Hadoop SDK (io.juicefs:juicefs-hadoop, added with META_BENCH_CLASSPATH as
# docs/fs/juicefs.md tells a user), and the embedded HDFS, in one study through the distribution.
#
#   bench/juicefs-side-by-side.sh [more metabench options...]     (from a source checkout)
#
# runs
#
#   META_BENCH_CLASSPATH=target/juicefs/juicefs-hadoop-1.0.2.jar \
#   META_BENCH_OPTS=--add-exports=java.base/sun.nio.ch=ALL-UNNAMED \
#     scripts/meta-bench.sh -confDir WORK_DIR/jfs-conf -operation $OPERATIONS \
#       -threads $THREADS -numFiles $NUM_FILES -iterations $ITERATIONS \
#       -target hdfs=/benchmarks/MetaBench -target jfs=jfs://mbv/MetaBench -outDir WORK_DIR/study
#
# with WORK_DIR/jfs-conf/core-site.xml written by the volume's maker (juicefs.meta, the SDK's
# classes, no usage report, no metadata backups). Nothing listens on the network: SQLite and the
# bucket are files under WORK_DIR.
#
# Environment (defaults in brackets):
#   OPERATIONS [create_write,open_read,stat,rename,delete]
#   THREADS [1,2,4]  NUM_FILES [2000]  ITERATIONS [1]
#   WORK_DIR [target/juicefs-side-by-side/<yyyyMMdd-HHmmss>]
#   SQLITE_JOURNAL [default]   "wal" switches the metadata file to write-ahead logging (which
#                              juicefs format does not do)
# Builds what is missing with Maven first (offline first): the distribution, the test classes and
# class path, and the SDK jar (mvn -DskipTests package dependency:copy@juicefs-jar).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
# shellcheck source=bench/lib.sh
. "$here/lib.sh"

OPERATIONS=${OPERATIONS:-create_write,open_read,stat,rename,delete}
THREADS=${THREADS:-1,2,4}
NUM_FILES=${NUM_FILES:-2000}
ITERATIONS=${ITERATIONS:-1}
WORK_DIR=${WORK_DIR:-$root/target/juicefs-side-by-side/$(date +%Y%m%d-%H%M%S)}
SQLITE_JOURNAL=${SQLITE_JOURNAL:-default}
java=java
if [ -n "${JAVA_HOME:-}" ]; then
  java="$JAVA_HOME/bin/java"
fi

log() { echo "juicefs-side-by-side: $*" >&2; }
die() { log "$*"; exit 2; }

juicefs_sdk_and_dist "$root"
bench_classpath "$root"

mkdir -p "$WORK_DIR/volume"
WORK_DIR=$(cd "$WORK_DIR" && pwd)
wal=()
case "$SQLITE_JOURNAL" in
  default) ;;
  wal) wal=(wal) ;;
  *) die "SQLITE_JOURNAL=$SQLITE_JOURNAL: give default or wal" ;;
esac
uri=$("$java" -cp "$test_cp" io.metabench.testing.JuiceFsVolume "$WORK_DIR/volume" mbv \
  "$WORK_DIR/jfs-conf" "${wal[@]}")
log "volume $uri: metadata $WORK_DIR/volume/meta.db, data $WORK_DIR/volume/bucket/mbv; SDK $sdk"

export META_BENCH_CLASSPATH="$sdk${META_BENCH_CLASSPATH:+:$META_BENCH_CLASSPATH}"
export META_BENCH_OPTS="--add-exports=java.base/sun.nio.ch=ALL-UNNAMED${META_BENCH_OPTS:+ $META_BENCH_OPTS}"
cd "$WORK_DIR"
"$root/scripts/meta-bench.sh" -confDir "$WORK_DIR/jfs-conf" -operation "$OPERATIONS" \
  -threads "$THREADS" -numFiles "$NUM_FILES" -iterations "$ITERATIONS" \
  -target hdfs=/benchmarks/MetaBench -target "jfs=${uri}MetaBench" -outDir "$WORK_DIR/study" "$@"
