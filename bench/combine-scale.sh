#!/usr/bin/env bash
# The -maps driver's combine at scale (docs/performance.md#8-the-drivers-combine-at-scale): MAPS map
# results of PHASES phases, each phase with a latency histogram and a per-second series of SECONDS
# intervals, encoded as the maps send them, then decoded and combined as the driver does, in a JVM
# with HEAP (-Xmx). Prints the time to decode and combine and the heap held; exits non-zero (an
# OutOfMemoryError) when HEAP is too small.
#
#   MAPS [1000]  PHASES [10]  SECONDS [60]  HEAP [2g]
# Needs a JDK and Maven (builds the test classes).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
bench_classpath "$root"
java "-Xmx${HEAP:-2g}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" -cp "$test_cp" \
  io.metabench.bench.CombineScale "${MAPS:-1000}" "${PHASES:-10}" "${SECONDS:-60}"
