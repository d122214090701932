#!/usr/bin/env bash
# One type from a file's DWARF, `cvalue layout --binary FILE TYPE` against `pahole -C NAME FILE`, run N times
# alternately (default 10), printing each tool's median wall time and peak memory (GNU time's %e and %M).
# cvalue runs cold (no kept index: each run builds the file's type index and keeps it in a fresh cache
# directory), with the index a previous process kept (its kept reads removed before each run), and with the
# index and the read of this very type kept.
#
#   Benchmarks/dwarf/vs-pahole.sh [N] [FILE TYPE]...
#
# Without FILE TYPE pairs: glibc's debug info (libc6-dbg's file for libc.so.6, found by build-id) with
# `struct tm`, and the largest binary at hand, this package's debug test bundle, with the typedef
# `cv_dwarf_api` (a C type of the CDwarf target). cvalue is the release build (`swift build -c release
# --product cvalue`, built here when missing); pahole is dwarves' (`apt-get install dwarves`).
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=10
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then runs=$1; shift; fi
if [ $# -eq 0 ]; then
  id=$(readelf -n /lib/x86_64-linux-gnu/libc.so.6 | awk '/Build ID/ { print $3 }')
  set -- "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" "struct tm" \
    "$(swift build --show-bin-path)/CValueKitPackageTests.xctest" "cv_dwarf_api"
fi
release=$(swift build -c release --show-bin-path)/cvalue
[ -x "$release" ] || swift build -c release --product cvalue >&2
command -v pahole >/dev/null || { echo "pahole not found: apt-get install dwarves" >&2; exit 1; }

# The median of the numbers on standard input.
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

measure() { # label, command...: appends "seconds kilobytes" to $work/label
  local label=$1
  shift
  /usr/bin/time -f "%e %M" -o "$work/last" "$@" >/dev/null 2>"$work/stderr" || {
    echo "$label failed:" >&2
    cat "$work/stderr" >&2
    exit 1
  }
  cat "$work/last" >>"$work/$label"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| file (size) | type | tool | wall time (median of $runs) | peak memory (median) |"
echo "|---|---|---|---|---|"
while [ $# -ge 2 ]; do
  file=$1 type=$2
  shift 2
  rm -rf "$work/cold" "$work/indexed" "$work/read" "$work/pahole" "$work/cache"
  CVALUEKIT_CACHE_DIR="$work/cache/kept" "$release" layout --binary "$file" "$type" >/dev/null
  for run in $(seq "$runs"); do
    CVALUEKIT_CACHE_DIR="$work/cache/$run" measure cold "$release" layout --binary "$file" "$type"
    rm -f "$work"/cache/kept/*.read
    CVALUEKIT_CACHE_DIR="$work/cache/kept" measure indexed "$release" layout --binary "$file" "$type"
    CVALUEKIT_CACHE_DIR="$work/cache/kept" measure read "$release" layout --binary "$file" "$type"
    measure pahole pahole -C "${type#* }" "$file"
  done
  size=$(du -h "$file" | cut -f1)
  for tool in cold indexed read pahole; do
    seconds=$(cut -d' ' -f1 "$work/$tool" | median)
    kilobytes=$(cut -d' ' -f2 "$work/$tool" | median)
    label=$tool
    [ "$tool" = cold ] && label="cvalue, cold"
    [ "$tool" = indexed ] && label="cvalue, index kept"
    [ "$tool" = read ] && label="cvalue, index and read kept"
    echo "| $(basename "$file") ($size) | \`$type\` | $label | ${seconds} s | $((kilobytes / 1024)) MiB |"
  done
done
