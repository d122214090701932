#!/usr/bin/env python3
"""Builds and runs the complete files of the C guide, as a reader would copy them, against an installed or
unpacked release (pkg-config, CMake and the cvalue tool found through PKG_CONFIG_PATH, CMAKE_PREFIX_PATH and
PATH, as the guide sets them).

A fenced code block whose first line is a comment `file: NAME` (`/* file: shape.h */`, `# file: Makefile`)
is written to NAME in a new folder. Then the project is built twice, by `make` (its default rule builds the
test and the catalog and runs the test) and by CMake (configure, build, run the test from the build folder),
and each run's output, through a pipe as in a CI log, must hold the failure block the guide shows (the
fenced block starting `[ RUN`), file names aside.

    Scripts/check-c-docs.py Sources/CValueC/CValueC.docc/CValueC.md
    Scripts/check-c-docs.py --write DIR GUIDE     writes the guide's files into DIR and builds nothing (the
                                                   release's examples/shape)
    Scripts/check-c-docs.py --project DIR GUIDE   builds the files already in DIR (an unpacked release's
                                                   examples/shape, copied out), not the guide's
"""

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

FILE_MARK = re.compile(r"^(?:/\*|//|#)\s*file:\s*([\w.\-]+)\s*(?:\*/)?\s*$")
BLOCK = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)


def extract(page: str) -> tuple[dict[str, str], list[str]]:
    files: dict[str, str] = {}
    shown: list[str] = []
    for match in BLOCK.finditer(page):
        body = match.group(1)
        first, _, rest = body.partition("\n")
        mark = FILE_MARK.match(first)
        if mark:
            if mark.group(1) in files:
                sys.exit(f"error: the guide has two blocks for {mark.group(1)}")
            files[mark.group(1)] = rest
        elif first.startswith("[ RUN"):
            shown = body.rstrip("\n").splitlines()
    return files, shown


def run(command: list[str], folder: Path) -> tuple[int, str]:
    # stdout and stderr into one pipe, as a CI log reads them.
    done = subprocess.run(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return done.returncode, done.stdout


def shows(output: str, shown: list[str]) -> bool:
    lines = [re.sub(r"[^ :]*/(test_\w+\.c)", r"\1", line) for line in output.splitlines()]
    return any(lines[i : i + len(shown)] == shown for i in range(len(lines) - len(shown) + 1))


def check(name: str, status: int, output: str, shown: list[str]) -> None:
    if status == 0 or not shows(output, shown):
        print(output, file=sys.stderr)
        sys.exit(f"error: {name}: status {status}, and the output above is not the failure the guide shows")
    print(f"   {name}: fails as the guide shows, under its test", flush=True)


NEEDED = {"shape.h", "shape.c", "test_shape.c", "Makefile", "CMakeLists.txt"}


def main() -> None:
    arguments = sys.argv[1:]
    mode = arguments.pop(0) if arguments and arguments[0] in ("--write", "--project") else None
    folder = Path(arguments.pop(0)) if mode and arguments else None
    if len(arguments) != 1 or (mode and folder is None):
        sys.exit(__doc__)
    files, shown = extract(Path(arguments[0]).read_text(encoding="utf-8"))
    if not NEEDED <= files.keys() or not shown:
        sys.exit(f"error: the guide lacks {sorted(NEEDED - files.keys()) or 'the failure it prints'}")
    if mode == "--write":
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        return
    with tempfile.TemporaryDirectory() as temporary:
        project = Path(temporary) / "project"
        if mode == "--project":
            missing = sorted(name for name in NEEDED if not (folder / name).is_file())
            if missing:
                sys.exit(f"error: {folder} lacks {', '.join(missing)}")
            shutil.copytree(folder, project)
            print(f"   copied {', '.join(sorted(path.name for path in project.iterdir()))} from {folder}", flush=True)
        else:
            project.mkdir()
            for name, text in files.items():
                (project / name).write_text(text, encoding="utf-8")
            print(f"   extracted {', '.join(sorted(files))}", flush=True)

        status, output = run(["make"], project)
        check("make", status, output, shown)

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
