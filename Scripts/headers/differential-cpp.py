#!/usr/bin/env python3
"""Differential fuzzing of the debug-info import of C++ records against the compiler: random class
hierarchies (single and multiple bases, empty bases, polymorphic classes with a vptr, classes that are not
PODs and whose tail padding a derived class reuses, private members, static members, arrays, bitfields)
are compiled by g++ and clang++ into a program that prints, for every class, its `sizeof` and the offset of
every leaf as CValueKit names it (a base class is the field named after it: `.c1.c0.m2`), computed by the
compiler through `static_cast` to each base. The same program's DWARF is read back with
`cvalue layout --binary PROGRAM TYPE --json`, and each class's size and every leaf's offset must equal the
compiler's, with no leaf more or fewer (the vptr, named differently by each compiler, is left out).

Usage: Scripts/headers/differential-cpp.py [--seconds N] [--seed S] [--cvalue PATH] [--compilers g++,clang++]

Runs batches until N seconds have passed (default 30), then prints `differential (COMPILER): R records,
F fields checked, M mismatches` for each compiler; exits 1 on a mismatch, printing the class and both sides,
and keeps the failing source under /tmp so that it can be replayed with --seed.
"""
import argparse
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

SCALARS = {"char": 1, "short": 2, "int": 4, "long long": 8, "float": 4, "double": 8, "unsigned char": 1}
BITFIELD_TYPES = {"unsigned": 32, "unsigned short": 16, "unsigned char": 8}


class Hierarchy:
    """Random classes, each deriving from earlier ones whose ancestors it does not already have, so that every
    base appears once and each `static_cast` is unambiguous."""

    def __init__(self, rng, count):
        self.rng = rng
        self.classes = []  # (name, text, leaves: [(path, expression suffix)], ancestors)
        for index in range(count):
            self.add(f"c{index}")

    def add(self, name):
        rng = self.rng
        bases, ancestors = [], set()
        for candidate in rng.sample(self.classes, min(len(self.classes), rng.randint(0, 2))):
            other, _, _, its = candidate
            if other in ancestors or its & ancestors or other in its:
                continue
            bases.append(candidate)
            ancestors |= {other} | its
        members, leaves, statics = [], [], []
        for number in range(rng.choice([0, 0, 1, 2, 3, 4])):
            member = f"{name}_m{number}"
            roll = rng.random()
            if roll < 0.15:
                kind = rng.choice(list(BITFIELD_TYPES))
                members.append(f"{kind} {member} : {rng.randint(1, BITFIELD_TYPES[kind])};")
                leaves.append((f".{member}", True))
            elif roll < 0.3:
                count = rng.choice([1, 2, 3, 7, 200])
                members.append(f"{rng.choice(list(SCALARS))} {member}[{count}];")
                leaves += [(f".{member}[{i}]", False) for i in range(count)]
            else:
                members.append(f"{rng.choice(list(SCALARS))} {member};")
                leaves.append((f".{member}", False))
        if rng.random() < 0.1:
            statics.append(f"static int {name}_count;")
        polymorphic = rng.random() < 0.15
        private = rng.random() < 0.25  # not a POD: a derived class may use its tail padding
        lines = [f"struct {name}" + (" : " + ", ".join(base for base, _, _, _ in bases) if bases else "") + " {"]
        lines.append("  friend int main();")
        if polymorphic:
            lines.append(f"  virtual ~{name}() {{}}")
        if private and members:
            lines.append(f"  {name}() {{}}")
            lines.append(" private:")
        lines += [f"  {member}" for member in members + statics]
        lines.append("};")
        if statics:
            lines.append(f"int {name}::{name}_count = 0;")
        inherited = [(f".{base}{path}", bit) for base, _, base_leaves, _ in bases for path, bit in base_leaves]
        self.classes.append((name, "\n".join(lines), inherited + leaves, ancestors))

    def program(self):
        lines = ["#include <cstdio>", "#pragma GCC diagnostic ignored \"-Winvalid-offsetof\""]
        lines += [text for _, text, _, _ in self.classes]
        lines.append("template <typename T> static long at(const T &object, const void *leaf) {")
        lines.append("  return (long)((const char *)leaf - (const char *)&object); }")
        lines.append("int main() {")
        for name, _, leaves, _ in self.classes:
            lines.append(f"  {{ static {name} object; std::printf(\"{name} size %zu\\n\", sizeof object);")
            for path, is_bitfield in leaves:
                if is_bitfield:
                    lines.append(f"    std::printf(\"{name} {path} bitfield\\n\");")
                else:
                    lines.append(f"    std::printf(\"{name} {path} %ld\\n\", at(object, &{self.reach(path)}));")
            lines.append("  }")
        lines.append("  return 0;\n}")
        return "\n".join(lines) + "\n"

    def reach(self, path):
        """The leaf as an expression: static_cast through each base the path names (class names), then the
        member and its indices."""
        names = {c[0] for c in self.classes}
        parts = path.split(".")[1:]
        expression = "object"
        while parts and parts[0] in names:
            expression = f"static_cast<const {parts.pop(0)} &>({expression})"
        return f"({expression})." + ".".join(parts)



