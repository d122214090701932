#!/usr/bin/env bash
# The C test suite, built against the INSTALLED library as a C project would build it:
#   1. installs Debian's cmocka (and the other frameworks' packages) when missing,
#   2. installs CValueKit for C into a prefix with Scripts/install-c.sh,
#   3. writes the catalog file with the installed `cvalue import` from the system headers and
#      Tests/CTestTypes/include/CTestTypes.h,
#   4. builds each suite with `cc ... $(pkg-config --cflags --libs cvalue)`, runs the passing suites, and
#      runs the failing ones checking their exact output against Tests/C/expected/.
#
#   Tests/C/run.sh [PREFIX]          # PREFIX defaults to a temporary directory
#   CVALUE_C_SANITIZE=address Tests/C/run.sh   # the C code under ASan with leak check (or thread: TSan)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
[ -f /usr/include/cmocka.h ] || missing+=(libcmocka-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq "${missing[@]}"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=${1:-$work/prefix}

bash Scripts/install-c.sh "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
tail -n 3 "$work/install.log"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export CVALUE_CATALOG="$work/types.catalog.json"

echo "== cvalue import (the installed tool) → $(basename "$CVALUE_CATALOG")"
"$prefix/bin/cvalue" import netinet/tcp.h netinet/in.h sys/epoll.h sys/timex.h \
  "$root/Tests/CTestTypes/include/CTestTypes.h" --output "$CVALUE_CATALOG"

sanitize=()
case "${CVALUE_C_SANITIZE:-}" in
  "") ;;
  address) sanitize=(-fsanitize=address,undefined -fno-omit-frame-pointer) ;;
  thread) sanitize=(-fsanitize=thread) ;;
  *) echo "CVALUE_C_SANITIZE is address or thread" >&2; exit 2 ;;
esac

# Compiled from Tests/C with relative file names, so that the reports' file:line are stable.
cd "$root/Tests/C"
build() { # output, sources..., then -- and libraries
  local output=$1; shift
  local sources=() ; while [ "$1" != "--" ]; do sources+=("$1"); shift; done; shift
  cc -std=c99 -D_GNU_SOURCE -Wall -Wextra -Werror "${sanitize[@]}" -I. -I../CTestTypes/include "${sources[@]}" \
    $(pkg-config --cflags --libs cvalue) "$@" -o "$work/$output"
}

# A suite whose every test passes.
passing() {
  echo "== $1 (passes)"
  "$work/$1"
}

# A suite whose every test fails: its output is the expected text exactly, and its status the failure count.
failing() { # binary, expected status
  echo "== $1 (fails on purpose; its exact output is checked)"
  local status=0
  "$work/$1" >"$work/$1.out" 2>&1 || status=$?
  if ! diff -u "expected/$1.txt" "$work/$1.out"; then
    echo "error: $1's output differs from Tests/C/expected/$1.txt (above)" >&2
    exit 1
  fi
  if [ "$status" -ne "$2" ]; then
    echo "error: $1 exited with $status, expected $2" >&2
    exit 1
  fi
  echo "   $2 failures, output as expected"
}

build api_test api_test.c -- -lcmocka -lm
passing api_test
build cmocka_failing cmocka_failing.c -- -lcmocka -lm
failing cmocka_failing 7

echo "== the C suite passed"
