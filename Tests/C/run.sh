#!/usr/bin/env bash
# The C test suite, built against the INSTALLED library as a C project would build it:
#   1. installs Debian's cmocka (and the other frameworks' packages) when missing (.ci/packages.txt),
#   2. installs CValueKit for C into a prefix with Scripts/install-c.sh,
#   3. writes the catalog file with the installed `cvalue import` from the system headers and
#      Tests/CTestTypes/include/CTestTypes.h,
#   4. builds each suite with `cc ... $(pkg-config --cflags --libs cvalue)`, runs the passing suites, and
#      runs the failing ones checking their exact output against Tests/C/expected/ (Unity, which Debian does
#      not package, from Tests/C/vendor/unity).
#
#   Tests/C/run.sh [PREFIX]          # PREFIX defaults to a temporary directory
#
# Then the API suites and the threads test under valgrind (no memory error, no definite leak), again under
# AddressSanitizer with its leak check (the API suites, the failing cmocka suites, the zero-set-up ones
# included, the Unity suite, and the threads test: every message, report and handle the tests get is freed) and under
# ThreadSanitizer (8 threads sharing a registry and handles).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

# The frameworks, valgrind and pkg-config, from .ci/packages.txt (its release stage's own packages).
bash .ci/install-packages.sh --only release

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=${1:-$work/prefix}

bash Scripts/install-c.sh "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
tail -n 3 "$work/install.log"
echo "== the installed library's exports"
bash Scripts/check-c-exports.sh "$prefix/lib/libcvalue.so.1" "$prefix/include/cvalue.h"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export CVALUE_CATALOG="$work/types.catalog.json"

echo "== cvalue import (the installed tool) → $(basename "$CVALUE_CATALOG")"
"$prefix/bin/cvalue" import netinet/tcp.h netinet/in.h sys/epoll.h sys/timex.h \
  "$root/Tests/CTestTypes/include/CTestTypes.h" --output "$CVALUE_CATALOG"

sanitize=()

# Compiled from Tests/C with relative file names, so that the reports' file:line are stable.
cd "$root/Tests/C"
build() { # compiler and standard, source, then libraries: builds $work/<source without extension>
  local compiler=$1 standard=$2 source=$3
  shift 3
  $compiler "-std=$standard" -D_GNU_SOURCE -Wall -Wextra -Werror "${sanitize[@]}" -I. -I../CTestTypes/include \
    "$source" $(pkg-config --cflags --libs cvalue) "$@" -o "$work/${source%.*}"
}

# A suite whose every test passes.
passing() {
  echo "== $1 (passes)"
  "$work/$1"
}

# A suite with failing tests: its output is the expected text exactly (Criterion's timings aside), and its
# exit status the one given.
failing() { # binary, expected status, arguments...
  local name=$1 expected_status=$2
  shift 2
  echo "== $name (fails on purpose; its exact output is checked)"
  local status=0
  "$work/$name" "$@" >"$work/$name.raw" 2>&1 || status=$?
  # LeakSanitizer's own tracer can crash while it stops the world ("Tracer caught signal 11: addr=0x130"): in
  # this script's full run, not when the ASan part runs alone nor in 30 runs by hand. That is the tool
  # failing, not a leak: the suite runs once more, and if the tracer fails again, once without the leak
  # check, saying so (its memory errors are still checked). A leak it reports fails as any other output.
  local attempt
  for attempt in again without-leak-check; do
    grep -q "LeakSanitizer has encountered a fatal error" "$work/$name.raw" || break
    echo "   LeakSanitizer's tracer failed (not a finding); running $name $attempt"
    status=0
    if [ "$attempt" = again ]; then
      "$work/$name" "$@" >"$work/$name.raw" 2>&1 || status=$?
    else
      ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 "$work/$name" "$@" >"$work/$name.raw" 2>&1 || status=$?
    fi
  done
  sed -E 's/: \([0-9.]+s\)$/: (TIME)/' "$work/$name.raw" >"$work/$name.out"
  if ! diff -u "expected/$name.txt" "$work/$name.out"; then
    echo "error: $name's output differs from Tests/C/expected/$name.txt (above)" >&2
    exit 1
  fi
  if [ "$status" -ne "$expected_status" ]; then
    echo "error: $name exited with $status, expected $expected_status" >&2
    exit 1
  fi
  echo "   exit status $status, output as expected"
}