def unfolded(fields):
    """cvalue's `fields` with each folded array (a field with `folded`: its path's indices, outermost first)
    listed element by element, as the compiler's leaves are: `.a[0].x` of `[{"count":2,"stride":8}]` is
    `.a[0].x` and `.a[1].x`, 8 bytes further."""
    for field in fields:
        folds = field.get("folded", [])
        if not folds:
            yield field
            continue
        for indices in itertools.product(*(range(fold["count"]) for fold in folds)):
            steps = iter(indices)
            bytes_further = sum(index * fold["stride"] for index, fold in zip(indices, folds))
            element = dict(field, path=re.sub(r"\[0\]", lambda _: f"[{next(steps)}]", field["path"]),
                           offset=field["offset"] + bytes_further)
            if "bitOffset" in field:
                element["bitOffset"] = field["bitOffset"] + bytes_further * 8
            yield element


def check(cvalue, binary, name, expected):
    run = subprocess.run([cvalue, "layout", "--binary", binary, name, "--json"], capture_output=True, text=True)
    if run.returncode != 0:
        return [f"cvalue exited {run.returncode}: {run.stderr.strip()}"], 0
    layout = json.loads(run.stdout)
    size, leaves = expected
    problems = []
    if layout["size"] != size:
        problems.append(f"size {layout['size']}, compiler {size}")
    seen = {}
    for field in unfolded(layout["fields"]):
        # A polymorphic class's vtable pointer (`<vptr>`, never compared): the oracle prints data members only;
        # CppRecordTests checks its offset against the compiler's.
        if field["path"].endswith(".<vptr>"):
            continue
        seen[field["path"]] = "bitfield" if "bitWidth" in field else field["offset"]
    for path in sorted(set(seen) | set(leaves)):
        if seen.get(path) != leaves.get(path):
            problems.append(f"{path}: cvalue {seen.get(path)}, compiler {leaves.get(path)}")
    return problems, len(leaves)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--cvalue", default=None, help="the cvalue binary (default: swift build's)")
    parser.add_argument("--compilers", default="g++,clang++")
    parser.add_argument("--classes", type=int, default=12, help="classes per program")
    args = parser.parse_args()
    compilers = args.compilers.split(",")
    cvalue = args.cvalue or subprocess.run(["swift", "build", "--show-bin-path"], check=True, capture_output=True,
                                           text=True).stdout.strip() + "/cvalue"
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    start = time.time()
    counts = {compiler: [0, 0] for compiler in compilers}
    batch = 0
    while time.time() - start < args.seconds:
        batch_seed = seed + batch
        hierarchy = Hierarchy(random.Random(batch_seed), args.classes)
        source_text = hierarchy.program()
        with tempfile.TemporaryDirectory() as workdir:
            source = os.path.join(workdir, "records.cpp")
            with open(source, "w") as f:
                f.write(source_text)
            for compiler in compilers:
                flags = random.Random(batch_seed).choice([["-gdwarf-4"], ["-gdwarf-5"], ["-gdwarf-5", "-O2"]])
                binary = os.path.join(workdir, f"records-{compiler}")
                subprocess.run([compiler, "-std=c++17", "-w", "-g", *flags, source, "-o", binary], check=True)
                expected = {}
                for line in subprocess.run([binary], check=True, capture_output=True, text=True).stdout.splitlines():
                    name, key, value = line.split(" ")
                    entry = expected.setdefault(name, [0, {}])
                    if key == "size":
                        entry[0] = int(value)
                    else:
                        entry[1][key] = value if value == "bitfield" else int(value)
                for name, (size, leaves) in expected.items():
                    problems, fields = check(cvalue, binary, name, (size, leaves))
                    counts[compiler][0] += 1
                    counts[compiler][1] += fields
                    if problems:
                        kept = os.path.join("/tmp", f"differential-cpp-{batch_seed}.cpp")
                        with open(kept, "w") as f:
                            f.write(source_text)
                        print(f"mismatch ({compiler} {' '.join(flags)}) in {name} (batch seed {batch_seed}, source "
                              f"kept at {kept}):")
                        print("  " + next(c[1] for c in hierarchy.classes if c[0] == name).replace("\n", "\n  "))
                        for problem in problems:
                            print(f"  {problem}")
                        return 1
        batch += 1
    print("; ".join(f"differential ({compiler}): {records} records, {fields} fields checked, 0 mismatches"
                    for compiler, (records, fields) in counts.items()) + f" (seed {seed}, {time.time() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
