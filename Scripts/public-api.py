#!/usr/bin/env python3
"""Lists the public API of the library modules from their symbol graphs, one declaration a line, sorted.

Usage: Scripts/public-api.py [--check FILE] [SYMBOLGRAPH_DIR]   (run `swift package dump-symbol-graph
--skip-synthesized-members` first; the directory defaults to the one that command writes)

The last lines count the public declarations per module, and CValueKit's types and functions, so that a
review sees the surface grow. Types live where they belong by what they are (the neutral import value and
its pass are CValueKit's, whichever source fills them), and are counted after. A module's extensions of other modules' types
(`Module@Other.symbols.json`) count as the module's. Protocol conformances' members that Swift
synthesizes (==, hash(into:)) are left out by the dump flag; deprecated declarations are marked.

With --check FILE (the committed PUBLIC_API.txt), prints nothing and exits 0 when the API is the one in the
file, and otherwise prints the difference and exits 1: every change to the public surface is a visible diff.
Regenerate the file with `python3 Scripts/public-api.py > PUBLIC_API.txt` after a reviewed change.
"""
import difflib
import glob
import json
import os
import sys

MODULES = ["CValueKit", "CValueFixtures", "CValueTesting", "CValueNimble", "CValueHeaders", "CValueSnapshots",
           "CValueCxxStandardLibrary", "CValueDebugInfo", "CValueTargetLog"]


def declaration(symbol):
    fragments = symbol.get("declarationFragments") or []
    text = "".join(f["spelling"] for f in fragments)
    return " ".join(text.split())


TYPE_KINDS = {"swift.struct", "swift.enum", "swift.class", "swift.protocol"}
FUNCTION_KINDS = {"swift.func", "swift.method", "swift.init", "swift.type.method", "swift.func.op", "swift.subscript"}


def main():
    args = sys.argv[1:]
    check = None
    if args[:1] == ["--check"]:
        if len(args) < 2:
            sys.exit("usage: Scripts/public-api.py [--check FILE] [SYMBOLGRAPH_DIR]")
        check, args = args[1], args[2:]
    directory = args[0] if args else None
    if directory is None:
        found = glob.glob(".build/*/symbolgraph")
        if not found:
            sys.exit("no symbol graph: run `swift package dump-symbol-graph --skip-synthesized-members` first")
        directory = found[0]
    counts = {}
    output = []
    kinds = {"types": 0, "functions": 0}
    for module in MODULES:
        path = os.path.join(directory, module + ".symbols.json")
        if not os.path.exists(path):
            sys.exit(f"missing {path}")
        # A module's extensions of another module's types are in files of their own, named
        # `Module@Extended.symbols.json` (CValueHeaders' TypeCatalog.importHeaders, CValueKit's
        # String.typeEncoding(in:)): they are the module's public API too.
        paths = [path] + sorted(glob.glob(os.path.join(directory, module + "@*.symbols.json")))
        symbols = []
        for graph_path in paths:
            with open(graph_path) as f:
                symbols.extend(json.load(f)["symbols"])
        lines = []
        for symbol in symbols:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            path_components = ".".join(symbol["pathComponents"])
            deprecated = any(a.get("isUnconditionallyDeprecated") or "deprecated" in a
                             for a in symbol.get("availability", []))
            mark = " [deprecated]" if deprecated else ""
            lines.append(f"{module}  {path_components}: {declaration(symbol)}{mark}")
            if module == "CValueKit":
                kind = symbol["kind"]["identifier"]
                kinds["types"] += kind in TYPE_KINDS
                kinds["functions"] += kind in FUNCTION_KINDS
        lines.sort()
        output.extend(lines)
        counts[module] = (len(lines), sum(1 for l in lines if l.endswith("[deprecated]")))
    total = sum(c for c, _ in counts.values())
    summary = ", ".join(f"{m} {c} ({d} deprecated)" for m, (c, d) in counts.items())
    output.append(f"public declarations: {total} ({summary})")
    output.append(f"CValueKit: {kinds['types']} types, {kinds['functions']} functions and initializers")
    if check is None:
        print("\n".join(output))
        return 0
    with open(check) as f:
        committed = f.read().splitlines()
    if committed == output:
        return 0
    sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(committed, output, check, "the code", lineterm=""))
    print(f"the public API differs from {check}: review the change, then regenerate it with "
          f"`python3 Scripts/public-api.py > {check}`", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
