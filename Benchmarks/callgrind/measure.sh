#!/usr/bin/env bash
# Instructions a call of the engine's rows, by valgrind --tool=callgrind: each row calls one comparison N and 2N
# times over 16 equal pairs (arrays: 1,000 elements a call), and its figure is the difference divided by N, so
# that start-up and set-up cancel out. Deterministic for one binary, whatever else the machine runs.
#
#   Benchmarks/callgrind/measure.sh [ROW ...]     # every row when none is named
#
# Builds this package (release, against this checkout) and the C library for `cv_compare`; both are copied and
# `strip -g`'d, as valgrind 3.19 cannot read the toolchain's DWARF.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
swift build -c release >/dev/null
(cd "$root" && swift build -c release --product CValueC >/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp .build/release/EngineCalls "$root/.build/release/libCValueC.so" "$work/"
strip -g "$work/EngineCalls" "$work/libCValueC.so"
cc -O2 -I "$root/CShims/CValueC/include" cv_compare.c -L"$work" -lCValueC -Wl,-rpath,"$work" -o "$work/cv_compare"

instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$@" >/dev/null 2>&1
  awk '/^(totals|summary):/ { print $2; exit }' "$work/out"
}
rows=("$@")
if [ ${#rows[@]} -eq 0 ]; then
  rows=(isEqual isEqual-pointers isEqual-padded compare compare-default-options compare-options compare-tolerance
    isEqual-registered isEqual-closure difference-pointers compare-bytes int-array float-array compare-array cv_compare)
fi
for row in "${rows[@]}"; do
  n=10000
  [[ $row == *array* ]] && n=100
  if [ "$row" = cv_compare ]; then
    one=$(instructions "$work/cv_compare" $n)
    two=$(instructions "$work/cv_compare" $((2 * n)))
  else
    one=$(instructions "$work/EngineCalls" "$row" $n)
    two=$(instructions "$work/EngineCalls" "$row" $((2 * n)))
  fi
  awk -v row="$row" -v one="$one" -v two="$two" -v n="$n" 'BEGIN { printf "%-24s %8.1f\n", row, (two - one) / n }'
done
