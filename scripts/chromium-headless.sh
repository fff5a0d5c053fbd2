#!/usr/bin/env bash
# Opens a page in headless Chromium the way a person's browser would, for MetaBench's browser
# tests and for looking at a report on a machine without a display.
#
#   scripts/chromium-headless.sh dom PAGE.html            prints the page's DOM once it has loaded
#                                                         and its scripts have run
#   scripts/chromium-headless.sh screenshot PAGE.html OUT.png [WIDTH,HEIGHT]
#                                                         a PNG of the page (default 1280,3000)
#
# Installs Debian's chromium package (apt-get, --no-install-recommends, as root) when chromium is
# not on the PATH. Each call starts a browser of its own with an empty profile in a temporary
# directory (removed after it) and the flags a closed network needs (no background networking,
# component updates, sync or QUIC), so it connects to nothing but the page's own file.
#
# Exit codes: 0 done; 2 bad arguments; 3 Chromium cannot run here (not installed and cannot be
# installed): one line says why; 4 Chromium failed on the page.
set -uo pipefail

say() { echo "chromium-headless: $*" >&2; }
usage() { say "usage: $0 dom PAGE.html | screenshot PAGE.html OUT.png [WIDTH,HEIGHT]"; exit 2; }

[ $# -ge 2 ] || usage
action=$1
page=$2
[ -f "$page" ] || { say "no such page: $page"; exit 2; }
page=$(cd "$(dirname "$page")" && pwd)/$(basename "$page")

install_chromium() {
  command -v chromium >/dev/null && return 0
  command -v apt-get >/dev/null || { say "chromium is not installed and there is no apt-get: install Debian's chromium package"; exit 3; }
  [ "$(id -u)" = 0 ] || { say "chromium is not installed and only root can install it: apt-get install chromium"; exit 3; }
  say "installing chromium (apt-get, --no-install-recommends) ..."
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium >&2 \
    || { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends chromium >&2; } \
    || { say "apt-get could not install chromium: install it and run again"; exit 3; }
}

install_chromium
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
       --disable-background-networking --disable-component-update --disable-sync
       --hide-scrollbars --user-data-dir="$profile")

case "$action" in
  dom)
    # Virtual time lets the page's load and scripts finish without a fixed sleep.
    chromium "${flags[@]}" --virtual-time-budget=5000 --dump-dom "file://$page" 2>"$profile/stderr" \
      || { say "chromium failed on $page:"; tail -5 "$profile/stderr" >&2; exit 4; }
    ;;
  screenshot)
    [ $# -ge 3 ] || usage
    out=$3
    size=${4:-1280,3000}
    out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
    chromium "${flags[@]}" --window-size="$size" --screenshot="$out" "file://$page" \
      2>"$profile/stderr" >&2 \
      || { say "chromium failed on $page:"; tail -5 "$profile/stderr" >&2; exit 4; }
    [ -s "$out" ] || { say "chromium wrote no screenshot of $page"; exit 4; }
    ;;
  *) usage ;;
esac
