#!/usr/bin/env bash
# Does metadata throughput hold as the namespace grows? Grows one HDFS (an in-process
# MiniDFSCluster on 127.0.0.1) with MetaBench's prefill to each size in SIZES, measures
# create_write, open_read, stat and delete at each size, then times ls_r, count and du of the
# whole tree with 1 and THREADS workers. Prints one line per figure.
#
#   SIZES=0,1000000,5000000 THREADS=8 FILES=2000 PREFILL_THREADS=8 HEAP=12g WARMUP_ROUNDS=1 \
#     bench/namespace-scale.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
SIZES=${SIZES:-0,1000000}
THREADS=${THREADS:-8}
FILES=${FILES:-2000}
PREFILL_THREADS=${PREFILL_THREADS:-8}
HEAP=${HEAP:-8g}
WARMUP_ROUNDS=${WARMUP_ROUNDS:-1}
out=${OUT_DIR:-$root/target/namespace-scale/$(date +%Y%m%d-%H%M%S)}
bench_classpath "$root"
echo "sizes $SIZES, $THREADS threads x $FILES files per phase, prefill $PREFILL_THREADS threads, heap $HEAP" >&2
exec java "-Xmx$HEAP" -Dwarmup.rounds="$WARMUP_ROUNDS" "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
  -cp "$test_cp" io.metabench.bench.NamespaceScale "$SIZES" "$THREADS" "$FILES" "$PREFILL_THREADS" "$out"
