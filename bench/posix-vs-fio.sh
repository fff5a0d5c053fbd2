#!/usr/bin/env bash
# MetaBench on a POSIX directory (file://, so any mount: ext4, a GlusterFS or JuiceFS FUSE mount)
# side by side with fio's metadata engines on the same directory, at equal threads and files:
#
#   create   fio --ioengine=filecreate    MetaBench -operation create_write (empty files)
#   stat     fio --ioengine=filestat      MetaBench stat
#   delete   fio --ioengine=filedelete    MetaBench delete
#   create   and a plain Java loop (bench PlainCreates: FileOutputStream open and close, no
#            Hadoop, second of two passes), the most a Java client could reach on the mount
#
#   bench/posix-vs-fio.sh [DIR]          DIR: where both work (default: a new directory under
#                                        WORK_DIR); it must exist; each round works in a new
#                                        subdirectory of it and removes it
#
# Rounds alternate fio and MetaBench (fio first) so that a slow spell of a shared disk hits both,
# and each tool starts after a sync, so neither pays for writing back what the other left;
# the table shows each side's median over ROUNDS and MetaBench/fio. fio runs NUMJOBS processes of
# NRFILES files each (openfiles=1); MetaBench runs THREADS=NUMJOBS workers of NRFILES files each,
# with its defaults (client warm-up on, -localClient posix) unless LOCAL_CLIENT is set (hadoop:
# Hadoop's LocalFileSystem, to see what it costs). fio cannot make an empty file for filestat and
# filedelete, so it lays its files out at 4 KiB before those two (unmeasured); MetaBench's are
# empty. Each fio figure is the group's, as fio's --group_reporting computes it: all jobs' files
# divided by the longest job's runtime (MetaBench's TPS is the same: operations / the phase's
# window). Summing each job's own rate instead overstates it when jobs do not overlap: on a
# GlusterFS mount one filestat job of four, finding its files' attributes still cached, ran in
# 128 ms while the others took 0.95 s, and the sum of rates said 22,000/s for 8,377/s.
#
# Environment (defaults in brackets):
#   NUMJOBS [4]  NRFILES [2000]  ROUNDS [3]  LOCAL_CLIENT [posix]
#   WORK_DIR [target/posix-vs-fio/<yyyyMMdd-HHmmss>]   fio's JSON, MetaBench's results
# Needs fio (installed with apt-get when missing and this runs as root on Debian), python3, and
# the distribution (built with Maven when missing, by scripts/meta-bench.sh).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
NUMJOBS=${NUMJOBS:-4}
NRFILES=${NRFILES:-2000}
ROUNDS=${ROUNDS:-3}
LOCAL_CLIENT=${LOCAL_CLIENT:-posix}
WORK_DIR=${WORK_DIR:-$root/target/posix-vs-fio/$(date +%Y%m%d-%H%M%S)}

log() { echo "posix-vs-fio: $*" >&2; }
die() { log "$*"; exit 2; }

if ! command -v fio >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "installing fio (apt-get install --no-install-recommends fio) ..."
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends fio >&2 \
      || { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends fio >&2; } \
      || die "apt-get could not install fio: install it (Debian package fio) and run again"
  else
    die "fio is not installed and this is not root on Debian: install fio and run again"
  fi
fi
command -v python3 >/dev/null || die "python3 is needed to read fio's and MetaBench's JSON"
. "$here/lib.sh"
bench_classpath "$root"

mkdir -p "$WORK_DIR"
WORK_DIR=$(cd "$WORK_DIR" && pwd)
dir=${1:-$WORK_DIR/dir}
mkdir -p "$dir" 2>/dev/null || true
[ -d "$dir" ] && [ -w "$dir" ] || die "$dir is not a writable directory: give one that is"
dir=$(cd "$dir" && pwd)
log "$NUMJOBS x $NRFILES files in $dir ($(df -T "$dir" | awk 'NR == 2 {print $2}')), $ROUNDS rounds; results under $WORK_DIR"

fio_tps() { # JSON file -> files per second of the group: all jobs' files / the longest job
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
jobs = d["jobs"]
print("%.1f" % (sum(j["read"]["total_ios"] for j in jobs) * 1000.0
                / max(j["read"]["runtime"] for j in jobs)))' "$1"
}

for r in $(seq 1 "$ROUNDS"); do
  work="$dir/mb-fio-$r"
  mkdir "$work"
  common=(--name=mb --directory="$work" --numjobs="$NUMJOBS" --nrfiles="$NRFILES"
    --openfiles=1 --filesize=4k --fallocate=none --output-format=json)
  for engine in filecreate filestat filedelete; do
    sync # what the previous step left to write back is not this one's cost
    fio "${common[@]}" --ioengine=$engine > "$WORK_DIR/fio-$r-$engine.json"
    echo "fio $engine $(fio_tps "$WORK_DIR/fio-$r-$engine.json")" >> "$WORK_DIR/figures.txt"
  done
  rm -rf "$work"
  mkdir "$work"
  sync
  "$root/scripts/meta-bench.sh" -operation create_write,stat,delete -threads "$NUMJOBS" \
    -numberOfFiles "$NRFILES" -baseDir "file://$work/base" -localClient "$LOCAL_CLIENT" -quiet \
    -jsonOut "$WORK_DIR/metabench-$r.json" -nnbenchLog "$WORK_DIR/NNBench_results.log" \
    > "$WORK_DIR/metabench-$r.txt" 2>&1 \
    || { cat "$WORK_DIR/metabench-$r.txt" >&2; die "MetaBench failed in round $r"; }
  rm -rf "$work"
  mkdir "$work"
  sync
  java -cp "$test_cp" io.metabench.bench.PlainCreates "$work" "$NUMJOBS" "$NRFILES" \
    >> "$WORK_DIR/figures.txt"
  python3 -c 'import json, sys
names = {"create_write": "filecreate", "stat": "filestat", "delete": "filedelete"}
for p in json.load(open(sys.argv[1]))["phases"]:
    print("metabench %s %.1f" % (names[p["operation"]], p["tps"]))' \
    "$WORK_DIR/metabench-$r.json" >> "$WORK_DIR/figures.txt"
  rm -rf "$work"
done

python3 - "$WORK_DIR/figures.txt" "$LOCAL_CLIENT" <<'EOF'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    tool, engine, tps = line.split()
    runs.setdefault((tool, engine), []).append(float(tps))
def spread(xs):  # (max - min) / median: how far the rounds disagree
    return (max(xs) - min(xs)) / statistics.median(xs)
print("%-8s %12s %14s %10s %15s   %s" % ("", "fio /s", "MetaBench /s", "ratio",
      "spread fio|MB", "rounds (fio | MetaBench)"))
for engine, name in (("filecreate", "create"), ("filestat", "stat"), ("filedelete", "delete")):
    f, m = runs[("fio", engine)], runs[("metabench", engine)]
    fm, mm = statistics.median(f), statistics.median(m)
    print("%-8s %12.0f %14.0f %9.2fx %6.0f%% | %4.0f%%   %s | %s" % (name, fm, mm, mm / fm,
        100 * spread(f), 100 * spread(m), " ".join("%.0f" % x for x in f),
        " ".join("%.0f" % x for x in m)))
p, m = runs[("plain", "filecreate")], runs[("metabench", "filecreate")]
pm = statistics.median(p)
print("(medians; MetaBench -localClient %s)" % sys.argv[2])
print("plain Java create loop (bench PlainCreates, warm): median %.0f/s, rounds %s; "
      "MetaBench create / plain: %.2fx" % (pm, " ".join("%.0f" % x for x in p),
                                          statistics.median(m) / pm))
EOF
