#!/usr/bin/env python3
"""Writes Tests/Fixtures/headers/cross-target-oracle.json: for each target this machine cannot run, every
complete struct and union of the corpus headers with its size, alignment, and the offset and size of every
named field or the bit range of a bitfield, as the compiler reports them without running anything.

The route is independent of libclang's layout queries, and compile-only:
- which records and members exist: clang's JSON AST dump for the target (the host oracle's reading,
  generate-oracle.py);
- sizeof, _Alignof, offsetof and member sizes: an initialized `unsigned int` array per record, compiled with
  `clang -target T -S`, read back from the assembly's data directives;
- a bitfield's bits: a global of the record initialized with that field all ones (`= -1`) and everything
  else zero, compiled with `-S`: the set bits of its bytes are the field's range;
- the numbers read are then written back as `_Static_assert(sizeof(T) == N)`, `_Static_assert(_Alignof(T)
  == A)`, `_Static_assert(offsetof(T, f) == O)` and compiled with `clang -target T -fsyntax-only`, which
  checks the reading of the assembly.

The Linux targets read glibc from Debian's cross packages (libc6-dev-arm64-cross, libc6-dev-armhf-cross,
libc6-dev-i386-cross, libc6-dev-riscv64-cross: /usr/<multiarch>/include, passed as `-nostdlibinc -isystem`);
x86_64-pc-windows-msvc has no C library here and reads Tests/Fixtures/headers/freestanding.h only, as the host
does. zlib.h is architecture-independent and read by path (/usr/include/zlib.h) against the target's libc.

Usage: Scripts/headers/generate-cross-oracle.py [--clang CLANG] [--output PATH]
"""
import argparse
import concurrent.futures
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FREESTANDING = "Tests/Fixtures/headers/freestanding.h"

_spec = importlib.util.spec_from_file_location("generate_oracle", os.path.join(HERE, "generate-oracle.py"))
host_oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(host_oracle)

# clang target triple -> (CValueKit's ABI name, Debian's cross include directory, or None for no libc).
TARGETS = {
    "x86_64-linux-gnu": ("x86_64-linux", None),
    "aarch64-linux-gnu": ("arm64-linux", "/usr/aarch64-linux-gnu/include"),
    "armv7-linux-gnueabihf": ("armv7-linux", "/usr/arm-linux-gnueabihf/include"),
    "i386-linux-gnu": ("i386-linux", "/usr/i686-linux-gnu/include"),
    "riscv64-linux-gnu": ("riscv64-linux", "/usr/riscv64-linux-gnu/include"),
    "x86_64-pc-windows-msvc": ("x86_64-windows", None),
}
# The host oracle's corpus; zlib.h by path, since the cross include directories do not have it.
LIBC_HEADERS = [header if header != "zlib.h" else "/usr/include/zlib.h" for header in host_oracle.HEADERS]

# Data directives and their sizes in bytes (x86 `.word` is 2 bytes, elsewhere 4).
DIRECTIVES = {
    ".byte": 1, ".short": 2, ".hword": 2, ".half": 2, ".2byte": 2, ".value": 2,
    ".long": 4, ".4byte": 4, ".int": 4, ".quad": 8, ".xword": 8, ".dword": 8, ".8byte": 8,
}


def arguments(triple):
    include = TARGETS[triple][1]
    return ["-target", triple] + (["-nostdlibinc", "-isystem", include] if include else [])


def include_line(header):
    return f'#include "{header}"' if header.startswith("/") else f"#include <{header}>"


def ast(clang, triple, header):
    result = subprocess.run(
        [clang, *arguments(triple), "-x", "c", "-fsyntax-only", "-Xclang", "-ast-dump=json", "-"],
        input=include_line(header) + "\n", capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def probes(header, records):
    """The C file whose assembly holds every number; and, per record, what each of its globals means."""
    names = sorted({part for _, decl in records.order for path, _, _ in records.fields(decl)
                    for part in path.split(".")})
    lines = [include_line(header), "#include <stddef.h>"]
    lines += [f"#ifdef {name}\n#undef {name}\n#endif" for name in names]
    plan = []
    for index, (name, decl) in enumerate(records.order):
        numbers = [f"sizeof({name})", f"_Alignof({name})"]
        meaning = [("size",), ("alignment",)]
        bitfields = []
        for path, is_bitfield, type in records.fields(decl):
            if is_bitfield:
                lines.append(f"{name} cv_bits_{index}_{len(bitfields)} = {{ .{path} = -1 }};")
                bitfields.append(path)
                continue
            size = "0" if type.endswith("[]") else f"sizeof((({name} *)0)->{path})"
            numbers += [f"offsetof({name}, {path})", size]
            meaning += [("offset", path), ("fieldSize", path)]
        lines.append(f"const unsigned int cv_numbers_{index}[] = {{ {', '.join(numbers)} }};")
        plan.append((name, meaning, bitfields))
    return "\n".join(lines) + "\n", plan


def data(assembly, symbol, word):
    """The bytes a global is initialized with, from its label to the next label or section change."""
    match = re.search(rf"^{re.escape(symbol)}:\s*$", assembly, re.MULTILINE)
    if not match:
        raise ValueError(f"no {symbol} in the assembly")
    result = bytearray()
    for line in assembly[match.end():].splitlines():
        # Comments: `#` (x86, RISC-V), `//` (AArch64), ` @ ` (Arm).
        line = re.sub(r"\s@\s.*$", "", line.split("#")[0].split("//")[0]).strip()
        if not line:
            continue
        if line.endswith(":") or line.startswith((".size", ".section", ".globl", ".type", ".p2align", ".text")):
            if result:
                break
            continue
        directive, operand = (line.split(None, 1) + [""])[:2]
        operand = operand.strip()
        if directive in (".zero", ".space", ".skip"):
            result += bytes(int(operand.split(",")[0], 0))
        elif directive in (".ascii", ".asciz", ".string"):
            text = json.loads(operand) if "\\" not in operand else operand[1:-1].encode().decode("unicode_escape")
            result += text.encode("latin-1") + (b"\0" if directive != ".ascii" else b"")
        elif directive == ".word" or directive in DIRECTIVES:
            size = word if directive == ".word" else DIRECTIVES[directive]
            for value in operand.split(","):
                result += (int(value.strip(), 0) % (1 << (8 * size))).to_bytes(size, "little")
        elif result:
            break  # the next section, symbol or alignment: the global ended (the length is checked after)
    return bytes(result)


def compile_assembly(clang, triple, source):
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "probe.c")
        with open(path, "w") as file:
            file.write(source)
        return subprocess.run(
            [clang, *arguments(triple), "-x", "c", "-std=gnu11", "-w", "-fno-common", "-O0", "-S", "-o", "-", path],
            capture_output=True, text=True, check=True).stdout