build cc c99 api_test.c -lcmocka -lm
passing api_test
build cc c99 abi_test.c -lcmocka
passing abi_test
build cc c99 thread_test.c -pthread
passing thread_test
build cc c99 cmocka_failing.c -lcmocka -lm
failing cmocka_failing 7
build cc c99 snapshot_cmocka.c -lcmocka -lm
failing snapshot_cmocka 3
build cc c99 snapshot_criterion.c -lcriterion -lm
failing snapshot_criterion 1 --jobs 1
build cc c99 criterion_suite.c -lcriterion -lm
failing criterion_suite 1 --jobs 1
build cc c99 check_suite.c $(pkg-config --libs check)
failing check_suite 2
build c++ c++17 gtest_suite.cpp -lgtest -pthread
failing gtest_suite 1 --gtest_print_time=0

# Zero set-up: the suites name only their types, read from their own debug info (-g); no catalog.
unset CVALUE_CATALOG
build cc c99 program_cmocka.c -g -lcmocka -lm
failing program_cmocka 3
# Types declared inside the test functions (gcc lists the functions of one unit last to first).
build cc c99 program_local.c -g -lcmocka -lm
failing program_local 4
# An executable without debug info (no -g): its type comes from a loaded shared library's (built with -g).
cc -std=c99 -Wall -Wextra -Werror -g -shared -fPIC library_types.c -o "$work/liblibrary_types.so"
build cc c99 program_library.c -L"$work" -llibrary_types -Wl,-rpath,"$work" -lcmocka -lm
failing program_library 1
# Split DWARF in the test itself (gcc and clang, DWARF 4 and 5): the .dwo files packaged into program_split.dwp
# beside the executable with llvm-dwp and removed; the package is found beside the executable's real path,
# not beside /proc/self/exe.
for compiler in gcc clang; do
  for version in 4 5; do
    split="$work/split-$compiler-$version"
    mkdir -p "$split"
    cp program_split.c "$split/"
    (cd "$split" && $compiler -std=c99 -Wall -Wextra -Werror -g "-gdwarf-$version" -gsplit-dwarf program_split.c \
      $(pkg-config --cflags --libs cvalue) -o program_split &&
      /usr/lib/llvm-14/bin/llvm-dwp -e program_split -o program_split.dwp && rm -f -- *.dwo)
    echo "== program_split ($compiler, DWARF $version, its .dwo files packaged into program_split.dwp)"
    "$split/program_split"
  done
done
build cc c99 program_check.c -g $(pkg-config --libs check)
failing program_check 2
build cc c99 program_criterion.c -g -lcriterion -lm
failing program_criterion 1 --jobs 1
build c++ c++17 program_gtest.cpp -g -lgtest -pthread
failing program_gtest 1 --gtest_print_time=0
# Catch2 (v2, header-only) and doctest: C++ types by their C++ names, base classes, templates, options.
build c++ c++17 program_catch2.cpp -g
failing program_catch2 7
build c++ c++17 program_doctest.cpp -g
failing program_doctest 1
# Unity (v2.6.1, vendored in vendor/unity: Debian has no package), its tests run by hand as Ceedling's
# generated runner runs them; each failure through UnityFail at its assertion's line. gcc and clang, the
# same output.
for compiler in cc clang; do
  echo "== program_unity built by $compiler"
  build $compiler c99 program_unity.c vendor/unity/unity.c -Ivendor/unity -g -lm
  failing program_unity 10
done
# The firmware's Unity suite (TargetFirmwareTests builds it for a Cortex-M with -DCV_UNITY_TARGET, where the
# host decides from the log) run here, where each TEST_ASSERT_EQUAL_CV decides at once: one source, both ways.
build cc c99 unity_target_host.c vendor/unity/unity.c -Ivendor/unity -g -lm \
  -fmacro-prefix-map=../CValueTargetLogTests/Fixtures/target/=
