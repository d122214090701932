#!/usr/bin/env python3
"""Reads the text output of `swift package benchmark` and prints one line per comparison the performance
targets name: CValueKit's path against its peer, as a ratio, with the target and whether it holds.

    python3 Benchmarks/compare.py benchmark-output.txt
    python3 Benchmarks/compare.py --markdown benchmark-output.txt   # the same as Markdown tables (RESULTS.md)

Times are the median (p50) of each benchmark's wall-clock samples, in nanoseconds per operation: the
benchmarks of one value (groups rect, padded, c-pointer, c-value, c-library, describe) run 1,000
operations per sample, and their sample time is divided by 1,000 here."""
import re
import sys

UNITS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
PER_SAMPLE = {"rect": 1000, "padded": 1000, "c-pointer": 1000, "c-value": 1000, "c-library": 1000, "describe": 1000}


def medians(text):
    """Benchmark name -> median wall-clock time in ns."""
    result = {}
    name = None
    for line in text.splitlines():
        line = line.strip()
        if re.match(r"^[a-z][\w-]*/", line):
            name = line
        elif name and line.startswith("│ Time (wall clock)"):
            unit = re.search(r"\((ns|μs|us|ms|s)\)", line).group(1)
            cells = [cell.strip() for cell in line.split("│")[1:-1]]
            operations = PER_SAMPLE.get(name.split("/")[0], 1)
            result[name] = float(cells[3].replace(",", "")) * UNITS[unit] / operations  # p0, p25, p50
            name = None
    return result


def main():
    arguments = sys.argv[1:]
    markdown = "--markdown" in arguments
    arguments = [argument for argument in arguments if argument != "--markdown"]
    text = open(arguments[0], encoding="utf-8").read() if arguments else sys.stdin.read()
    t = medians(text)
    failures = 0
    if markdown:
        print("| comparison | result | target | verdict | times (median) |")
        print("|---|---|---|---|---|")

    def line(label, value, target, holds, detail):
        nonlocal failures
        verdict = "holds" if holds else "MISSED"
        failures += 0 if holds else 1
        if markdown:
            print(f"| {label} | {value} | {target} | {verdict} | {detail.strip('()')} |")
        else:
            print(f"{label:<58} {value:>10}   target {target:<14} {verdict:<7} {detail}")

    def missing(label, names):
        nonlocal failures
        failures += 1
        absent = ", ".join(name for name in names if name not in t)
        if markdown:
            print(f"| {label} | not measured | | MISSING | {absent} |")
        else:
            print(f"{label:<58} not measured: {absent}")

    def ratio(ours, peer, limit, label):
        if ours not in t or peer not in t:
            return missing(label, [ours, peer])
        r = t[ours] / t[peer]
        line(label, f"{r:.2f}x", f"<= {limit}x", r <= limit, f"({t[ours]:.1f} ns vs {t[peer]:.1f} ns)")

    def faster(ours, peer, factor, label):
        if ours not in t or peer not in t:
            return missing(label, [ours, peer])
        r = t[peer] / t[ours]
        line(label, f"{r:.1f}x", f">= {factor}x faster", r >= factor, f"({t[ours]:.1f} ns vs {t[peer]:.1f} ns)")

    def bandwidth(ours, memcmp, share, label):
        if ours not in t or memcmp not in t:
            return missing(label, [ours, memcmp])
        r = t[memcmp] / t[ours]
        line(label, f"{r * 100:.0f}%", f">= {share * 100:.0f}%", r >= share,
             f"of memcmp's bandwidth ({t[ours] / 1e6:.2f} ms vs {t[memcmp] / 1e6:.2f} ms per 1M elements)")

    # Issue 38 item 4: the engine against what a user could write instead, and compare against isEqual.
    for shape in ("rect", "padded"):
        ratio(f"{shape}/handle isEqual", f"{shape}/hand-written ==", 1.5, f"{shape}: handle isEqual / hand-written ==")
        ratio(f"{shape}/handle compare", f"{shape}/handle isEqual", 3, f"{shape}: handle compare (equal) / isEqual")
        ours, peer = f"{shape}/encoding-string isEqual", f"{shape}/hand-written =="
        if ours not in t or peer not in t:
            missing(f"{shape}: encoding-string isEqual - hand-written ==", [ours, peer])
        else:
            extra = t[ours] - t[peer]
            line(f"{shape}: encoding-string isEqual - hand-written ==", f"+{extra:.1f} ns", "<= +20 ns",
                 extra <= 20, f"({t[ours]:.1f} ns vs {t[peer]:.1f} ns)")
        for path in ("handle isEqual", "handle compare", "encoding-string compare", "derived-encoding compare"):
            faster(f"{shape}/{path}", f"{shape}/Nimble equal", 1, f"{shape}: {path} vs Nimble equal")
            faster(f"{shape}/{path}", f"{shape}/custom-dump diff", 1, f"{shape}: {path} vs custom-dump diff")
    # Issue 23: registered ignored paths and field comparers are compiled into the plan.
    for options in ("ignored path registered", "ignored path and field comparer registered"):
        ratio(f"rect/handle isEqual, {options}", "rect/handle isEqual", 1.2, f"rect: isEqual, {options} / isEqual")
    ratio("rect/handle isEqual, ignored path and field comparer registered", "rect/handle isEqual, then a Double closure",
          1.2, "rect: isEqual, ignored path and field comparer registered / isEqual and the closure")
    ratio("rect/handle compare, ignored path and field comparer per comparison", "rect/handle compare", 2,
          "rect: compare, ignored path and comparer per call / compare")
    bandwidth("int-array/handle isEqual", "int-array/memcmp", 0.9, "1M {int32 x4}: handle isEqual")
    bandwidth("float-array/handle isEqual within", "float-array/memcmp", 0.9,
              "1M {float x,y,z} within 1e-3: handle isEqual")
    ratio("c-pointer/handle isEqual(pointers:)", "c-pointer/direct C call", 1.5,
          "C comparator by pointer / direct C call")
    ratio("c-library/cv_compare", "c-library/handle isEqual(pointers:)", 1.3,
          "cv_compare (cvalue.h, equal) / handle isEqual(pointers:)")
    ratio("c-value/handle isEqual(pointers:)", "c-value/raw ffi_call", 1.1, "C comparator by value / raw ffi_call")
    faster("describe/handle describe", "describe/customDump", 2, "describe one struct vs customDump")
    faster("describe-array/handle describe", "describe-array/customDump", 2, "describe 10,000 structs vs customDump")
    ratio("headers/import", "headers/libclang parse", 1.5, "import 8 headers, every record / libclang parse alone")
    faster("headers/load catalog file", "headers/import", 10, "load their catalog file vs import")

    print()
    if markdown:
        print("| benchmark | median per operation |")
        print("|---|---|")
        for name in sorted(t):
            print(f"| `{name}` | {t[name]:,.1f} ns |")
    else:
        print("For information:")
        for name in sorted(t):
            print(f"  {name:<56} {t[name]:>14,.1f} ns")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
