#!/usr/bin/env bash
# Builds the seeds of the debug-info fuzz target: Fuzz/make-debug-info-seeds.sh DIRECTORY
#
# Small ELF objects with DWARF, compiled here rather than committed: clang at DWARF 4 and 5, gcc (when
# present) at DWARF 2 and 4 (member offsets as location expressions, bitfields as DW_AT_bit_offset),
# an aarch64 object, and a shared library. Each holds a few records of the kinds the reader handles.
set -euo pipefail
out=${1:?usage: Fuzz/make-debug-info-seeds.sh DIRECTORY}
mkdir -p "$out"
source=$(mktemp --suffix=.c)
trap 'rm -f "$source"' EXIT
cat >"$source" <<'C'
enum color { red, green = 7 };
struct bits { unsigned a : 3; unsigned b : 13; signed c : 7; unsigned char d; };
struct __attribute__((packed)) packed { char c; int i; short s; };
struct __attribute__((aligned(16))) aligned { int x; };
typedef struct { double d; enum color c; union { int i; float f; } u; struct { char n[3][2]; } inner; } named_t;
struct flexible { int count; struct flexible *next; void (*callback)(int); long values[]; };
struct everything { struct bits b; struct packed p; struct aligned a; named_t n; _Bool flag; _Complex double z; };
struct everything everything_value;
struct flexible *flexible_value;
C
clang -g -gdwarf-4 -fno-eliminate-unused-debug-types -c "$source" -o "$out/clang-dwarf4.o"
clang -g -gdwarf-5 -c "$source" -o "$out/clang-dwarf5.o"
clang -g -gdwarf-5 --target=aarch64-linux-gnu -c "$source" -o "$out/clang-aarch64.o"
clang -g -shared -fPIC "$source" -o "$out/clang-shared.so"
if command -v gcc >/dev/null; then
  gcc -g -gdwarf-2 -c "$source" -o "$out/gcc-dwarf2.o"
  gcc -g -gdwarf-4 -c "$source" -o "$out/gcc-dwarf4.o"
fi
