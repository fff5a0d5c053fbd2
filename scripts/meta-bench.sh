#!/usr/bin/env bash
# MetaBench from the standalone distribution, in the spirit of Curvine's meta-bench.sh.
#
#   scripts/meta-bench.sh OPERATION [metabench options...]
#       OPERATION: any name MetaBench accepts, in either dialect (create_write or createWrite,
#       open_read or openRead, rename, delete, mkdirs or mkdir, rmdir), a comma-separated list,
#       or all. The defaults below come first, so options given here override them.
#   scripts/meta-bench.sh -operation ... [any metabench command line]
#       When the first argument starts with '-', every argument goes to MetaBench unchanged
#       (an NNBench command line such as -D k=v -operation create_write -numberOfFiles 5000).
#   scripts/meta-bench.sh report [-outDir dir] [-chartThreads n] result.json...
#       Re-draws the summary, charts and HTML report of saved results.
#   scripts/meta-bench.sh compare [-threshold 5%] [-confidence 95%] [-outDir dir] BASELINE CANDIDATE...
#       Each candidate against the baseline: intervals, verdicts, exit 3 when a phase got slower
#       (docs/compare.md).
#   scripts/meta-bench.sh merge [-outDir dir] PROCESS.json PROCESS.json...
#       Combines processes run by hand with -mapIndex into one result, as -maps would
#       (docs/mapreduce.md).
#   scripts/meta-bench.sh replay -auditLog hdfs-audit.log [-baseDir URI] [-threads n]
#                        [-replaySpeed x] [-replayPrecreate false] [options]
#       Replays an HDFS NameNode audit log under <baseDir>/replay (docs/replay.md).
#   scripts/meta-bench.sh profile [-outDir dir] FSIMAGE | profile [-threads n] URI
#       A namespace's shape, read from an fsimage or a listing, as a shareable profile
#       (docs/namespaces.md).
#   scripts/meta-bench.sh image -nameDir DIR[,DIR] -prefillProfile NAME -prefillScale S [...]
#       Writes a namespace into a stopped NameNode's image (docs/namespaces.md#for-a-clusters-namenode).
#
# Environment (used only with the OPERATION form):
#   THREADS (10)  NUM_FILES (unset: each phase sized to measure about 4 s, -sizeFor; 1000
#                 when sizing is off)  BYTES_TO_WRITE (0)
#   BASE_DIR      base directory or URI; unset: /benchmarks/MetaBench on the default file
#                 system, or on an embedded HDFS when no file system is configured
#   CONF_DIR      directory of *-site.xml files to load (as -confDir)
# Environment (always):
#   META_BENCH_HEAP      JVM heap options (default: -Xms256m -Xmx1g)
#   META_BENCH_JIT       JIT options (default: -XX:-TieredCompilation, which reaches the
#                        compiled steady state in a third of the time on 2 cores; empty: the
#                        JVM's own tiered compilation; docs/metrics.md#the-clients-jit)
#   META_BENCH_OPTS      more JVM options
#   META_BENCH_CLASSPATH extra classpath entries, e.g. a file system's client jar
#   META_BENCH_LAUNCHER  java (default): the distribution's bundled client;
#                        hadoop: `hadoop jar` with the thin jar, on the cluster's own client
#   JAVA_HOME            the JDK to use (default: java on the PATH)
# If the distribution has not been built yet (source checkout), it is built first with Maven.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

find_dist() {
  if [ -d "$here/../lib" ]; then
    (cd "$here/.." && pwd)
    return
  fi
  local d
  for d in "$here"/../target/metabench-*-dist/metabench-*; do
    if [ -d "$d/lib" ]; then
      (cd "$d" && pwd)
      return
    fi
  done
}

dist=$(find_dist)
if [ -z "$dist" ]; then
  root=$(cd "$here/.." && pwd)
  echo "meta-bench.sh: building the standalone distribution (mvn -B -q -DskipTests package) ..." >&2
  (cd "$root" && mvn -B -q -DskipTests package) >&2
  dist=$(find_dist)
  if [ -z "$dist" ]; then
    echo "meta-bench.sh: the build did not produce target/metabench-*-dist; see the Maven output above" >&2
    exit 2
  fi
fi

if [ $# -eq 0 ]; then
  sed -n '2,/^set -euo pipefail/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//' >&2
  exit 2
fi

if [[ "$1" == -* || "$1" == report || "$1" == replay || "$1" == compare || "$1" == merge
      || "$1" == profile || "$1" == image ]]; then
  args=("$@")
else
  op=$1
  shift
  # The script's own defaults (10 threads x 1,000 files) come from a *-default.xml file, so a
  # base directory's recorded layout wins over them (openRead after createWrite -threads 4).
  args=(-conf "$dist/conf/meta-bench-script-default.xml" -operation "$op"
        -bytesToWrite "${BYTES_TO_WRITE:-0}")
  if [ -n "${THREADS:-}" ]; then
    args+=(-threads "$THREADS")
  fi
  if [ -n "${NUM_FILES:-}" ]; then
    args+=(-numFiles "$NUM_FILES")
  fi
  if [ -n "${BASE_DIR:-}" ]; then
    args+=(-baseDir "$BASE_DIR")
  fi
  if [ -n "${CONF_DIR:-}" ]; then
    args+=(-confDir "$CONF_DIR")
  fi
  args+=("$@")
fi

java=java
if [ -n "${JAVA_HOME:-}" ]; then
  java="$JAVA_HOME/bin/java"
fi

jvm_opts=(${META_BENCH_HEAP:--Xms256m -Xmx1g} ${META_BENCH_JIT--XX:-TieredCompilation})
# Hadoop reflects into JDK internals; JDK 9 and later need these opened (JDK 8 rejects them).
major=$("$java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
if [ "${major:-1}" != "1" ] && [ -n "${major:-}" ]; then
  for pkg in java.lang java.lang.reflect java.util java.util.concurrent java.io java.net java.nio sun.nio.ch; do
    jvm_opts+=("--add-opens=java.base/$pkg=ALL-UNNAMED")
  done
fi
jvm_opts+=("-Dlog4j.configuration=file:$dist/conf/log4j.properties" -Djava.awt.headless=true)
if [ -n "${META_BENCH_OPTS:-}" ]; then
  jvm_opts+=(${META_BENCH_OPTS})
fi

cp="$dist/conf:$dist/lib/*"
if [ -n "${META_BENCH_CLASSPATH:-}" ]; then
  cp="$cp:$META_BENCH_CLASSPATH"
fi

if [ "${META_BENCH_LAUNCHER:-java}" = hadoop ]; then
  thin=$(ls "$dist"/lib/metabench-*.jar | head -1)
  export HADOOP_CLIENT_OPTS="${HADOOP_CLIENT_OPTS:-} ${META_BENCH_JIT--XX:-TieredCompilation} ${META_BENCH_OPTS:-}"
  exec hadoop jar "$thin" "${args[@]}"
fi
exec "$java" "${jvm_opts[@]}" -cp "$cp" io.metabench.MetaBench "${args[@]}"
