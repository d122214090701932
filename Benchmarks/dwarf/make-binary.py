#!/usr/bin/env python3
"""Writes a C program of many compile units, as large C and C++ programs are: every unit includes one header of
SHARED records (and their typedefs), and defines OWN records of its own that hold them; built with
`-g -fno-eliminate-unused-debug-types`, every unit repeats the header's types in its DWARF. About 150 KB of
.debug_info per unit with the defaults: 3,300 units make about 500 MB.

  Benchmarks/dwarf/make-binary.py UNITS DIRECTORY [SHARED [OWN]]   # then: make -C DIRECTORY -j"$(nproc)"

The types to ask for: `struct unit_0_1` (in the first unit), `struct unit_<UNITS-1>_1` (in the last),
`struct common_7` (in every unit), `common_7_t` (a typedef in every unit).
"""
import os
import sys

if len(sys.argv) < 3:
    sys.exit(__doc__)
units, out = int(sys.argv[1]), sys.argv[2]
shared = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
own = int(sys.argv[4]) if len(sys.argv) > 4 else 50
os.makedirs(out, exist_ok=True)
with open(f"{out}/common.h", "w") as h:
    h.write("#include <stdint.h>\n")
    for i in range(shared):
        prev = f"struct common_{i - 1} *prev;" if i else "void *prev;"
        h.write(f"struct common_{i} {{ int32_t a; double b; char name[16]; {prev} unsigned flags:3, mode:5; "
                "union { float f; uint32_t u; } v; };\n")
        h.write(f"typedef struct common_{i} common_{i}_t;\n")
for u in range(units):
    with open(f"{out}/unit_{u}.c", "w") as c:
        c.write('#include "common.h"\n')
        for k in range(own):
            c.write(f"struct unit_{u}_{k} {{ int64_t id; struct common_{k % shared} c; uint8_t tail[{k % 7 + 1}]; }};\n")
        c.write(f"int use_{u}(void) {{\n  int n = 0;\n")
        for k in range(own):
            c.write(f"  {{ struct unit_{u}_{k} x = {{0}}; n += (int)sizeof x + x.c.a; }}\n")
        c.write("  return n;\n}\n")
with open(f"{out}/main.c", "w") as c:
    for u in range(units):
        c.write(f"int use_{u}(void);\n")
    c.write("int main(void) {\n  int n = 0;\n")
    for u in range(units):
        c.write(f"  n += use_{u}();\n")
    c.write("  return n & 1;\n}\n")
with open(f"{out}/Makefile", "w") as m:
    objects = " ".join(f"unit_{u}.o" for u in range(units))
    m.write(f"CFLAGS = -g -O0 -fno-eliminate-unused-debug-types $(EXTRA)\nprog: main.o {objects}\n\t$(CC) -o $@ $^\n")
