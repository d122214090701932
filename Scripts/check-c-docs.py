#!/usr/bin/env python3
"""Builds and runs the complete files of the C guide, as a reader would copy them, against an installed or
unpacked release (pkg-config, CMake and the cvalue tool found through PKG_CONFIG_PATH, CMAKE_PREFIX_PATH and
PATH, as the guide sets them).

A fenced code block whose first line is a comment `file: NAME` (`/* file: shape.h */`, `# file: Makefile`,
`/* file: test/test_thermostat.c */`) is written to NAME in a new folder, as a reader would paste it (the
comment kept, so that the line numbers the page shows are the pasted file's). Then the project is built by `make`
(its default rule builds the test, and the catalog if it has one, and runs the test) and, when the page has a
CMakeLists.txt, by CMake too (configure, build, run the test from the build folder), and each run's output,
through a pipe as in a CI log, must hold the failure block the guide shows (the fenced block starting
`[ RUN`, or with a Unity result line `file.c:LINE:test:PASS`), folders in file names aside.

    Scripts/check-c-docs.py Sources/CValueC/CValueC.docc/CValueC.md
    Scripts/check-c-docs.py --write DIR GUIDE     writes the guide's files into DIR and builds nothing (the
                                                   release's examples/shape)
    Scripts/check-c-docs.py --project DIR GUIDE   builds the files already in DIR (an unpacked release's
                                                   examples/shape, copied out), not the guide's
    UNITY=Tests/C/vendor/unity Scripts/check-c-docs.py Sources/CValueC/CValueC.docc/Unity.md
"""

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

FILE_MARK = re.compile(r"^(?:/\*|//|#)\s*file:\s*([\w.\-/]+)\s*(?:\*/)?\s*$")
UNITY_RESULT = re.compile(r"^\S+\.c:\d+:\w+:(PASS|FAIL)")
BLOCK = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)


def extract(page: str) -> tuple[dict[str, str], list[str]]:
    files: dict[str, str] = {}
    shown: list[str] = []
    for match in BLOCK.finditer(page):
        body = match.group(1)
        first = body.partition("\n")[0]
        mark = FILE_MARK.match(first)
        if mark:
            if mark.group(1) in files:
                sys.exit(f"error: the guide has two blocks for {mark.group(1)}")
            files[mark.group(1)] = body
        elif first.startswith("[ RUN") or UNITY_RESULT.match(first):
            shown = body.rstrip("\n").splitlines()
    return files, shown


def run(command: list[str], folder: Path) -> tuple[int, str]:
    # stdout and stderr into one pipe, as a CI log reads them.
    done = subprocess.run(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return done.returncode, done.stdout


def shows(output: str, shown: list[str]) -> bool:
    def bare(line: str) -> str:
        return re.sub(r"[^ :]*/(test_\w+\.c)", r"\1", line)

    lines = [bare(line) for line in output.splitlines()]
    wanted = [bare(line) for line in shown]
    return any(lines[i : i + len(wanted)] == wanted for i in range(len(lines) - len(wanted) + 1))


def check(name: str, status: int, output: str, shown: list[str]) -> None:
    if status == 0 or not shows(output, shown):
        print(output, file=sys.stderr)
        sys.exit(f"error: {name}: status {status}, and the output above is not the failure the guide shows")
    print(f"   {name}: fails as the guide shows, under its test", flush=True)


def write(files: dict[str, str], folder: Path) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def main() -> None:
    arguments = sys.argv[1:]
    mode = arguments.pop(0) if arguments and arguments[0] in ("--write", "--project") else None
    folder = Path(arguments.pop(0)) if mode and arguments else None
    if len(arguments) != 1 or (mode and folder is None):
        sys.exit(__doc__)
    files, shown = extract(Path(arguments[0]).read_text(encoding="utf-8"))
    needed = {"Makefile"}
    if not needed <= files.keys() or not shown:
        sys.exit(f"error: the guide lacks {sorted(needed - files.keys()) or 'the failure it prints'}")
    if mode == "--write":
        write(files, folder)
        return
    with tempfile.TemporaryDirectory() as temporary:
        project = Path(temporary) / "project"
        if mode == "--project":
            missing = sorted(name for name in files if not (folder / name).is_file())
            if missing:
                sys.exit(f"error: {folder} lacks {', '.join(missing)}")
            shutil.copytree(folder, project)
            print(f"   copied {', '.join(sorted(files))} from {folder}", flush=True)
        else:
            project.mkdir()
            write(files, project)
            print(f"   extracted {', '.join(sorted(files))}", flush=True)

        status, output = run(["make"], project)
        check("make", status, output, shown)
        if "CMakeLists.txt" not in files:
            return

        build = Path(temporary) / "build"
        for command in (["cmake", "-S", str(project), "-B", str(build)], ["cmake", "--build", str(build)]):
            status, output = run(command, project)
            if status != 0:
                print(output, file=sys.stderr)
                sys.exit(f"error: {' '.join(command)} failed")
        status, output = run(["./test_shape"], build)
        check("cmake", status, output, shown)


if __name__ == "__main__":
    main()
