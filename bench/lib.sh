# Shared by the bench/ scripts that run Java helpers from the test classpath: builds the test
# classes, resolves the test classpath once (target/bench/test-classpath.txt), and sets
# $test_cp and the JDK 17 --add-opens flags Hadoop's mini clusters need ($opens).
bench_classpath() {
  local root=$1
  (cd "$root" && { mvn -B -q -o test-compile >&2 || mvn -B -q test-compile >&2; })
  local cpfile=$root/target/bench/test-classpath.txt
  mkdir -p "$root/target/bench"
  if [ ! -s "$cpfile" ] || [ "$root/pom.xml" -nt "$cpfile" ]; then
    (cd "$root" && { mvn -B -q -o dependency:build-classpath -Dmdep.includeScope=test \
        -Dmdep.outputFile="$cpfile" >&2 || mvn -B -q dependency:build-classpath \
        -Dmdep.includeScope=test -Dmdep.outputFile="$cpfile" >&2; })
  fi
  test_cp="$root/target/test-classes:$root/target/classes:$(cat "$cpfile")"
  opens=()
  local pkg
  for pkg in java.lang java.lang.reflect java.util java.util.concurrent java.io java.net java.nio sun.nio.ch; do
    opens+=("--add-opens=java.base/$pkg=ALL-UNNAMED")
  done
}

# Copies the built classes into $2/classes and $2/test-classes and points $test_cp at the copies,
# so that a build during a long bench does not change the classes its JVMs load. Needs
# bench_classpath first.
bench_own_classes() {
  local root=$1 dir=$2
  cp -r "$root/target/classes" "$dir/classes" && cp -r "$root/target/test-classes" \
    "$dir/test-classes"
  test_cp=${test_cp//$root\/target\/classes/$dir/classes}
  test_cp=${test_cp//$root\/target\/test-classes/$dir/test-classes}
}

# Prints each phase of the result file $1 on a line of its own, labelled $2: ops/s, p50, p99 and
# failures (or why there is no result). Needs python3.
phase_figures() {
  python3 - "$1" "$2" <<'PY'
import json, sys
path, name = sys.argv[1:]
try:
    r = json.load(open(path))
    for p in r["phases"]:
        l = p["latencyMs"]
        print("%-7s %-12s %9.0f ops/s  p50 %.3f ms  p99 %.3f ms  failed %d" % (
            name, p["operation"], p["tps"], l["p50"], l["p99"], p["failed"]))
except (OSError, ValueError, KeyError) as e:
    print("%s: no result (%s)" % (name, e))
PY
}

# Starts bench/StandaloneHdfs (a MiniDFSCluster on 127.0.0.1 in a JVM of its own) with its files
# under $1/hdfs.* and its data under $HDFS_TMPDIR (default /dev/shm if writable, else /tmp), passing
# the other arguments on (-maxLifetime, -D k=v). Sets $uri (no trailing /), $jmx (its /jmx URL)
# and $hdfs_pid; fd 7 is its stdin (write "stall <ms>" to it); the server stops when this script
# exits (an EXIT trap closes fd 7 and waits). Needs bench_classpath first; exits 1 when it does
# not start.
start_standalone_hdfs() {
  local dir=$1
  shift
  local tmp=${HDFS_TMPDIR:-}
  if [ -z "$tmp" ]; then
    if [ -w /dev/shm ]; then tmp=/dev/shm; else tmp=/tmp; fi
  fi
  mkfifo "$dir/hdfs.stdin"
  java -Xms256m -Xmx1g "${opens[@]}" -Dlog4j.configuration=file:"$root/conf/log4j.properties" \
    "-Djava.io.tmpdir=$tmp" -cp "$test_cp" io.metabench.bench.StandaloneHdfs "$@" \
    < "$dir/hdfs.stdin" > "$dir/hdfs.out" 2> "$dir/hdfs.err" &
  hdfs_pid=$!
  exec 7> "$dir/hdfs.stdin"
  trap 'exec 7>&- 2>/dev/null; wait "$hdfs_pid" 2>/dev/null' EXIT
  uri=""
  local _
  for _ in $(seq 240); do
    uri=$(awk '$1 == "READY" {print $2; exit}' "$dir/hdfs.out" 2>/dev/null)
    [ -n "$uri" ] && break
    kill -0 "$hdfs_pid" 2>/dev/null || break
    sleep 0.5
  done
  [ -n "$uri" ] || { echo "the HDFS did not start; see $dir/hdfs.err" >&2; exit 1; }
  uri=${uri%/}
  jmx=$(awk '$1 == "READY" {print $4; exit}' "$dir/hdfs.out")
}

# Builds the distribution and copies JuiceFS's Hadoop SDK jar into target/juicefs/ when either is
# missing (mvn -DskipTests package dependency:copy@juicefs-jar, offline first); sets $sdk to the
# jar. Needs the calling script's log and die.
juicefs_sdk_and_dist() {
  local root=$1
  sdk=$(ls "$root"/target/juicefs/juicefs-hadoop-*.jar 2>/dev/null | head -1 || true)
  if [ -z "$sdk" ] || ! ls -d "$root"/target/metabench-*-dist/metabench-*/lib >/dev/null 2>&1; then
    log "building (mvn -B -q -DskipTests package dependency:copy@juicefs-jar, offline first) ..."
    (cd "$root" && mvn -B -q -o -DskipTests package dependency:copy@juicefs-jar) >&2 \
      || (cd "$root" && mvn -B -q -DskipTests package dependency:copy@juicefs-jar) >&2 \
      || die "the Maven build failed"
    sdk=$(ls "$root"/target/juicefs/juicefs-hadoop-*.jar 2>/dev/null | head -1 || true)
  fi
  [ -n "$sdk" ] || die "the build produced no JuiceFS SDK jar"
}
