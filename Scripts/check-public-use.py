#!/usr/bin/env python3
"""Fails when a door that must use public API only uses a `package` declaration: the cvalue tool, the C library
and the firmware log (Sources/cvalue, Sources/CValueC, Sources/CValueTargetLog).

They are meant to be written the way a third party would write them, against the public API (issue 28,
item 4; the firmware log, issue 51: the debug-info reader's public API and CValueKit's reports). Inside this package `package` declarations are visible to every target, so the compiler cannot tell;
outside it, they are not. The check type-checks each target's sources again with `swiftc -typecheck` against
the modules `swift build` made, as another package would: without `-package-name`, so that every use of a
`package` symbol is an error ("is inaccessible due to 'package' protection level", "cannot find ... in
scope"). Run `swift build` first.

A use that must stay for a while can be listed in KNOWN (file, message), and is then reported as a note; any
other error fails the check. None is listed: `LayoutOverride.Placement`, the last, is public (issue 35).

Usage: Scripts/check-public-use.py [--build-dir DIR] [--target NAME=SOURCES_DIR ...]
  --build-dir DIR           the build products (default: .build/debug, resolved)
  --target NAME=DIR         check DIR's Swift files as target NAME instead of Sources/NAME (CI plants a use of a
                            `package` symbol in a copy of Sources/cvalue to see the check fail)
"""
import glob
import os
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
# The C modules the targets see (directly or through CValueKit and CValueHeaders), by the module map that
# describes each.
C_MODULES = ["CValueShim", "CValueCHeader", "CClang", "CDwarf"]
KNOWN = []
TARGETS = {
    "cvalue": ["-parse-as-library"],
    "CValueC": ["-enable-upcoming-feature", "InternalImportsByDefault"],
    "CValueTargetLog": ["-enable-upcoming-feature", "InternalImportsByDefault"],
}


def main():
    args = sys.argv[1:]
    build = os.path.join(ROOT, ".build", "debug")
    sources = {name: os.path.join(ROOT, "Sources", name) for name in TARGETS}
    while args:
        flag = args.pop(0)
        if flag == "--build-dir" and args:
            build = args.pop(0)
        elif flag == "--target" and args and "=" in args[0]:
            name, directory = args.pop(0).split("=", 1)
            if name not in TARGETS:
                sys.exit(f"error: --target {name}: checks {', '.join(TARGETS)} only")
            sources[name] = directory
        else:
            sys.exit(__doc__)
    build = os.path.realpath(build)
    modules = os.path.join(build, "Modules")
    if not os.path.isdir(modules):
        sys.exit(f"error: no {modules}: run `swift build` first")
    maps = [os.path.join(ROOT, "CShims", "CFFI", "module.modulemap")]
    maps += [os.path.join(build, f"{module}.build", "module.modulemap") for module in C_MODULES]
    missing = [m for m in maps if not os.path.exists(m)]
    if missing:
        sys.exit(f"error: missing {', '.join(missing)}: run `swift build` first")
    failed = False
    for name, flags in TARGETS.items():
        files = sorted(glob.glob(os.path.join(sources[name], "*.swift")))
        if not files:
            sys.exit(f"error: no Swift files in {sources[name]}")
        command = ["swiftc", "-typecheck", "-continue-building-after-errors", "-swift-version", "6", "-module-name", name, "-I", modules] + flags
        for module_map in maps:
            command += ["-Xcc", f"-fmodule-map-file={module_map}"]
        result = subprocess.run(command + files, capture_output=True, text=True)
        errors = [line for line in result.stderr.splitlines() if ": error: " in line]
        known = [e for e in errors if any(os.path.basename(e.split(":")[0]) == f and m in e for f, m in KNOWN)]
        for line in sorted(set(known)):
            print(f"note: known use of a package symbol: {line}")
        if result.returncode != 0 and (len(set(known)) < len(set(errors)) or not errors):
            failed = True
            errors = sorted(set(errors) - set(known))
            print(f"{name} uses API that is not public (or does not build against the public API):", file=sys.stderr)
            print("\n".join(errors or result.stderr.splitlines()[:20]), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
