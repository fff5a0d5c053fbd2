#!/usr/bin/env bash
# How fast a namespace of a profile's shape is made through the FileSystem API, and how closely
# it follows the profile (docs/namespaces.md#making-it): for each count of prefill threads in
# THREADS, one run of -prefillProfile PROFILE -prefillScale SCALE on a standalone HDFS (a
# MiniDFSCluster in a JVM of its own, bench/StandaloneHdfs, one per run so each starts empty),
# then prints files and directories made, files/s, the read-back listing's time and the largest
# KS distance of depth and files per directory.
#
#   PROFILE [yahoo]  SCALE [0.43: 100,000 files of yahoo]  THREADS [4,8,16]  SEED [1]
#   WORK_DIR [target/namespace-synthesis/<yyyyMMdd-HHmmss>]
# Needs a JDK, Maven (builds the classes), python3. The classes are copied into WORK_DIR first,
# so a build during the run does not change them.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
PROFILE=${PROFILE:-yahoo}
SCALE=${SCALE:-0.43}
THREADS=${THREADS:-4,8,16}
SEED=${SEED:-1}
WORK_DIR=${WORK_DIR:-$root/target/namespace-synthesis/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
bench_own_classes "$root" "$WORK_DIR"
echo "namespace of $PROFILE at scale $SCALE (seed $SEED), prefill threads $THREADS; $(nproc) cores"

for t in ${THREADS//,/ }; do
  run=$WORK_DIR/threads-$t
  mkdir -p "$run"
  ( start_standalone_hdfs "$run" -maxLifetime 3600
    java -Xms256m -Xmx2g "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
      -cp "$test_cp" io.metabench.MetaBench -prefillProfile "$PROFILE" -prefillScale "$SCALE" \
      -seed "$SEED" -prefillThreads "$t" -baseDir "$uri/synthesis" -jsonOut "$run/result.json" \
      > "$run/out.txt" 2> "$run/err.txt"
    echo $? > "$run/exit" )
  python3 - "$run/result.json" "$t" "$(cat "$run/exit" 2>/dev/null || echo '?')" <<'PY'
import json, sys
path, threads, code = sys.argv[1:]
try:
    p = json.load(open(path))["prefill"]
    c = p["namespace"][0]
    ks = {d["name"]: d["ksDistance"] for d in c["distributions"]}
    print("%s threads: %d files in %d directories in %.1f s: %.0f files/s; read back in %.1f s; "
          "KS depth %.4f, files per directory %.4f; %s (exit %s)" % (
          threads, p["files"], p["directories"], p["elapsedSeconds"], p["filesPerSecond"],
          c["listSeconds"], ks["depth"], ks["filesPerDirectory"],
          "within the bounds" if c["withinBounds"] else "OUTSIDE the bounds", code))
except (OSError, ValueError, KeyError, IndexError) as e:
    print("%s threads: no result (%s), exit %s" % (threads, e, code))
PY
done
echo "files: $WORK_DIR"
