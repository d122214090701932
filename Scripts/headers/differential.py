#!/usr/bin/env python3
"""Differential fuzzing of the header import against the compiler: random C record declarations (bitfields
of every width, named and unnamed, zero-width ones, `packed`, `aligned(N)`, `#pragma pack`, unions,
anonymous members, nested arrays, flexible arrays, enums, half floats) are imported with
`cvalue layout --header FILE 'struct NAME' --json`, and every record's size and alignment and every field's
offset, size, bit offset and width are checked against a C program compiled by clang from the same header
(sizeof, _Alignof, offsetof, and a probe that sets a bitfield's bits and finds them). Each field the
generator declares must be listed, and nothing else.

The same records are also compiled by clang (source `binary`) and by gcc (source `gcc-binary`: gcc writes
array bounds and bitfields in other forms than clang) into an object with `-g -fno-eliminate-unused-debug-types`
and read back from its DWARF with `cvalue layout --binary OBJECT 'struct NAME' --json`, checked against
the same numbers, except the alignment of a record the import says it inferred from offsets or could not
know (`alignmentSource` "inferred" or "unknown" in `cvalue import --binary`'s catalog): DWARF does not say
`packed`, and a record with no padding lays out alike packed or not (its layout's alignment is then the
largest that fits, shown as "alignment unknown (at most N)"). Those are counted, not failed.

Usage: Scripts/headers/differential.py [--seconds N] [--seed S] [--cvalue PATH] [--records-per-header N]
                                       [--sources header,binary,gcc-binary]

Runs batches of records until N seconds have passed (default 60), then prints `differential: R records,
F fields checked, M mismatches` for each source; exits 1 on a mismatch, printing the record's declaration
and both sides, and keeps the failing header under /tmp so it can be replayed with --seed.
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

INTEGERS = ["char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int", "long",
            "unsigned long", "long long", "unsigned long long"]
FLOATS = ["float", "double", "long double", "_Float16"]
BINARY_COMPILERS = {"binary": "clang", "gcc-binary": "gcc"}
BITFIELD_TYPES = {"unsigned char": 8, "unsigned short": 16, "int": 32, "unsigned int": 32, "long long": 64,
                  "unsigned long long": 64, "_Bool": 1}


class Generator:
    """Random record declarations; each knows the leaf paths C reaches and whether each is a bitfield."""

    def __init__(self, rng):
        self.rng = rng
        self.enums = []
        self.prelude = []

    def enum(self):
        name = f"fz_enum_{len(self.enums)}"
        count = self.rng.randint(1, 4)
        values = [self.rng.choice([0, 1, 7, 255, 65535, -3]) + i for i in range(count)]
        body = ", ".join(f"{name.upper()}_{i} = {v}" for i, v in enumerate(values))
        self.prelude.append(f"enum {name} {{ {body} }};")
        self.enums.append(name)
        return f"enum {name}"

    def scalar(self):
        roll = self.rng.random()
        if roll < 0.65:
            return self.rng.choice(INTEGERS)
        if roll < 0.9:
            return self.rng.choice(FLOATS)
        return self.enum()

    def members(self, depth, counter, is_union):
        """A list of (declaration, [(path, is_bitfield, scalar type)]) for one record body."""
        result = []
        for _ in range(self.rng.randint(1, 5)):
            name = f"m{next(counter)}"
            roll = self.rng.random()
            if roll < 0.45:
                kind = self.scalar()
                dims = []
                if self.rng.random() < 0.25:
                    dims = [self.rng.randint(1, 3) for _ in range(self.rng.randint(1, 2))]
                elif self.rng.random() < 0.04:
                    # Counts where the width of gcc's upper bound changes (one byte holds 0 to 255).
                    dims = [self.rng.choice([127, 128, 129, 200, 255, 256, 257])]
                aligned = f" __attribute__((aligned({self.rng.choice([1, 2, 4, 8, 16])})))" \
                    if self.rng.random() < 0.08 else ""
                decl = f"{kind} {name}{''.join(f'[{d}]' for d in dims)}{aligned};"
                result.append((decl, [(path, False, kind) for path in expand(f".{name}", dims)]))
            elif roll < 0.75 and not is_union or roll < 0.6:
                kind = self.rng.choice(list(BITFIELD_TYPES))
                width = self.rng.randint(0 if kind != "_Bool" else 1, BITFIELD_TYPES[kind])
                if width == 0 or self.rng.random() < 0.2:
                    result.append((f"{kind} : {width};", []))  # unnamed: padding only
                else:
                    result.append((f"{kind} {name} : {width};", [(f".{name}", True, kind)]))
            elif depth < 3:
                inner_union = self.rng.random() < 0.4
                body = self.members(depth + 1, counter, inner_union)
                keyword = "union" if inner_union else "struct"
                text = " ".join(d for d, _ in body)
                leaves = [leaf for _, ls in body for leaf in ls]
                if self.rng.random() < 0.4:  # anonymous: its members are reached as the outer record's
                    result.append((f"{keyword} {{ {text} }};", leaves))
                else:
                    dims = [self.rng.randint(1, 2)] if self.rng.random() < 0.2 else []
                    decl = f"{keyword} {{ {text} }} {name}{''.join(f'[{d}]' for d in dims)};"
                    paths = [(f"{prefix}{path}", bit, kind) for prefix in expand(f".{name}", dims)
                             for path, bit, kind in leaves]
                    result.append((decl, paths))
        if not any(leaves for _, leaves in result):
            name = f"m{next(counter)}"
            result.append((f"int {name};", [(f".{name}", False, "int")]))
        return result

    def record(self, name):
        counter = iter(range(10_000))
        is_union = self.rng.random() < 0.2
        body = self.members(0, counter, is_union)
        leaves = [leaf for _, ls in body for leaf in ls]
        decls = [d for d, _ in body]
        if not is_union and self.rng.random() < 0.15:
            flex = f"m{next(counter)}"
            decls.append(f"{self.rng.choice(INTEGERS)} {flex}[];")
        keyword = "union" if is_union else "struct"
        attributes = []
        if self.rng.random() < 0.15:
            attributes.append("packed")
        if self.rng.random() < 0.1:
            attributes.append(f"aligned({self.rng.choice([2, 4, 8, 16, 32])})")
        attribute = f" __attribute__(({', '.join(attributes)}))" if attributes else ""
        text = f"{keyword} {name} {{ {' '.join(decls)} }}{attribute};"
        if self.rng.random() < 0.1:
            text = f"#pragma pack(push, {self.rng.choice([1, 2, 4])})\n{text}\n#pragma pack(pop)"
        return keyword, text, leaves


def expand(path, dims):
    paths = [path]
    for d in dims:
        paths = [f"{p}[{i}]" for p in paths for i in range(d)]
    return paths


def oracle(header, records, workdir):
    """What clang says: {name: (size, alignment, {path: (offset, size, bitOffset, bitWidth)})}."""
    lines = ["#include <stdio.h>", "#include <string.h>", "#include <stddef.h>", f'#include "{header}"',
             "static void probe(const unsigned char *p, size_t n, const char *record, const char *path) {",
             "  long first = -1, count = 0;",
             "  for (size_t i = 0; i < n * 8; i++) if (p[i / 8] >> (i % 8) & 1) { if (first < 0) first = (long)i; count++; }",
             '  printf("B %s %s %ld %ld\\n", record, path, first, count);', "}", "int main(void) {"]
    for keyword, name, leaves in records:
        t = f"{keyword} {name}"
        lines.append(f'  printf("R {name} %zu %zu\\n", sizeof({t}), _Alignof({t}));')
        for path, is_bitfield, kind in leaves:
            member = path[1:]
            if is_bitfield:
                value = "1" if kind == "_Bool" else "-1"
                lines.append(f"  {{ {t} v; memset(&v, 0, sizeof v); v.{member} = {value}; "
                             f'probe((const unsigned char *)&v, sizeof v, "{name}", "{path}"); }}')
            else:
                lines.append(f'  printf("F {name} {path} %zu %zu\\n", offsetof({t}, {member}), '
                             f"sizeof((({t} *)0)->{member}));")
    lines += ["  return 0;", "}"]
    source = os.path.join(workdir, "oracle.c")
    with open(source, "w") as f:
        f.write("\n".join(lines) + "\n")
    binary = os.path.join(workdir, "oracle")
    subprocess.run(["clang", "-std=gnu11", "-w", "-I", workdir, source, "-o", binary], check=True)
    result = {}
    for line in subprocess.run([binary], check=True, capture_output=True, text=True).stdout.splitlines():
        kind, name, *rest = line.split()
        if kind == "R":
            result[name] = (int(rest[0]), int(rest[1]), {})
        elif kind == "F":
            result[name][2][rest[0]] = (int(rest[1]), int(rest[2]), None, None)
        else:
            result[name][2][rest[0]] = (None, None, int(rest[1]), int(rest[2]))
    return result


def debug_object(cvalue, header, workdir, compiler):
    """The records compiled by `compiler` with every type's debug info, into an object, and how the import
    knew each record's alignment ({name: "attribute"|"natural"|"inferred"}, from `cvalue import --binary`)."""
    source = os.path.join(workdir, "debug.c")
    with open(source, "w") as f:
        f.write(f'#include "{header}"\n')
    binary = os.path.join(workdir, f"debug-{compiler}.o")
    subprocess.run([compiler, "-std=gnu11", "-w", "-g", "-fno-eliminate-unused-debug-types", "-c", source,
                    "-o", binary], check=True)
    catalog = os.path.join(workdir, f"debug-{compiler}.json")
    subprocess.run([cvalue, "import", "--binary", binary, "--output", catalog], check=True, capture_output=True)
    with open(catalog) as f:
        return binary, {record["name"]: record["alignmentSource"] for record in json.load(f)["records"]}



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


