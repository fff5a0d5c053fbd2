#!/usr/bin/env bash
# A one-brick GlusterFS volume on loopback, FUSE-mounted, for MetaBench's tests and for trying
# MetaBench on GlusterFS on one machine (docs/fs/glusterfs.md).
#
#   scripts/glusterfs-loopback.sh start DIR [SECONDS]   install (Debian, as root) and start;
#                                                       prints "MOUNTED <DIR>/mnt"
#   scripts/glusterfs-loopback.sh stop DIR              unmount, stop and delete the volume, stop
#                                                       the daemons; leaves no process or mount
#   scripts/glusterfs-loopback.sh status DIR            exit 0 when mounted and serving
#
# Everything lives under DIR (state, brick, mount point, logs) except what glusterd 10 hard-codes:
# its CLI socket /var/run/glusterd.socket, /var/run/gluster/ and /var/log/glusterfs/. glusterd
# binds 127.0.0.2 (the CLI refuses bricks on localhost and 127.0.0.1) and passes the address on
# to the brick, so nothing listens beyond loopback. `start` is idempotent (a second call finds the
# volume mounted and only renews the time limit), and the volume stops by itself after SECONDS
# [3600] even if nobody calls `stop`. The brick directory needs trusted.* extended attributes (ext4
# and tmpfs have them). One such volume per machine (the CLI socket is shared).
#
# Exit codes: 0 done; 2 bad arguments; 3 GlusterFS cannot run here (not root, no /dev/fuse, the
# packages cannot be installed): one line says which. Tests that need the volume fail on 3 unless
# -Dmetabench.skip.glusterfs=true asks them to skip (docs/fs/glusterfs.md).
set -uo pipefail

VOLUME=mbv
ADDRESS=127.0.0.2
self=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")

say() { echo "glusterfs-loopback: $*" >&2; }
unavailable() { say "$*"; exit 3; }
usage() { say "usage: $0 start DIR [SECONDS] | stop DIR | status DIR"; exit 2; }

[ $# -ge 2 ] || usage
action=$1
dir=$2
seconds=${3:-3600}
case "$seconds" in ''|*[!0-9]*) usage ;; esac

cli() { gluster --mode=script "$@"; }
alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
mounted() { grep -qs " $dir/mnt fuse.glusterfs " /proc/mounts; }

install_packages() {
  command -v glusterd >/dev/null && command -v mount.glusterfs >/dev/null \
    && command -v setfattr >/dev/null && return 0
  command -v apt-get >/dev/null || unavailable "glusterd is not installed and there is no apt-get: install glusterfs-server, glusterfs-client and attr"
  say "installing glusterfs-server glusterfs-client attr (apt-get, --no-install-recommends) ..."
  local pkgs=(glusterfs-server glusterfs-client attr)
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${pkgs[@]}" >&2 \
    || { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends "${pkgs[@]}" >&2; } \
    || unavailable "apt-get could not install ${pkgs[*]}: install them and run again"
}

start() {
  [ "$(id -u)" = 0 ] || unavailable "GlusterFS needs root (glusterd, FUSE mounts): run as root"
  [ -c /dev/fuse ] || unavailable "/dev/fuse is missing: GlusterFS's client is a FUSE mount"
  install_packages
  mkdir -p "$dir" || exit 2
  dir=$(cd "$dir" && pwd)
  mkdir -p "$dir/state" "$dir/brick" "$dir/mnt" "$dir/log"
  if ! alive "$dir/glusterd.pid"; then
    if pgrep -x glusterd >/dev/null; then
      unavailable "another glusterd runs on this machine (pid $(pgrep -x glusterd | head -1)); its CLI socket is the one this script needs: stop it first"
    fi
    cat > "$dir/glusterd.vol" <<EOF
volume management
    type mgmt/glusterd
    option working-directory $dir/state
    option transport-type socket
    option transport.socket.bind-address $ADDRESS
    option transport.socket.listen-port 24007
    option transport.socket.read-fail-log off
    option ping-timeout 0
    option event-threads 1
    option max-port 60999
end-volume
EOF
    glusterd -f "$dir/glusterd.vol" -p "$dir/glusterd.pid" --log-file "$dir/log/glusterd.log" \
      || unavailable "glusterd did not start: see $dir/log/glusterd.log"
  fi
  local i
  for i in $(seq 1 100); do
    cli volume list >/dev/null 2>&1 && break
    sleep 0.1
  done
  cli volume list >/dev/null 2>&1 || unavailable "glusterd does not answer: see $dir/log/glusterd.log"
  if ! cli volume info "$VOLUME" >/dev/null 2>&1; then
    cli volume create "$VOLUME" "$ADDRESS:$dir/brick" force >&2 \
      || unavailable "gluster volume create failed (the brick needs trusted.* xattrs): see $dir/log/glusterd.log"
  fi
  if ! cli volume status "$VOLUME" >/dev/null 2>&1; then
    cli volume start "$VOLUME" force >&2 || unavailable "gluster volume start failed: see $dir/log/"
  fi
  if ! mounted; then
    mount -t glusterfs -o "log-file=$dir/log/mount.log" "$ADDRESS:/$VOLUME" "$dir/mnt" \
      || unavailable "mount -t glusterfs failed: see $dir/log/mount.log"
  fi
  # The time limit: one watchdog per volume, renewed by each start.
  if alive "$dir/watchdog.pid"; then
    kill -- -"$(cat "$dir/watchdog.pid")" 2>/dev/null # its session: the shell and its sleep
  fi
  nohup setsid bash -c "sleep $seconds; exec '$self' stop '$dir'" >/dev/null 2>&1 &
  echo $! > "$dir/watchdog.pid"
  echo "MOUNTED $dir/mnt"
}

stop() {
  [ -d "$dir" ] || { say "$dir does not exist: nothing to stop"; return 0; }
  dir=$(cd "$dir" && pwd)
  if mounted; then
    umount "$dir/mnt" 2>/dev/null || umount -l "$dir/mnt"
  fi
  if alive "$dir/glusterd.pid"; then
    cli volume stop "$VOLUME" force >/dev/null 2>&1
    cli volume delete "$VOLUME" >/dev/null 2>&1
    kill "$(cat "$dir/glusterd.pid")" 2>/dev/null
  fi
  # Bricks and clients of this volume carry DIR in their command lines.
  pkill -f -- "glusterfs.*$dir/" 2>/dev/null
  local i
  for i in $(seq 1 50); do
    pgrep -f -- "glusterfs.*$dir/" >/dev/null || alive "$dir/glusterd.pid" || break
    sleep 0.1
  done
  pkill -9 -f -- "glusterfs.*$dir/" 2>/dev/null
  if alive "$dir/glusterd.pid"; then
    kill -9 "$(cat "$dir/glusterd.pid")" 2>/dev/null
  fi
  rm -f "$dir/glusterd.pid"
  if [ -f "$dir/watchdog.pid" ] && [ "$(cat "$dir/watchdog.pid")" != "$$" ]; then
    kill -- -"$(cat "$dir/watchdog.pid")" 2>/dev/null
  fi
  rm -f "$dir/watchdog.pid"
  if mounted || pgrep -f -- "glusterfs.*$dir/" >/dev/null; then
    say "could not stop everything under $dir"
    return 1
  fi
  say "stopped: no mount, no process"
}

status() {
  dir=$(cd "$dir" 2>/dev/null && pwd) || exit 1
  mounted && alive "$dir/glusterd.pid" && stat -f "$dir/mnt" >/dev/null
}

case "$action" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) usage ;;
esac
