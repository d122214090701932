#!/usr/bin/env python3
"""Checks that every ```swift block in README.md is tested: its lines must stand, in order and one after
another, in one of the README test files, where they compile and run with assertions:
Tests/CValueKitTests/ReadmeExampleTests.swift (the library) and
Tests/CValueTestingTests/ReadmeExampleTests.swift (the test assertions).
Indentation and import lines are ignored, so a test may nest the example inside a function.

Run from the repository root: python3 Scripts/check-readme-examples.py (exit 1 names a block that is not).
"""
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEST_FILES = [
    os.path.join("Tests", "CValueKitTests", "ReadmeExampleTests.swift"),
    os.path.join("Tests", "CValueTestingTests", "ReadmeExampleTests.swift"),
]


def lines(text):
    """The non-blank lines of a text, without indentation and without import lines (a test file has
    its imports at the top, not beside the example)."""
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("import ")]


def contains(tested, wanted):
    """Whether `wanted` stands in `tested` as consecutive lines."""
    return any(tested[i:i + len(wanted)] == wanted for i in range(len(tested) - len(wanted) + 1))


def main():
    readme = open(os.path.join(REPO, "README.md"), encoding="utf-8").read()
    tested = [lines(open(os.path.join(REPO, path), encoding="utf-8").read()) for path in TEST_FILES]
    blocks = re.findall(r"```swift\n(.*?)```", readme, flags=re.S)
    if not blocks:
        print("README.md has no ```swift blocks")
        return 1
    failures = 0
    for number, block in enumerate(blocks, 1):
        wanted = lines(block)
        if not any(contains(file_lines, wanted) for file_lines in tested):
            failures += 1
            print("README.md swift block %d is in none of %s:\n%s" % (number, ", ".join(TEST_FILES), block))
    print("%d README example(s) checked, %d untested" % (len(blocks), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
