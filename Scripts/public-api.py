#!/usr/bin/env python3
"""Lists the public API of the library modules from their symbol graphs, one declaration a line, sorted.

Usage: Scripts/public-api.py [SYMBOLGRAPH_DIR]   (run `swift package dump-symbol-graph
--skip-synthesized-members` first; the directory defaults to the one that command writes)

The last line counts the public declarations per module. Protocol conformances' members that Swift
synthesizes (==, hash(into:)) are left out by the dump flag; deprecated declarations are marked.
"""
import glob
import json
import os
import sys

MODULES = ["CValueKit", "CValueFixtures", "CValueTesting", "CValueNimble", "CValueHeaders"]


def declaration(symbol):
    fragments = symbol.get("declarationFragments") or []
    text = "".join(f["spelling"] for f in fragments)
    return " ".join(text.split())


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else None
    if directory is None:
        found = glob.glob(".build/*/symbolgraph")
        if not found:
            sys.exit("no symbol graph: run `swift package dump-symbol-graph --skip-synthesized-members` first")
        directory = found[0]
    counts = {}
    for module in MODULES:
        path = os.path.join(directory, module + ".symbols.json")
        if not os.path.exists(path):
            sys.exit(f"missing {path}")
        with open(path) as f:
            graph = json.load(f)
        lines = []
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            path_components = ".".join(symbol["pathComponents"])
            deprecated = any(a.get("isUnconditionallyDeprecated") or "deprecated" in a
                             for a in symbol.get("availability", []))
            mark = " [deprecated]" if deprecated else ""
            lines.append(f"{module}  {path_components}: {declaration(symbol)}{mark}")
        lines.sort()
        for line in lines:
            print(line)
        counts[module] = (len(lines), sum(1 for l in lines if l.endswith("[deprecated]")))
    total = sum(c for c, _ in counts.values())
    summary = ", ".join(f"{m} {c} ({d} deprecated)" for m, (c, d) in counts.items())
    print(f"public declarations: {total} ({summary})")


if __name__ == "__main__":
    main()
