#!/usr/bin/env python3
"""Cross-ABI layout vectors: clang as the oracle for targets this machine cannot run.

For every committed vector whose C definition needs no system headers (the shared vectors and our
"shapes"), compile the definition for each other target with `clang -target T -S` and read the
GNU-runtime `@encode`, sizeof and _Alignof back from the assembly (a string constant and the sizes of
two char arrays), so nothing is executed and no layout arithmetic is done here.

Run from the repository root (needs clang with the AArch64, ARM, RISCV and X86 back ends, which Swift's clang has):
    python3 Scripts/vectors/cross_abi.py [--clang PATH] [--out FILE]
Writes Tests/Fixtures/cross-abi/cross-abi.jsonl, deterministic: one line per (vector, ABI), sorted.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = [
    "Tests/Fixtures/shared-vectors/bitfields.jsonl",
    "Tests/Fixtures/shared-vectors/quirks.jsonl",
    "Tests/Fixtures/shared-vectors/random.jsonl",
    "Tests/Fixtures/generated-vectors/shapes.jsonl",
]
# clang target triple -> the ABI name CValueKit uses.
TARGETS = {
    "aarch64-linux-gnu": "arm64-linux",
    "arm64-apple-macos14": "arm64-darwin",
    "x86_64-apple-macos14": "x86_64-darwin",
    "i386-linux-gnu": "i386-linux",
    "armv7-linux-gnueabihf": "armv7-linux",
    "riscv64-linux-gnu": "riscv64-linux",
    "x86_64-pc-windows-msvc": "x86_64-windows",
}
# Headers that clang ships itself work with -ffreestanding on any target; anything else needs a sysroot.
FREESTANDING_HEADERS = {"stddef.h", "stdint.h", "stdarg.h", "stdbool.h", "stdalign.h", "limits.h", "float.h"}


def needs_sysroot(definition):
    """Whether a C definition includes a header that only a target's C library provides."""
    return any(h not in FREESTANDING_HEADERS for h in re.findall(r"#include\s*<([^>]+)>", definition))


def probe(clang, triple, vector):
    """Compiles one vector for one target and returns (encoding, size, alignment), or an error string."""
    source = (
        vector["c_definition"]
        + "\nconst char cv_encoding[] = @encode(%s);\n" % vector["c_type"]
        + "char cv_size[sizeof(%s) + 1];\nchar cv_align[_Alignof(%s)];\n" % (vector["c_type"], vector["c_type"])
    )
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "probe.m")
        with open(path, "w") as handle:
            handle.write(source)
        result = subprocess.run(
            [clang, "-target", triple, "-ffreestanding", "-x", "objective-c", "-fobjc-runtime=gcc", "-w",
             "-S", "-o", "-", path],
            capture_output=True, text=True)
    if result.returncode != 0:
        return result.stderr.strip().splitlines()[0] if result.stderr.strip() else "clang failed"
    assembly = result.stdout
    encoding = re.search(r'cv_encoding:\s*\n\s*\.asciz\s+"((?:[^"\\]|\\.)*)"', assembly)
    sizes = {}
    # ELF: ".size cv_size, 49"; Mach-O: ".zerofill __DATA,__common,_cv_size,49,4"; COFF below.
    for name, value in re.findall(r"\.size\s+(cv_size|cv_align),\s*(\d+)", assembly):
        sizes[name] = int(value)
    for name, value in re.findall(r"\.zerofill\s+[^,]+,[^,]+,_(cv_size|cv_align),(\d+)", assembly):
        sizes[name] = int(value)
    # COFF (Windows): "cv_size:" then ".zero 49"
    for name, value in re.findall(r"^(cv_size|cv_align):\s*\n\s*\.zero\s+(\d+)", assembly, re.MULTILINE):
        sizes[name] = int(value)
    if not encoding or set(sizes) != {"cv_size", "cv_align"}:
        return "could not read the encoding or sizes from clang's assembly"
    text = encoding.group(1).encode().decode("unicode_escape")
    return text, sizes["cv_size"] - 1, sizes["cv_align"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clang", default="clang")
    parser.add_argument("--out", default=os.path.join(REPO, "Tests", "Fixtures", "cross-abi", "cross-abi.jsonl"))
    args = parser.parse_args()

    vectors = []
    for source in SOURCES:
        with open(os.path.join(REPO, source)) as handle:
            vectors += [json.loads(line) for line in handle if line.strip()]
    jobs = [(triple, v) for v in vectors if not needs_sysroot(v["c_definition"]) for triple in TARGETS]
    lines, skipped = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = pool.map(lambda job: (job, probe(args.clang, job[0], job[1])), jobs)
        for (triple, vector), result in results:
            if isinstance(result, str):
                skipped.append("%s/%s on %s: %s" % (vector["corpus"], vector["name"], triple, result))
                continue
            encoding, size, alignment = result
            lines.append({"corpus": vector["corpus"], "name": vector["name"], "abi": TARGETS[triple],
                          "encoding": encoding, "size": size, "alignment": alignment,
                          "naive_layout_ok": vector["naive_layout_ok"]})
    lines.sort(key=lambda line: (line["corpus"], line["name"], line["abi"]))
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as handle:
        for line in lines:
            handle.write(json.dumps(line) + "\n")
    print("wrote %s (%d lines from %d vectors)" % (args.out, len(lines), len(vectors)))
    for line in skipped:
        print("skipped:", line)


if __name__ == "__main__":
    main()