failing unity_target_host 2
# Zero-set-up snapshots, of one value and of arrays: recorded when asked, matched, five failures on purpose,
# then what the run left in __snapshots__ (Check and Criterion in their forked test processes).
build cc c99 snapshot_program_cmocka.c -g -lcmocka -lm
failing snapshot_program_cmocka 5
build cc c99 snapshot_program_check.c -g $(pkg-config --libs check)
failing snapshot_program_check 5
build cc c99 snapshot_program_criterion.c -g -lcriterion -lm
failing snapshot_program_criterion 1 --jobs 1
build c++ c++17 snapshot_program_gtest.cpp -g -lgtest -pthread
failing snapshot_program_gtest 1 --gtest_print_time=0
echo "== a zero-set-up snapshot of a value of another type does not compile (gcc and clang, C11)"
for compiler in cc clang; do
  printf '%s\n' '#include <setjmp.h>' '#include <stdarg.h>' '#include <stddef.h>' '#include <stdint.h>' \
    '#include <cmocka.h>' '#include "program_types.h"' '#include <cvalue_cmocka.h>' \
    'void t(void) { point_t p = {0, 0}; assert_cv_snapshot(struct shape, p, "p"); }' >"$work/wrong_snapshot.c"
  if $compiler -std=c11 -I. -c "$work/wrong_snapshot.c" $(pkg-config --cflags cvalue) -o "$work/wrong_snapshot.o" \
    2>"$work/wrong_snapshot.txt"; then
    echo "error: $compiler compiled assert_cv_snapshot(struct shape, p, \"p\") with p a point_t" >&2
    exit 1
  fi
  grep -q 'cvalue: p must be struct shape' "$work/wrong_snapshot.txt" || {
    cat "$work/wrong_snapshot.txt" >&2
    echo "error: $compiler did not say why assert_cv_snapshot(struct shape, p, \"p\") does not compile" >&2
    exit 1
  }
done
echo "   refused by both, naming the value and the type"
echo "== a zero-set-up assertion on values of another type does not compile (gcc and clang, C11)"
for compiler in cc clang; do
  printf '%s\n' '#include <setjmp.h>' '#include <stdarg.h>' '#include <stddef.h>' '#include <stdint.h>' \
    '#include <cmocka.h>' '#include "program_types.h"' '#include <cvalue_cmocka.h>' \
    'void t(void) { point_t p = {0, 0}; struct shape s = {0}; assert_cv_eq(struct shape, s, p); }' \
    >"$work/wrong_type.c"
  if $compiler -std=c11 -I. -c "$work/wrong_type.c" $(pkg-config --cflags cvalue) -o "$work/wrong_type.o" \
    2>"$work/wrong_type.txt"; then
    echo "error: $compiler compiled assert_cv_eq(struct shape, s, p) with p a point_t" >&2
    exit 1
  fi
  grep -q 'cvalue: s and p must both be struct shape' "$work/wrong_type.txt" || {
    cat "$work/wrong_type.txt" >&2
    echo "error: $compiler did not say why assert_cv_eq(struct shape, s, p) does not compile" >&2
    exit 1
  }
done
echo "   refused by both, naming the values and the type"
build cc c99 program_threads.c -g -pthread
passing program_threads
# A catalog imported without -fshort-enums, a program built with it: same sizeof, other bytes, caught by
# cv_type_resolve (which checks a catalog's type against the program's debug info) and by
# cv_catalog_check_program; built without it, the same catalog checks out.
"$prefix/bin/cvalue" import "$root/Tests/C/short_enums.h" --output "$work/short.catalog.json"
build cc c99 short_enums.c -g -fshort-enums -lcmocka
failing short_enums 2 "$work/short.catalog.json"
build cc c99 short_enums.c -g -lcmocka
echo "== short_enums without -fshort-enums (passes)"
"$work/short_enums" "$work/short.catalog.json"
export CVALUE_CATALOG="$work/types.catalog.json"

