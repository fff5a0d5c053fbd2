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
