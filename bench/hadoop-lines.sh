#!/usr/bin/env bash
# The same workload through each Hadoop line's client, as `hadoop jar` runs the thin jar on a
# cluster of that line (its client jars first, then org.apache.hadoop.util.RunJar), against ONE
# HDFS (Hadoop 3.4's MiniDFSCluster, 1 NameNode + 1 DataNode, 127.0.0.1 only) in its own JVM,
# and prints TPS and p99 per operation and line: what the client line alone changes.
#
# Each line runs twice, in alternating order (2.10 ... 3.4, then 3.4 ... 2.10), so a drift of
# the machine or the server does not read as a line's difference; the table gives both rounds.
#
#   THREADS [4] FILES [2000] (per thread) CLIENT_WARMUP [default: MetaBench's]
#   WORK_DIR [target/hadoop-lines-bench/<yyyyMMdd-HHmmss>]
#   HDFS_TMPDIR [/dev/shm if writable, else /tmp]
# Needs a JDK, Maven (builds the thin jar, resolves each line's client class path into
# target/hadoop-lines, as the integration tests do), python3.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
THREADS=${THREADS:-4}
FILES=${FILES:-2000}
WORK_DIR=${WORK_DIR:-$root/target/hadoop-lines-bench/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$WORK_DIR"
bench_classpath "$root"
jar=$(ls "$root"/target/metabench-*.jar 2>/dev/null | grep -v original | head -1)
dist=$(ls -d "$root"/target/metabench-*-dist/metabench-* 2>/dev/null | head -1)
if [ -z "$jar" ] || [ -z "$dist" ]; then
  (cd "$root" && mvn -B -q -DskipTests package >&2) || exit 1
  jar=$(ls "$root"/target/metabench-*.jar | grep -v original | head -1)
  dist=$(ls -d "$root"/target/metabench-*-dist/metabench-* | head -1)
fi
lines=(2.10.2 3.1.4 3.2.4 3.3.6)
for l in "${lines[@]}"; do
  if [ ! -s "$root/target/hadoop-lines/$l.classpath" ]; then
    (cd "$root" && mvn -B -q invoker:run@hadoop-line-classpaths >&2) || exit 1
    break
  fi
done
# The build's own line: the distribution's Hadoop 3.4 client jars, without MetaBench itself.
own=$(ls "$dist"/lib/*.jar | grep -v '/lib/metabench-' | tr '\n' ':')
own_version=$(ls "$dist"/lib/hadoop-common-*.jar | grep -v -- -tests | head -1 \
  | sed 's/.*hadoop-common-\(.*\)\.jar/\1/')

start_standalone_hdfs "$WORK_DIR" -maxLifetime 7200
web=${jmx#http://}
web=${web%/jmx}
echo "HDFS at $uri; $THREADS threads x $FILES files; results under $WORK_DIR" >&2

run_line() {
  local line=$1 round=$2 cp
  if [ "$line" = "$own_version" ]; then cp=$own; else cp=$(cat "$root/target/hadoop-lines/$line.classpath"); fi
  local warm=()
  [ -n "${CLIENT_WARMUP:-}" ] && warm=(-clientWarmup "$CLIENT_WARMUP")
  echo "== Hadoop $line, round $round" >&2
  java -Dlog4j.configuration=file:"$root/conf/log4j.properties" -Dhadoop.tmp.dir="$WORK_DIR/tmp" \
    -cp "$cp" org.apache.hadoop.util.RunJar "$jar" -D "dfs.namenode.http-address=$web" \
    -operation create_write,open_read,stat,rename,delete -threads "$THREADS" \
    -numberOfFiles "$FILES" -baseDir "$uri/lines/$line-$round" -nnbenchLog '' -quiet \
    "${warm[@]}" -jsonOut "$WORK_DIR/$line-$round.json" \
    > "$WORK_DIR/$line-$round.out" 2> "$WORK_DIR/$line-$round.err" \
    || echo "  Hadoop $line round $round failed (exit $?); see $WORK_DIR/$line-$round.err" >&2
}
order=("${lines[@]}" "$own_version")
for line in "${order[@]}"; do run_line "$line" 1; done
for ((i = ${#order[@]} - 1; i >= 0; i--)); do run_line "${order[$i]}" 2; done

python3 - "$WORK_DIR" "${order[@]}" <<'PY'
import json, os, sys
work, lines = sys.argv[1], sys.argv[2:]
ops = ["create_write", "open_read", "stat", "rename", "delete"]
print("TPS (p99 ms) per client line, round 1 / round 2; same HDFS (Hadoop 3.4), same workload")
print("%-8s" % "line" + "".join("%30s" % o for o in ops) + "   lacks")
for line in lines:
    cells, lacks = [], ""
    for op in ops:
        parts = []
        for r in (1, 2):
            f = os.path.join(work, "%s-%d.json" % (line, r))
            if not os.path.exists(f):
                parts.append("-")
                continue
            d = json.load(open(f))
            lacks = d.get("hadoopClientLacks", "")
            p = [x for x in d["phases"] if x["operation"] == op]
            parts.append("%.0f (%.2f)" % (p[0]["tps"], p[0]["latencyMs"]["p99"]) if p else "-")
        cells.append(" / ".join(parts))
    short = ", ".join(x.split(" (")[0] for x in lacks.split("), ")) if lacks else "-"
    print("%-8s" % line + "".join("%30s" % c for c in cells) + "   " + short)
PY
