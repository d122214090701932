#!/usr/bin/env python3
"""Imports every header of the system include directory that compiles alone as C, each alone, with `cvalue import`.

Usage: Scripts/headers/sweep.py [--cvalue PATH] [--include DIR] [--headers FILE] [--jobs N] [--verbose]

A header "compiles alone" when `clang -fsyntax-only -x c` accepts a file holding only `#include <name>`; the
names are found under DIR (default /usr/include, and its multiarch directory as <name> too), C++ directories
left out. The list is written to (or, when it exists, read from) FILE, so that two runs sweep the same headers.

Per header it prints one line: the header, the records imported, the records skipped by reason (the warnings
`cvalue import` prints), or why the whole header was refused, and the time the import took. It closes with
the totals: headers swept, imported, refused; records imported and skipped, by reason; the time.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

MULTIARCH = "x86_64-linux-gnu"


def candidates(include):
    """Header names as #include <...> finds them, sorted, C++ library directories left out."""
    names = set()
    for root, dirs, files in os.walk(include):
        relative = os.path.relpath(root, include)
        dirs[:] = [d for d in dirs if not (relative == "." and (d.startswith("c++") or d in ("boost", "qt5", "qt6")))]
        for file in files:
            if not file.endswith(".h"):
                continue
            name = os.path.normpath(os.path.join(relative, file))
            if name.startswith(MULTIARCH + "/"):
                name = name[len(MULTIARCH) + 1:]
            names.add(name)
    return sorted(names)


def compiles_alone(name):
    result = subprocess.run(
        ["clang", "-fsyntax-only", "-x", "c", "-"], input=f"#include <{name}>\n".encode(),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode == 0


def reason_kind(reason):
    """A skip reason with the names taken out, so that like reasons count together."""
    reason = re.sub(r"^(struct|union) [^ ]+( \([^)]*\))?(\.[\w.\[\]]+)? has type (.*), which", r"a member has type \4, which",
                    reason)
    reason = re.sub(r"^the layout of .* is (.*) in CValueKit but (.*) in clang", r"a layout differs from clang's", reason)
    reason = re.sub(r"invalid layout override: .*", "invalid layout override", reason)
    return reason


def sweep_one(cvalue, name):
    start = time.monotonic()
    result = subprocess.run([cvalue, "import", name], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.monotonic() - start
    stderr = result.stderr.decode(errors="replace")
    if result.returncode != 0:
        first = stderr.strip().split("\n")[0] if stderr.strip() else f"exit status {result.returncode}"
        return name, None, [], first, elapsed
    catalog = json.loads(result.stdout)
    skipped = []
    for line in stderr.splitlines():
        match = re.match(r"warning: (.*) was not imported: (.*)", line)
        if match and (match.group(1).startswith("struct ") or match.group(1).startswith("union ")):
            skipped.append((match.group(1), match.group(2)))
    return name, len(catalog["records"]), skipped, None, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cvalue", default=".build/debug/cvalue")
    parser.add_argument("--include", default="/usr/include")
    parser.add_argument("--headers", default=".build/sweep-headers.txt")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="print every skipped record, not only counts")
    arguments = parser.parse_args()

    if os.path.exists(arguments.headers):
        with open(arguments.headers) as file:
            headers = [line.strip() for line in file if line.strip()]
    else:
        names = candidates(arguments.include)
        with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
            alone = list(pool.map(compiles_alone, names))
        headers = [name for name, ok in zip(names, alone) if ok]
        os.makedirs(os.path.dirname(arguments.headers) or ".", exist_ok=True)
        with open(arguments.headers, "w") as file:
            file.write("".join(f"{name}\n" for name in headers))
        print(f"{len(headers)} of {len(names)} headers compile alone as C", flush=True)

    totals = collections.Counter()
    reasons = collections.Counter()
    refusals = collections.Counter()
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        for name, records, skipped, refused, elapsed in pool.map(lambda n: sweep_one(arguments.cvalue, n), headers):
            totals["headers"] += 1
            totals["seconds"] += elapsed
            if refused is not None:
                totals["refused"] += 1
                refusals[reason_kind(refused)] += 1
                print(f"{name}: REFUSED ({refused}) {elapsed:.2f} s", flush=True)
                continue
            totals["imported"] += 1
            totals["records"] += records
            totals["skipped"] += len(skipped)
            by_reason = collections.Counter(reason_kind(reason) for _, reason in skipped)
            reasons.update(by_reason)
            detail = "".join(f"; {count} skipped: {reason}" for reason, count in sorted(by_reason.items()))
            print(f"{name}: {records} records{detail} {elapsed:.2f} s", flush=True)
            if arguments.verbose:
                for record, reason in skipped:
                    print(f"  {record}: {reason}")

    print()
    print(f"headers: {totals['headers']} swept, {totals['imported']} imported, {totals['refused']} refused whole")
    for reason, count in refusals.most_common():
        print(f"  refused {count}: {reason}")
    print(f"records: {totals['records']} imported, {totals['skipped']} skipped")
    for reason, count in reasons.most_common():
        print(f"  skipped {count}: {reason}")
    print(f"time: {totals['seconds']:.1f} s of imports ({totals['seconds'] / max(1, totals['headers']):.3f} s a header), "
          f"{time.monotonic() - started:.1f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
