#!/usr/bin/env bash
# The raw DWARF walk of CValueDWARF (Swift, this package) beside elfutils' libdw on the same files, N runs each
# (default 5), printing every run: every DIE of every unit (its tag and its name, integrated as dwarf_diename),
# every attribute of every DIE decoded (as a type index's fingerprints read them), and the last unit found by its offset alone (as a type index keeps unit offsets) against libdw's dwarf_offdie,
# which reads every unit header before the one asked for. Peak memory is each process's (ru_maxrss).
#
#   Benchmarks/dwarf/walk.sh [N] [FILE]...
#
# Without FILEs: Debian's python3.11-dbg (/usr/bin/python3.11d, DWARF 5), glibc's debug file (libc6-dbg's, found
# by the build id of libc.so.6; zlib-compressed), and make-binary.py's 800-unit program when it was built in
# $BINARY800 (default /tmp/bin800: `Benchmarks/dwarf/make-binary.py 800 /tmp/bin800 && make -C /tmp/bin800`).
# Needs libdw-dev for the libdw side (cc -ldw).
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=5
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then runs=$1; shift; fi
if [ $# -eq 0 ]; then
  id=$(readelf -n /lib/x86_64-linux-gnu/libc.so.6 | awk '/Build ID/ { print $3 }')
  set -- /usr/bin/python3.11d "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug"
  [ -f "${BINARY800:-/tmp/bin800}/prog" ] && set -- "$@" "${BINARY800:-/tmp/bin800}/prog"
fi
swift build -c release --product dwarf-walk >&2
walk=$(swift build -c release --show-bin-path)/dwarf-walk
libdw=$(mktemp -d)/walk-libdw
cc -O2 -o "$libdw" Benchmarks/dwarf/walk-libdw.c -ldw

for file in "$@"; do
  echo "== $file ($(du -h "$file" | cut -f1))"
  for _ in $(seq "$runs"); do
    echo "CValueDWARF every DIE: $("$walk" walk "$file")"
    echo "libdw       every DIE: $("$libdw" walk "$file")"
  done
  for _ in $(seq "$runs"); do
    echo "CValueDWARF every attribute: $("$walk" attributes "$file")"
    echo "libdw       every attribute: $("$libdw" attributes "$file")"
  done
  for _ in $(seq "$runs"); do
    mine=$("$walk" last "$file")
    echo "CValueDWARF by offset: $mine"
    die=$(sed -E 's/.*DIE at (0x[0-9a-f]+).*/\1/' <<<"$mine")
    echo "libdw       by offset: $("$libdw" last "$file" "$die")"
  done
done
