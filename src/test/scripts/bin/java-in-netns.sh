#!/bin/sh
# Failsafe's <jvm> for the yarn-in-netns execution: runs the forked test JVM in a private network
# namespace whose only interface is loopback, so that servers binding 0.0.0.0 whatever their
# bind-host settings say (the MapReduce ApplicationMaster, the shuffle handler) are reachable
# from nowhere else.
#
# Usage (as Failsafe runs it): java-in-netns.sh JVM-ARGUMENTS...
# METABENCH_REAL_JAVA names the java executable to run (the pom passes ${java.home}/bin/java);
# without it, $JAVA_HOME/bin/java. Surefire takes <jvm> only if its name starts with "java" and
# it lies in a directory named "bin", hence this file's name and place.
#
# Failsafe talks to the forked JVM over its stdin/stdout pipes, which a network namespace does
# not affect; unshare and sh both exec, so the JVM keeps this script's process id.
#
# This script never fails on its own: when it cannot make the namespace it still starts the JVM,
# outside any namespace, with -Dmetabench.netns.error=REASON, and the test fails with that reason
# before starting anything (a build that cannot isolate the test must fail, not skip it).
java="${METABENCH_REAL_JAVA:-}"
if [ -z "$java" ]; then
  java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
fi

# As root (or with CAP_SYS_ADMIN) a network namespace alone; otherwise inside a user namespace
# that maps this user to root, where the kernel allows unprivileged user namespaces.
error=""
if ! command -v unshare >/dev/null 2>&1; then
  error="unshare (util-linux) is not installed"
elif ! command -v ip >/dev/null 2>&1; then
  error="ip (iproute2) is not installed"
elif probe=$(unshare --net -- ip link set lo up 2>&1); then
  namespaces="--net"
elif probe2=$(unshare --user --map-root-user --net -- ip link set lo up 2>&1); then
  namespaces="--user --map-root-user --net"
else
  error="neither 'unshare --net' (it needs root or CAP_SYS_ADMIN: $probe) nor 'unshare --user --map-root-user --net' (it needs unprivileged user namespaces: $probe2) is permitted here"
fi
if [ -n "$error" ]; then
  echo "java-in-netns.sh: $error" >&2
  exec "$java" "-Dmetabench.netns.error=$error" "$@"
fi

# The host's own name may resolve to an address of an interface the namespace does not have
# (servers advertise it, clients connect to it): put those addresses on loopback too.
addresses=$(getent ahostsv4 "$(hostname)" 2>/dev/null | awk '$1 !~ /^127\./ { print $1 }' | sort -u)

# shellcheck disable=SC2086
exec unshare $namespaces -- sh -c '
  java="$1"; addresses="$2"; shift 2
  ip link set lo up || { echo "java-in-netns.sh: could not bring up loopback" >&2; exit 1; }
  for a in $addresses; do
    ip addr add "$a/32" dev lo || { echo "java-in-netns.sh: could not add $a to loopback" >&2; exit 1; }
  done
  exec "$java" -Dmetabench.netns=private "$@"
' java-in-netns "$java" "$addresses" "$@"
