#!/usr/bin/env bash
# MetaBench's own cost, with the file system taken out: every phase runs against noop://, a file
# system that does nothing (io.metabench.fs.NoOpFileSystem), so what is measured is the harness:
# path generation, timing, histogram recording and accounting.
#
#   scripts/bench-harness.sh
#
# 1. Overhead: create_write, open_read, rename, delete with 1 and $THREADS workers x $FILES items,
#    after a warm-up pass of the same phases in the same JVM (so the JIT has compiled the hot
#    path); prints ops/s per worker thread and nanoseconds per operation per thread.
# 2. Memory: $MEM_THREADS workers x $MEM_FILES items of create_write (10 million operations by
#    default) under -Xmx256m, and the same with a tenth of the items; prints the heap left after
#    each garbage collection at its peak, so a heap that grew with the number of files would show.
# Environment: FILES (2000000), THREADS (nproc), MEM_THREADS (40), MEM_FILES (250000).
# See docs/performance.md for the method and the figures from a project machine.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
files=${FILES:-2000000}
threads=${THREADS:-$(nproc)}
mem_threads=${MEM_THREADS:-40}
mem_files=${MEM_FILES:-250000}
work=$(mktemp -d -t metabench-harness-XXXXXX)
trap 'rm -rf "$work"' EXIT

run() { # label heap args...
  local label=$1 heap=$2
  shift 2
  META_BENCH_HEAP="$heap" META_BENCH_OPTS="-Xlog:gc:file=$work/$label.gc" \
    "$here/meta-bench.sh" -baseDir noop:///harness -jsonOut "$work/$label.json" -nnbenchLog "" \
    "$@" > "$work/$label.out" 2> "$work/$label.err" || {
    echo "bench-harness.sh: the $label run failed; its stderr:" >&2
    cat "$work/$label.err" >&2
    exit 1
  }
}

json_phase_tps() { # file operation -> tps of the operation's last (measured) phase
  python3 - "$1" "$2" <<'PY'
import json, sys
tps = [p["tps"] for p in json.load(open(sys.argv[1]))["phases"] if p["operation"] == sys.argv[2]]
print(tps[-1])
PY
}

peak_after_gc() { # gc log -> "N MiB after GC at the peak, M collections"
  python3 - "$1" <<'PY'
import re, sys
after = [int(m.group(1)) for m in re.finditer(r"->(\d+)M\(", open(sys.argv[1]).read())]
print("%d MiB (largest heap left after a collection), %d collections" % (max(after) if after else 0, len(after)))
PY
}

echo "MetaBench harness cost on noop:// ($(nproc) cores, $(java -version 2>&1 | head -1))"
echo
printf '%-13s %8s %16s %14s %12s\n' operation threads "ops/s" "ops/s/thread" "ns/op/thread"
for t in 1 "$threads"; do
  run "overhead-$t" "-Xms512m -Xmx512m" \
    -operation create_write,open_read,rename,delete,create_write,open_read,rename,delete \
    -threads "$t" -numFiles "$files"
  for op in create_write open_read rename delete; do
    tps=$(json_phase_tps "$work/overhead-$t.json" "$op")
    python3 -c "t=$t; tps=$tps; print('%-13s %8d %16.0f %14.0f %12.0f' % ('$op', t, tps, tps/t, 1e9*t/tps))"
  done
done

echo
echo "Memory: create_write under -Xmx256m"
for n in $((mem_files / 10)) "$mem_files"; do
  run "memory-$n" "-Xms256m -Xmx256m" -operation create_write -threads "$mem_threads" \
    -numFiles "$n"
  ops=$((mem_threads * n))
  echo "  $mem_threads threads x $n files = $ops operations: exit 0, $(peak_after_gc "$work/memory-$n.gc")"
done
