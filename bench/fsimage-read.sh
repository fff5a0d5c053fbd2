#!/usr/bin/env bash
# How fast the profile command reads an fsimage, and in how much heap (docs/namespaces.md#reading-speed):
# an image of a profile's namespace at SCALE is written offline (bench/ImageOf: a formatted
# NameNode's empty image, the namespace added by ImageWriter as -prefillOffline adds it), then
# `profile IMAGE` reads it RUNS times in a JVM of HEAP, each its own process. Prints the image's
# inodes and bytes, each read's seconds and inodes/s (the command's own figure: its reading, not
# the JVM's start), the JVM's peak resident memory, and the profile's one-line shape.
#
#   PROFILE [yahoo]  SCALE [43: 11.4 M inodes]  HEAP [-Xmx2g]  RUNS [2]
#   WORK_DIR [target/fsimage-read/<yyyyMMdd-HHmmss>]  IMAGE [an image to read instead of writing one]
# Needs a JDK, Maven (builds the classes), GNU time (/usr/bin/time).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
PROFILE=${PROFILE:-yahoo}
SCALE=${SCALE:-43}
HEAP=${HEAP:--Xmx2g}
RUNS=${RUNS:-2}
WORK_DIR=${WORK_DIR:-$root/target/fsimage-read/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
bench_own_classes "$root" "$WORK_DIR"
image=${IMAGE:-}
if [ -z "$image" ]; then
  line=$(java -Xmx8g "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
    -cp "$test_cp" io.metabench.bench.ImageOf "$WORK_DIR" "$PROFILE" "$SCALE" 2> "$WORK_DIR/image.err" \
    | awk '$1 == "IMAGE"')
  [ -n "$line" ] || { echo "no image written: see $WORK_DIR/image.err"; exit 1; }
  read -r _ image dirs files bytes secs <<< "$line"
  echo "image: $PROFILE at scale $SCALE, $dirs directories and $files files added, $bytes bytes, written in $secs s: $image"
fi
echo "reading it with profile, heap $HEAP, $RUNS runs; $(nproc) cores"
for i in $(seq "$RUNS"); do
  /usr/bin/time -v java $HEAP "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
    -cp "$test_cp" io.metabench.MetaBench profile -outDir "$WORK_DIR/profile-$i" "$image" \
    > "$WORK_DIR/read-$i.out" 2> "$WORK_DIR/read-$i.err"
  code=$?
  rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$WORK_DIR/read-$i.err")
  echo "run $i: exit $code, peak resident $((rss / 1024)) MB"
  grep -E "inodes/s|^fsimage " "$WORK_DIR/read-$i.out"
done
echo "files: $WORK_DIR"