echo "== the README's C example, built with the README's commands as a newcomer would"
# The README's cmocka test (its first C block) with a shape.h/shape.c like the one it describes
# (Tests/C/readme), built by the last two commands of its shell block; the failure it prints must be the
# lines the README shows.
mkdir -p "$work/readme"
cp readme/shape.h readme/shape.c "$work/readme/"
python3 - "$root/README.md" "$work/readme" <<'PY'
import re, sys
readme = open(sys.argv[1], encoding="utf-8").read()
section = readme[readme.index("## Tests in C"):]
commands = re.search(r"```sh\n(.*?)```", section, re.S).group(1).strip().splitlines()
test = re.search(r"```c\n(.*?)```", section, re.S).group(1)
shown = re.search(r"```\n(\[ RUN .*?)```", section, re.S).group(1)
open(sys.argv[2] + "/test_shape.c", "w").write(test)
open(sys.argv[2] + "/commands.sh", "w").write("\n".join(line.split("  #")[0] for line in commands[-2:]) + "\n")
open(sys.argv[2] + "/shown.txt", "w").write(shown)
PY
status=0
(cd "$work/readme" && PATH="$prefix/bin:$PATH" bash -e commands.sh) >"$work/readme/build.txt" 2>&1 || status=$?
# Again line-buffered, so that cmocka's stdout and stderr interleave as on a terminal.
(cd "$work/readme" && stdbuf -oL -eL ./test_shape) >"$work/readme/out.txt" 2>&1 || true
if [ "$status" -eq 0 ] || ! python3 - "$work/readme/shown.txt" "$work/readme/out.txt" <<'PY'
import sys
shown = open(sys.argv[1]).read().splitlines()
out = open(sys.argv[2]).read().splitlines()
sys.exit(0 if any(out[i:i + len(shown)] == shown for i in range(len(out) - len(shown) + 1)) else 1)
PY
then
  echo "error: the README's C example (status $status) did not print the failure the README shows:" >&2
  cat "$work/readme/build.txt" "$work/readme/out.txt" >&2
  exit 1
fi
echo "   it fails as the README shows"

echo "== under valgrind (the API suites and the threads test): no memory error, no definite leak"
# Built as above, without sanitizers; the tests run in-process and free every handle, message and report they
# get, so everything the library allocates for them is checked. valgrind.supp names what is reported in
# glibc's loader and in libclang. About 25 s. (A process that exits holding handles, as a failed Check test's
# child or the zero-set-up suites' process-wide types do, shows "definitely lost" blocks that are reachable:
# valgrind does not see the pointers Swift keeps with tag bits in enum payloads.)
for suite in api_test abi_test thread_test; do
  if ! valgrind -q --suppressions=valgrind.supp --error-exitcode=99 --leak-check=full --show-possibly-lost=no \
    --errors-for-leak-kinds=definite "$work/$suite" >"$work/$suite.valgrind" 2>&1; then
    cat "$work/$suite.valgrind"
    echo "error: valgrind found memory errors or definite leaks in $suite (above)" >&2
    exit 1
  fi
  echo "   $suite: $(tail -n 1 "$work/$suite.valgrind")"
done

echo "== under AddressSanitizer, with its leak check"
sanitize=(-fsanitize=address,undefined -fno-omit-frame-pointer)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=halt_on_error=1
build cc c99 api_test.c -lcmocka -lm
passing api_test | tail -n 1
build cc c99 abi_test.c -lcmocka
passing abi_test | tail -n 1
build cc c99 thread_test.c -pthread
passing thread_test
build cc c99 cmocka_failing.c -lcmocka -lm
failing cmocka_failing 7
# Zero set-up (assertions and snapshots), with the leak check too: the types read from the debug info stay
# cached for the process (still reachable), and every message and handle the suites get is freed.
build cc c99 program_cmocka.c -g -lcmocka -lm
failing program_cmocka 3
build cc c99 snapshot_program_cmocka.c -g -lcmocka -lm
failing snapshot_program_cmocka 5
build cc c99 program_local.c -g -lcmocka -lm
failing program_local 4
# Unity's failures jump out of the test (longjmp) after the report is freed.
build cc c99 program_unity.c vendor/unity/unity.c -Ivendor/unity -g -lm
failing program_unity 10

echo "== under ThreadSanitizer"
sanitize=(-fsanitize=thread)
export TSAN_OPTIONS="halt_on_error=1 suppressions=$root/Tests/C/tsan.supp"
build cc c99 thread_test.c -pthread
passing thread_test
build cc c99 program_threads.c -g -pthread
passing program_threads

echo "== the C suite passed"