def static_asserts(header, result):
    lines = [include_line(header), "#include <stddef.h>"]
    names = sorted({part for record in result.values() for path in record["fields"] for part in path.split(".")})
    lines += [f"#ifdef {name}\n#undef {name}\n#endif" for name in names]
    for name, record in result.items():
        lines.append(f"_Static_assert(sizeof({name}) == {record['size']}, \"{name}\");")
        lines.append(f"_Static_assert(_Alignof({name}) == {record['alignment']}, \"{name}\");")
        for path, field in record["fields"].items():
            if "offset" in field:
                lines.append(f"_Static_assert(offsetof({name}, {path}) == {field['offset']}, \"{name}.{path}\");")
    return "\n".join(lines) + "\n"


def run(clang, triple, header):
    records = host_oracle.Records(ast(clang, triple, header))
    source, plan = probes(header, records)
    assembly = compile_assembly(clang, triple, source)
    word = 2 if triple.startswith(("x86_64", "i386")) else 4
    # COFF and Mach-O labels carry no leading underscore on x86_64 Windows; ELF none either.
    result = {}
    for index, (name, meaning, bitfields) in enumerate(plan):
        raw = data(assembly, f"cv_numbers_{index}", word)
        numbers = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]
        if len(numbers) != len(meaning):
            raise ValueError(f"{triple} {header} {name}: {len(numbers)} numbers for {len(meaning)} meanings")
        record = {"size": numbers[0], "alignment": numbers[1], "fields": {}}
        for what, number in zip(meaning[2:], numbers[2:]):
            record["fields"].setdefault(what[1], {})["offset" if what[0] == "offset" else "size"] = number
        for position, path in enumerate(bitfields):
            raw = data(assembly, f"cv_bits_{index}_{position}", word)
            if len(raw) != record["size"]:
                raise ValueError(f"{triple} {name}.{path}: {len(raw)} bytes read, sizeof is {record['size']}")
            bits = [i for i in range(len(raw) * 8) if raw[i // 8] >> (i % 8) & 1]
            record["fields"][path] = {"bitOffset": bits[0], "bitWidth": bits[-1] - bits[0] + 1}
        result[name] = record
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "asserts.c")
        with open(path, "w") as file:
            file.write(static_asserts(header, result))
        subprocess.run([clang, *arguments(triple), "-x", "c", "-std=gnu11", "-w", "-fsyntax-only", path], check=True)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clang", default="clang")
    parser.add_argument("--output", default=os.path.join(REPO, "Tests", "Fixtures", "headers", "cross-target-oracle.json"))
    options = parser.parse_args()
    version = subprocess.run([options.clang, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    jobs = []
    for triple, (abi, include) in TARGETS.items():
        if include and not os.path.isdir(include):
            sys.exit(f"{include} is missing: install Debian's libc6-dev-*-cross package for {triple}")
        headers = [FREESTANDING] + (LIBC_HEADERS if include else [])
        jobs += [(triple, header) for header in headers]

    def job(item):
        triple, header = item
        path = os.path.join(REPO, header) if header == FREESTANDING else header
        return item, run(options.clang, triple, path)

    targets = {triple: {"abi": abi, "arguments": arguments(triple)[2:], "headers": {}}
               for triple, (abi, _) in TARGETS.items()}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for (triple, header), result in pool.map(job, jobs):
            targets[triple]["headers"][header] = result
    with open(options.output, "w") as file:
        json.dump({"compiler": version, "targets": targets}, file, indent=1, sort_keys=True)
        file.write("\n")
    for triple, target in targets.items():
        records = sum(len(h) for h in target["headers"].values())
        fields = sum(len(r["fields"]) for h in target["headers"].values() for r in h.values())
        print(f"{triple}: {len(target['headers'])} headers, {records} records, {fields} fields")


if __name__ == "__main__":
    sys.exit(main())
