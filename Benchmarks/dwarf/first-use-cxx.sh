#!/usr/bin/env bash
# The cost of the first zero-set-up use of C++ types in a process (a record holding std::string and
# std::vector, a template instance, a derived class) and of a miss: cv_program_type timed in a g++ program,
# with no kept index, with the index kept, and with the index and the reads kept. Medians of five processes.
#
#   Benchmarks/dwarf/first-use-cxx.sh PREFIX
#
# PREFIX: an installed cvalue (`bash Scripts/install-c.sh PREFIX`).
set -euo pipefail
prefix=$(cd "${1:?usage: first-use-cxx.sh PREFIX}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig" LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

cat >"$work/first.cpp" <<'CPP'
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "cvalue.h"

namespace geo {
struct point { double x, y; };
struct labelled { int id; std::string name; std::vector<int> items; };
}  // namespace geo
template <typename T> struct box { T value; int tag; };
struct base { int a; };
struct derived : base { double b; };

geo::labelled l{1, "probe", {1, 2, 3}};
box<geo::point> b{};
derived d{};

static double now() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

static double timed(const char *name, size_t size, bool ok) {
  cv_type *type = nullptr;
  char *message = nullptr;
  double start = now();
  cv_status status = cv_program_type(name, size, &type, &message);
  double elapsed = (now() - start) * 1000;
  if ((status == CV_OK) != ok) {
    std::fprintf(stderr, "%s: status %d: %s\n", name, int(status), message ? message : "");
    std::exit(1);
  }
  cv_type_free(type);
  cv_free(message);
  return elapsed;
}

int main() {
  double labelled = timed("geo::labelled", sizeof l, true);
  double templated = timed("box<geo::point>", sizeof b, true);
  double inherited = timed("derived", sizeof d, true);
  double miss = timed("geo::nowhere", 8, false);
  std::printf("%.3f %.3f %.3f %.3f\n", labelled, templated, inherited, miss);
  return l.id + b.tag + d.a == 1 ? 0 : 1;
}
CPP
# shellcheck disable=SC2046
g++ -std=c++17 -g -O1 "$work/first.cpp" $(pkg-config --cflags --libs cvalue) -o "$work/first"
echo "test binary: $(du -h "$work/first" | cut -f1), g++ $(g++ -dumpversion)" >&2

median() { # the median of five runs, column by column; before each run, `$1` (a command) prepares the cache
  local runs
  runs=$(for _ in 1 2 3 4 5; do eval "$1"; "$work/first"; done)
  for column in 1 2 3 4; do echo "$runs" | awk -v c="$column" '{ print $c }' | sort -g | sed -n 3p; done | tr '\n' ' '
}
export CVALUEKIT_CACHE_DIR="$work/cache"
read -r n_lab n_tpl n_inh n_miss <<<"$(CVALUEKIT_CACHE_DIR="" median true)"
"$work/first" >/dev/null  # keeps the index and the reads
read -r i_lab i_tpl i_inh i_miss <<<"$(median 'rm -f "$work"/cache/*.read')"
"$work/first" >/dev/null
read -r r_lab r_tpl r_inh r_miss <<<"$(median true)"
echo "cv_program_type, first use in a process, milliseconds (median of 5 processes):"
echo
echo "| type | no kept index | index kept | index and reads kept |"
echo "|---|---|---|---|"
echo "| \`geo::labelled\` (std::string, std::vector<int>) | $n_lab | $i_lab | $r_lab |"
echo "| \`box<geo::point>\` | $n_tpl | $i_tpl | $r_tpl |"
echo "| \`derived\` (a base class) | $n_inh | $i_inh | $r_inh |"
echo "| \`geo::nowhere\` (a miss) | $n_miss | $i_miss | $r_miss |"
