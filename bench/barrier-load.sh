#!/usr/bin/env bash
# The file barrier's own load on a NameNode while processes wait at it (docs/mapreduce.md#the-barrier):
# for each count in PROCESSES, that many processes minus one wait at a barrier whose last process
# never comes (threads of one JVM, each with its own HDFS client, as map tasks have), against ONE
# HDFS (MiniDFSCluster in its own JVM, 127.0.0.1 only), and the NameNode's own getfileinfo and
# getListing counts over the middle of the wait give the calls per second, beside the expected
# figure (waiting processes ÷ poll interval, the interval being the process count in ms, from 50 to
# 1,000).
#
#   PROCESSES [64,200,1000]  SECONDS [20] (each wait)
#   WORK_DIR [target/barrier-load/<yyyyMMdd-HHmmss>]   HDFS_TMPDIR [/dev/shm if writable, else /tmp]
# Needs a JDK, Maven (builds the test classes), python3.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
PROCESSES=${PROCESSES:-64,200,1000}
SECONDS_EACH=${SECONDS:-20}
WORK_DIR=${WORK_DIR:-$root/target/barrier-load/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
start_standalone_hdfs "$WORK_DIR" -maxLifetime 1800
echo "HDFS at $uri, metrics at $jmx" >&2
for p in ${PROCESSES//,/ }; do
  java -Xms256m -Xmx2g "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
    -cp "$test_cp" io.metabench.bench.BarrierLoad "$uri" "$jmx" "/barrier-$p" "$p" \
    "$SECONDS_EACH" | tee -a "$WORK_DIR/figures.txt"
done
