#!/usr/bin/env python3
"""Fails when a folder of Sources/CValueKit uses a type declared in a folder that comes after it in the flow.

The folders are the steps of one flow (issue 16): an encoding parsed from text, laid out for an ABI, described,
compared and compiled into a plan (Plan: one per type, compared options and count, its verdict chosen once),
written by one writer per report format (Report), and run through a handle the registry caches. Data flows down
only: a folder builds on the ones before it and never names a type of one after it. The order:

    Support → Numbers → Encoding → Layout → Catalog → Import → Options → Describe → FFI → Derivation → Compare
    → Plan → Report → Handle → Registry

`ValueError.swift` sits at the module's root, as swift-system keeps `Errno`: every folder throws it, so it is
in no folder of the flow and the check exempts it (and every other file at the root).

Layout comes before Catalog because the layout engine is handed the record definitions and overrides as a
value (`RecordDefinitions`) and knows nothing of the catalog that keeps them; the catalog stores them and
asks the engine for layouts. A file may name types declared in its own folder or in any folder before it; naming one from a later folder
is a back edge, reported as `file:line: Folder uses LaterFolder's Type`. Extensions count where they are
written: `extension ValueRegistry` in FFI/ would be FFI using Registry. The check reads declarations and
identifiers as text (comments and string literals removed), which is what a type reference is in Swift.

Usage: Scripts/check-dependencies.py [--print] [--root DIR]
  --print     list each folder's declared types
  --root DIR  check another copy of Sources/CValueKit (CI plants a back edge in one to see the check fail)
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "CValueKit")
FLOW = ["Support", "Numbers", "Encoding", "Layout", "Catalog", "Import", "Options", "Describe", "FFI", "Derivation", "Compare",
        "Plan", "Report", "Handle", "Registry"]

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
    r"(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)")
IDENTIFIER = re.compile(r"\b[A-Z]\w*\b")


def strip(text):
    """The code without comments and string literals, line structure kept."""
    text = re.sub(r'#?"""[\s\S]*?"""#?', lambda m: "\n" * m.group(0).count("\n"), text)
    text = re.sub(r'#"(?:[^"\\\n]|\\.)*"#', '""', text)
    text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
    text = re.sub(r"/\*[\s\S]*?\*/", lambda m: "\n" * m.group(0).count("\n"), text)
    return re.sub(r"//[^\n]*", "", text)


def swift_files(folder):
    for base, _, names in os.walk(os.path.join(ROOT, folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def main():
    global ROOT
    if "--root" in sys.argv:
        ROOT = sys.argv[sys.argv.index("--root") + 1]
    folders = sorted(d for d in os.listdir(ROOT) if os.path.isdir(os.path.join(ROOT, d)) and not d.endswith(".docc"))
    unknown = [f for f in folders if f not in FLOW]
    if unknown:
        sys.exit(f"error: folders not placed in the flow: {', '.join(unknown)} (add them to FLOW in {__file__})")
    declared = {}
    for folder in FLOW:
        for path in swift_files(folder):
            for line in strip(open(path).read()).splitlines():
                # Top-level declarations only: a nested type is named through its parent, and generic
                # parameters (`State`, `Failure`) are not declarations.
                match = DECLARATION.match(line)
                if match:
                    declared.setdefault(match.group(1), folder)
    if "--print" in sys.argv:
        for folder in FLOW:
            print(folder + ":", " ".join(sorted(t for t, f in declared.items() if f == folder)))
    rank = {folder: i for i, folder in enumerate(FLOW)}
    back_edges = []
    for folder in FLOW:
        for path in swift_files(folder):
            for number, line in enumerate(strip(open(path).read()).splitlines(), 1):
                for name in set(IDENTIFIER.findall(line)):
                    owner = declared.get(name)
                    if owner and rank[owner] > rank[folder]:
                        rel = os.path.relpath(path, ROOT)
                        back_edges.append(f"{rel}:{number}: {folder} uses {owner}'s {name}")
    for edge in back_edges:
        print(edge)
    if back_edges:
        print(f"error: {len(back_edges)} back edge(s) against the flow {' → '.join(FLOW)}", file=sys.stderr)
        return 1
    print(f"no back edges: {' → '.join(FLOW)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
