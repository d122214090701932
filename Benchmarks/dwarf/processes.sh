#!/usr/bin/env bash
# A test suite run one test per process, as `gtest_discover_tests` and CTest run it, and one forked by Check:
# each test asserts on three types of a large test binary with the zero-set-up assertions (EXPECT_CV_EQ,
# ck_assert_cv_eq), against the same suite comparing with memcmp. Prints the total wall time of each.
#
#   Benchmarks/dwarf/processes.sh PREFIX [TESTS [UNITS]]
#
# PREFIX: an installed cvalue (`bash Scripts/install-c.sh PREFIX`). TESTS: the GoogleTest suite's tests, one
# process each (default 1000); the Check suite has a fifth of them. UNITS: the test binary's compile units,
# from make-binary.py (default 400: about 60 MB of DWARF). Needs libgtest-dev and check.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=$(cd "${1:?usage: processes.sh PREFIX [TESTS [UNITS]]}" && pwd)
tests=${2:-1000}
units=${3:-400}
checks=$((tests / 5))
last=$((units - 1))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig" LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

echo "== a test binary of $units units, $tests GoogleTest tests, $checks Check tests" >&2
python3 "$here/make-binary.py" "$units" "$work/program" >&2
sed -i 's/^int main(void)/int program_main(void)/' "$work/program/main.c"
make -s -C "$work/program" -j"$(nproc)" main.o $(cd "$work/program" && ls unit_*.c | sed 's/\.c$/.o/') >&2
objects=$(ls "$work"/program/*.o)
types="#include \"common.h\"
struct unit_0_1 { int64_t id; struct common_1 c; uint8_t tail[2]; };
struct unit_${last}_1 { int64_t id; struct common_1 c; uint8_t tail[2]; };"

{
  echo "#include <gtest/gtest.h>"
  echo "#include <string.h>"
  printf '#ifndef USE_MEMCMP\n#include "cvalue_gtest.h"\n#endif\n'
  echo "$types"
  for i in $(seq 0 $((tests - 1))); do
    cat <<TEST
TEST(Suite, t$i) {
  struct unit_0_1 a = {}, b = {};
  struct unit_${last}_1 c = {}, d = {};
  common_7_t e = {}, f = {};
  a.id = b.id = $i; c.c.a = d.c.a = $i; e.b = f.b = $i;
#ifdef USE_MEMCMP
  EXPECT_EQ(0, memcmp(&a, &b, sizeof a)); EXPECT_EQ(0, memcmp(&c, &d, sizeof c)); EXPECT_EQ(0, memcmp(&e, &f, sizeof e));
#else
  EXPECT_CV_EQ(a, b); EXPECT_CV_EQ(c, d); EXPECT_CV_EQ(e, f);
#endif
}
TEST
  done
} >"$work/suite.cpp"
{
  echo "#include <check.h>"
  echo "#include <string.h>"
  printf '#ifndef USE_MEMCMP\n#include "cvalue_check.h"\n#endif\n'
  echo "$types"
  for i in $(seq 0 $((checks - 1))); do
    cat <<TEST
START_TEST(t$i) {
  struct unit_0_1 a = {0}, b = {0};
  struct unit_${last}_1 c = {0}, d = {0};
  common_7_t e = {0}, f = {0};
  a.id = b.id = $i; c.c.a = d.c.a = $i; e.b = f.b = $i;
#ifdef USE_MEMCMP
  ck_assert(memcmp(&a, &b, sizeof a) == 0); ck_assert(memcmp(&c, &d, sizeof c) == 0); ck_assert(memcmp(&e, &f, sizeof e) == 0);
#else
  ck_assert_cv_eq(struct unit_0_1, a, b); ck_assert_cv_eq(struct unit_${last}_1, c, d); ck_assert_cv_eq(common_7_t, e, f);
#endif
}
END_TEST
TEST
  done
  echo "int main(void) { Suite *s = suite_create(\"s\"); TCase *t = tcase_create(\"t\");"
  for i in $(seq 0 $((checks - 1))); do echo "  tcase_add_test(t, t$i);"; done
  echo "  suite_add_tcase(s, t); SRunner *r = srunner_create(s); srunner_set_fork_status(r, CK_FORK);"
  echo "  srunner_run_all(r, CK_SILENT); int failed = srunner_ntests_failed(r); srunner_free(r); return failed != 0; }"
} >"$work/check.c"

cflags="-g -I$work/program $(pkg-config --cflags cvalue)"
libs="$(pkg-config --libs cvalue)"
# shellcheck disable=SC2086
{
  g++ $cflags -O1 -c "$work/suite.cpp" -o "$work/suite.o"
  g++ $cflags -O1 -DUSE_MEMCMP -c "$work/suite.cpp" -o "$work/suite_memcmp.o"
  g++ -o "$work/suite" "$work/suite.o" $objects $libs -lgtest -lgtest_main -pthread
  g++ -o "$work/suite_memcmp" "$work/suite_memcmp.o" $objects -lgtest -lgtest_main -pthread
  gcc $cflags -O1 "$work/check.c" $objects $libs $(pkg-config --cflags --libs check) -o "$work/check"
  gcc $cflags -O1 -DUSE_MEMCMP "$work/check.c" $objects $(pkg-config --cflags --libs check) -o "$work/check_memcmp"
  gcc $cflags -O1 "$here/first-use.c" $objects $libs -o "$work/first-use"
} >&2
echo "test binary: $(du -h "$work/suite" | cut -f1)" >&2

one_per_process() { # binary [count]
  local start end
  start=$(date +%s.%N)
  for i in $(seq 0 $((${2:-$tests} - 1))); do "$1" --gtest_filter="Suite.t$i" >/dev/null || { echo "Suite.t$i failed" >&2; exit 1; }; done
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
forked() { # binary
  local start end
  start=$(date +%s.%N)
  "$1" || { echo "$1 failed" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

export CVALUEKIT_CACHE_DIR="$work/cache"
memcmp=$(one_per_process "$work/suite_memcmp")
# Without a kept index every process builds it: ten of them, for the time per process.
cold=$(echo "scale=3; $(CVALUEKIT_CACHE_DIR="" one_per_process "$work/suite" 10) / 10" | bc)
"$work/suite" --gtest_filter=Suite.t0 >/dev/null  # builds the kept index and reads
"$work/check" >/dev/null  # the Check suite's, another binary
indexed=$(one_per_process "$work/suite")
check_memcmp=$(forked "$work/check_memcmp")
check_indexed=$(forked "$work/check")
first_use() { # the median of five runs of first-use, column by column
  local runs
  runs=$(for _ in 1 2 3 4 5; do "$work/first-use" "$last"; done)
  for column in 1 2 3 4 5 6; do echo "$runs" | awk -v c="$column" '{ print $c }' | sort -g | sed -n 3p; done | tr '\n' ' '
}
read -r f_first f_second f_again f_miss f_miss_again f_other <<<"$(first_use)"
read -r c_first c_second c_again c_miss c_miss_again c_other <<<"$(CVALUEKIT_CACHE_DIR="" first_use)"
ratio() { echo "scale=2; $1 / $2" | bc; }
echo "| suite | memcmp | cvalue, index and reads kept | ratio |"
echo "|---|---|---|---|"
echo "| $tests GoogleTest processes | ${memcmp} s | ${indexed} s | $(ratio "$indexed" "$memcmp")× |"
echo "| $checks forked Check tests | ${check_memcmp} s | ${check_indexed} s | $(ratio "$check_indexed" "$check_memcmp")× |"
echo
echo "Without a kept index (CVALUEKIT_CACHE_DIR=\"\"), each process builds it: ${cold} s per GoogleTest process."
echo
echo "cv_program_type in one process, milliseconds (median of 5 processes):"
echo
echo "| | index and reads kept | no kept index |"
echo "|---|---|---|"
echo "| first type (struct unit_0_1, first unit) | $f_first | $c_first |"
echo "| second type (last unit) | $f_second | $c_second |"
echo "| the first type again | $f_again | $c_again |"
echo "| a type nowhere (a miss) | $f_miss | $c_miss |"
echo "| the same miss again | $f_miss_again | $c_miss_again |"
echo "| another miss | $f_other | $c_other |"
