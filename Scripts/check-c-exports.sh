#!/usr/bin/env bash
# Checks that a libcvalue exports exactly the functions its header marks CV_EXTERN: no header function
# missing, and nothing else (no Swift runtime or CValueKit symbol, no internal cvi_ helper).
#
#   Scripts/check-c-exports.sh LIB HEADER            # e.g. PREFIX/lib/libcvalue.so.1 PREFIX/include/cvalue.h
#   Scripts/check-c-exports.sh --header-functions HEADER   # the CV_EXTERN functions, one a line (install-c.sh)
#
# Exit status 0 when the sets are equal; 1, listing the differences, when not.
set -euo pipefail

# The names declared `CV_EXTERN <return type> name(` in the header, comments removed, declarations that span
# lines joined.
header_functions() {
  perl -0777 -ne '
    s{/\*.*?\*/}{}gs; s{//[^\n]*}{}g; s{^[ \t]*#[^\n]*}{}gm;
    while (/\bCV_EXTERN\b[^;{]*?\b([A-Za-z_][A-Za-z_0-9]*)\s*\(/gs) { print "$1\n" }
  ' "$1" | sort -u
}

if [ "${1:-}" = "--header-functions" ]; then
  header_functions "${2:?usage: $0 --header-functions HEADER}"
  exit 0
fi

lib=${1:?usage: $0 LIB HEADER}
header=${2:?usage: $0 LIB HEADER}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

header_functions "$header" >"$work/header"
[ -s "$work/header" ] || { echo "error: $header declares no CV_EXTERN function" >&2; exit 1; }
# Defined global dynamic symbols, without version suffixes (cv_free@@CVALUE_1); the version node itself is
# no symbol. The Swift type metadata and conformance records the linker keeps in .dynsym as LOCAL (relocations
# name them) are not exported: no other object binds to them, and dlsym does not find them.
nm -D --defined-only --extern-only "$lib" | awk '$2 != "A" { print $3 }' | sed 's/@.*//' | sort -u >"$work/library"

if ! diff -u --label "CV_EXTERN functions of $header" --label "dynamic symbols of $lib" \
  "$work/header" "$work/library" >"$work/diff"; then
  echo "error: $lib does not export exactly $header's functions (- missing from the library, + exported beyond the header):" >&2
  grep -E '^[-+][^-+]' "$work/diff" >&2
  exit 1
fi
echo "   $(basename "$lib") exports exactly the $(wc -l <"$work/header") CV_EXTERN functions of $(basename "$header")"
