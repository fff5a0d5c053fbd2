#!/usr/bin/env bash
# A namespace of a profile's shape written offline into the embedded HDFS's fsimage
# (-prefillOffline, docs/namespaces.md#offline), then the read phases on it beside the same phases
# on an empty namespace. In one JVM, as a run on the embedded HDFS is (its NameNode, DataNode and
# client share the heap and the cores):
#   offline: -prefillProfile PROFILE -prefillScale SCALE -prefillOffline, then OPS for PHASE_SECONDS
#            each with -onPrefill POPULARITY. Prints the prefill line (the image's bytes, the time
#            to write it and to restart the NameNode on it), the fidelity check, and the heap the
#            JVM holds after a full collection once the namespace is read back: the NameNode's
#            inodes, with the client's little beside them.
#   empty:   create_write, then OPS but list on the run's own files (flat per-worker directories:
#            no production directory sizes to list, so no list there).
# Both with THREADS workers; each phase runs PHASE_SECONDS.
#
#   PROFILE [yahoo]  SCALE [43: 9,984,643 files]  POPULARITY [zipf:1.1]  OPS [stat,open_read,list]
#   THREADS [8]  PHASE_SECONDS [30]  HEAP [-Xmx12g]  WORK_DIR [target/namespace-offline/<yyyyMMdd-HHmmss>]
#   SKIP_EMPTY=1 runs the offline side alone.
# Needs a JDK (jcmd), Maven (builds the classes), python3.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
PROFILE=${PROFILE:-yahoo}
SCALE=${SCALE:-43}
POPULARITY=${POPULARITY:-zipf:1.1}
OPS=${OPS:-stat,open_read,list}
THREADS=${THREADS:-8}
SECONDS_EACH=${PHASE_SECONDS:-30}
HEAP=${HEAP:--Xmx12g}
WORK_DIR=${WORK_DIR:-$root/target/namespace-offline/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
bench_own_classes "$root" "$WORK_DIR"
echo "$OPS, $THREADS threads, ${SECONDS_EACH} s a phase: on $PROFILE at scale $SCALE written" \
  "offline ($POPULARITY) and on an empty namespace; heap $HEAP; $(nproc) cores"

run() {
  local name=$1
  shift
  mkdir -p "$WORK_DIR/$name"
  java -Xms1g $HEAP "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
    -cp "$test_cp" io.metabench.MetaBench "$@" -threads "$THREADS" \
    -duration "${SECONDS_EACH}s" -jsonOut "$WORK_DIR/$name/result.json" \
    > "$WORK_DIR/$name/out.txt" 2> "$WORK_DIR/$name/err.txt" &
  local pid=$!
  if [ "$name" = offline ]; then
    # Once the namespace is read back, the heap after a full collection.
    while kill -0 "$pid" 2>/dev/null && ! grep -q "read back in" "$WORK_DIR/$name/err.txt"; do
      sleep 1
    done
    if kill -0 "$pid" 2>/dev/null; then
      jcmd "$pid" GC.run > /dev/null 2>&1
      jcmd "$pid" GC.heap_info > "$WORK_DIR/$name/heap.txt" 2>&1
      echo "heap after a full collection, the namespace loaded: $(awk '/used/ {for (i = 1; i <= NF; i++) if ($i == "used") {print $(i + 1); exit}}' "$WORK_DIR/$name/heap.txt")"
    fi
  fi
  wait "$pid"
  echo "$name: exit $?"
  grep -E "^prefill: |^namespace of |^  (distribution|depth|filesPerDirectory|subdirectories|entries)|within the fidelity|OUTSIDE" \
    "$WORK_DIR/$name/out.txt"
  phase_figures "$WORK_DIR/$name/result.json" "$name"
}

run offline -prefillProfile "$PROFILE" -prefillScale "$SCALE" -prefillOffline \
  -operation "$OPS" -onPrefill "$POPULARITY"
if [ "${SKIP_EMPTY:-}" != 1 ]; then
  empty_ops=$(echo ",$OPS," | sed 's/,list,/,/g; s/^,//; s/,$//')
  run empty -operation "create_write,$empty_ops"
fi
echo "files: $WORK_DIR"