def check(cvalue, source, path, keyword, name, expected, alignment_sources, packed):
    """Problems of `cvalue layout --header|--binary PATH` against clang's numbers, the fields checked, and
    whether the alignment differs where DWARF cannot tell it (inferred or unknown, or a packed record with no
    padding that the import takes for natural)."""
    run = subprocess.run([cvalue, "layout", "--header" if source == "header" else "--binary", path,
                          f"{keyword} {name}", "--json"],
                         capture_output=True, text=True)
    problems = []
    if run.returncode != 0:
        return [f"cvalue exited {run.returncode}: {run.stderr.strip()}"], 0, False
    layout = json.loads(run.stdout)
    size, alignment, fields = expected
    how = alignment_sources.get(source, {}).get(f"{keyword} {name}")
    unknowable = how in ("inferred", "unknown") or how == "natural" and packed
    if layout["size"] != size or layout["alignment"] != alignment and not unknowable:
        problems.append(f"size/alignment {layout['size']}/{layout['alignment']}"
                        f"{f' ({how})' if how else ''}, clang {size}/{alignment}")
    seen = {}
    for field in unfolded(layout["fields"]):
        if "flexibleArray" in field:
            continue
        if "bitWidth" in field:
            seen[field["path"]] = (None, None, field["bitOffset"], field["bitWidth"])
        else:
            seen[field["path"]] = (field["offset"], field["size"], None, None)
    for path in sorted(set(seen) | set(fields)):
        if seen.get(path) != fields.get(path):
            problems.append(f"{path}: cvalue {seen.get(path)}, clang {fields.get(path)} (offset, size, bit, width)")
    return problems, len(fields), unknowable and layout["alignment"] != alignment


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--cvalue", default=None, help="the cvalue binary (default: swift build's)")
    parser.add_argument("--records-per-header", type=int, default=40)
    parser.add_argument("--sources", default="header,binary,gcc-binary",
                        help="what cvalue reads the records from: header, binary (clang's DWARF), gcc-binary "
                             "(gcc's DWARF), comma-separated")
    args = parser.parse_args()
    sources = args.sources.split(",")
    if not sources or any(source not in BINARY_COMPILERS and source != "header" for source in sources):
        parser.error(f"--sources takes header, binary and gcc-binary, not {args.sources}")
    cvalue = args.cvalue or subprocess.run(["swift", "build", "--show-bin-path"], check=True, capture_output=True,
                                           text=True).stdout.strip() + "/cvalue"
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    start = time.time()
    counts = {source: [0, 0] for source in sources}  # records, fields
    inferred_differently = 0  # packed or inferred records whose alignment the DWARF does not give
    batch = 0

    def summary(mismatches):
        return "; ".join(f"differential ({source}): {records} records, {fields} fields checked, "
                         f"{mismatches if source == failed else 0} mismatches"
                         for source, (records, fields) in counts.items())

    failed = None
    while time.time() - start < args.seconds:
        batch_seed = seed + batch
        rng = random.Random(batch_seed)
        generator = Generator(rng)
        records = [generator.record(f"fz_{i}") for i in range(args.records_per_header)]
        with tempfile.TemporaryDirectory() as workdir:
            header = os.path.join(workdir, "fuzz.h")
            with open(header, "w") as f:
                f.write("#include <stdint.h>\n" + "\n".join(generator.prelude) + "\n"
                        + "\n".join(text for _, text, _ in records) + "\n")
            named = [(keyword, f"fz_{i}", leaves) for i, (keyword, _, leaves) in enumerate(records)]
            truth = oracle(header, named, workdir)
            inputs = {"header": header}
            alignment_sources = {}
            for source, compiler in BINARY_COMPILERS.items():
                if source in sources:
                    inputs[source], alignment_sources[source] = debug_object(cvalue, header, workdir, compiler)
            for (keyword, name, _), (_, text, _) in zip(named, records):
                if time.time() - start >= args.seconds and all(records for records, _ in counts.values()):
                    break
                for source in sources:
                    packed = "packed" in text or "#pragma pack" in text
                    problems, fields, differs = check(cvalue, source, inputs[source], keyword, name, truth[name],
                                                      alignment_sources, packed)
                    counts[source][0] += 1
                    inferred_differently += differs
                    counts[source][1] += fields
                    if problems:
                        failed = source
                        kept = os.path.join("/tmp", f"differential-{batch_seed}.h")
                        with open(header) as original, open(kept, "w") as copy:
                            copy.write(original.read())
                        print(f"mismatch ({source}) in {keyword} {name} (batch seed {batch_seed}, header kept at "
                              f"{kept}):")
                        print("  " + text.replace("\n", "\n  "))
                        for problem in problems:
                            print(f"  {problem}")
                        print(summary(1))
                        return 1
        batch += 1
    note = f", {inferred_differently} alignments DWARF cannot tell differ from clang's" \
        if set(sources) & set(BINARY_COMPILERS) else ""
    print(f"{summary(0)}{note} (seed {seed}, {time.time() - start:.0f} s)")
    return 0

if __name__ == "__main__":
    sys.exit(main())
