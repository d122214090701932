#!/usr/bin/env python3
"""Fails when a folder of a module uses a type declared in a folder that comes after it in the module's flow.

CValueKit's folders are the steps of one flow (issue 16): an encoding parsed from text, laid out for an ABI,
described, compared and compiled into a plan (Plan: one per type, compared options and count, its verdict chosen
once), written by one writer per report format (Report), and run through a handle the registry caches. Data
flows down only: a folder builds on the ones before it and never names a type of one after it. The order:

    Support → Numbers → Encoding → Layout → Catalog → Import → Options → Describe → FFI → Derivation → Compare
    → Plan → Report → Handle → Registry

CValueDebugInfo's folders are its ideas (issue 51): the containers a binary's sections are read from, the one
DWARF walk over them, the index and kept reads by build id, and the import API that reads through them:

    ELF → DWARF → Index → Import

`ValueError.swift` sits at CValueKit's root, as swift-system keeps `Errno`: every folder throws it, so it is
in no folder of the flow and the check exempts it (and every other file at a module's root: CValueDebugInfo's
`DebugInfoError.swift` and its firmware log, which is moving to a module of its own).

Layout comes before Catalog because the layout engine is handed the record definitions and overrides as a
value (`RecordDefinitions`) and knows nothing of the catalog that keeps them; the catalog stores them and
asks the engine for layouts. A file may name types declared in its own folder or in any folder before it; naming one from a later folder
is a back edge, reported as `file:line: Folder uses LaterFolder's Type`. Extensions count where they are
written: `extension ValueRegistry` in FFI/ would be FFI using Registry. The check reads declarations and
identifiers as text (comments and string literals removed), which is what a type reference is in Swift.

Usage: Scripts/check-dependencies.py [--print] [--root DIR]
  --print     list each folder's declared types
  --root DIR  check another copy of a module's sources, named as the module (CI plants a back edge in a copy
              of Sources/CValueKit to see the check fail)
"""
import os
import re
import sys

SOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
FLOWS = {
    "CValueKit": ["Support", "Numbers", "Encoding", "Layout", "Catalog", "Import", "Options", "Describe", "FFI",
                  "Derivation", "Compare", "Plan", "Report", "Handle", "Registry"],
    "CValueDebugInfo": ["ELF", "DWARF", "Index", "Import"],
}

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


def swift_files(root, folder):
    for base, _, names in os.walk(os.path.join(root, folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def check(module, root):
    """The back edges of one module's folders, as lines; `None` when a folder is not placed in its flow."""
    flow = FLOWS[module]
    folders = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)) and not d.endswith(".docc"))
    unknown = [f for f in folders if f not in flow]
    if unknown:
        print(f"error: {module}'s folders not placed in its flow: {', '.join(unknown)} (add them to FLOWS in "
              f"{__file__})", file=sys.stderr)
        return None
    declared = {}
    for folder in flow:
        for path in swift_files(root, folder):
            for line in strip(open(path).read()).splitlines():
                # Top-level declarations only: a nested type is named through its parent, and generic
                # parameters (`State`, `Failure`) are not declarations.
                match = DECLARATION.match(line)
                if match:
                    declared.setdefault(match.group(1), folder)
    if "--print" in sys.argv:
        for folder in flow:
            print(f"{module}/{folder}:", " ".join(sorted(t for t, f in declared.items() if f == folder)))
    rank = {folder: i for i, folder in enumerate(flow)}
    back_edges = []
    for folder in flow:
        for path in swift_files(root, folder):
            for number, line in enumerate(strip(open(path).read()).splitlines(), 1):
                for name in set(IDENTIFIER.findall(line)):
                    owner = declared.get(name)
                    if owner and rank[owner] > rank[folder]:
                        rel = os.path.relpath(path, root)
                        back_edges.append(f"{module}/{rel}:{number}: {folder} uses {owner}'s {name}")
    return back_edges


def main():
    roots = {module: os.path.join(SOURCES, module) for module in FLOWS}
    if "--root" in sys.argv:
        root = sys.argv[sys.argv.index("--root") + 1]
        module = os.path.basename(os.path.normpath(root))
        if module not in FLOWS:
            sys.exit(f"error: --root {root}: a copy of one of {', '.join(FLOWS)}, named as it")
        roots = {module: root}
    failed = False
    for module, root in roots.items():
        back_edges = check(module, root)
        if back_edges is None:
            failed = True
            continue
        for edge in back_edges:
            print(edge)
        if back_edges:
            print(f"error: {len(back_edges)} back edge(s) against {module}'s flow {' → '.join(FLOWS[module])}",
                  file=sys.stderr)
            failed = True
        else:
            print(f"no back edges in {module}: {' → '.join(FLOWS[module])}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
