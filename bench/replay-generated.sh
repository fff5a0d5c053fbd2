#!/usr/bin/env bash
# Replays a generated audit log: a MetaBench mix runs against an in-process HDFS whose NameNode's
# own audit logger is captured (bench/AuditLogOf), then `metabench replay` runs that log against
# a fresh embedded HDFS at the recorded pace, SPEED times faster, and as fast as possible.
#
#   THREADS=4 SPEED=4 bench/replay-generated.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
THREADS=${THREADS:-4}
SPEED=${SPEED:-4}
bench_classpath "$root"
work=${OUT_DIR:-$root/target/replay-generated/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$work"
log4j=-Dlog4j.configuration=file:"$root/conf/log4j.properties"
run() { java -Xmx2g "${opens[@]}" "$log4j" -cp "$test_cp" "$@"; }
echo "== recording: a 10 s mix at 300 ops/s on an in-process HDFS, its audit log captured"
run io.metabench.bench.AuditLogOf "$work/hdfs-audit.log" -operation create_write,mix \
  -mix create_write:10,open_read:40,stat:20,list:10,rename:10,delete:10 -threads 4 \
  -numberOfFiles 500 -duration 10 -rate 300 -cleanup
for speed in 1 "$SPEED" 0; do
  echo "== replay at -replaySpeed $speed, $THREADS threads, on an embedded HDFS"
  run io.metabench.MetaBench replay -auditLog "$work/hdfs-audit.log" -threads "$THREADS" \
    -replaySpeed "$speed" -jsonOut "$work/replay-speed-$speed.json" -nnbenchLog '' -quiet || true
done
