#!/usr/bin/env bash
# The gate: what every change must pass before anything slower runs. The build with no warnings from our own
# code, the README's main command, formatting, the public API and the one-way flow, and the README's examples;
# .ci/run then runs the README's test command, `swift test`.
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "== swift build (warnings from our own code fail the build)"
swift build --build-tests 2>&1 | tee .build-ci.log
if grep -E "^/.*/(Sources|Tests|CShims)/.*: warning:" .build-ci.log; then
  echo "error: the build has warnings (listed above)" >&2
  exit 1
fi

echo "== the README's main command"
swift run cvalue layout rect

echo "== one version: cvalue_version.h, CHANGELOG.md's newest heading and cvalue --version"
bash Scripts/check-version.sh "$(swift build --show-bin-path)/cvalue"

echo "== swift format lint --strict"
swift format lint --strict -r Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Benchmarks Fuzz/Targets

echo "== the public API is the reviewed one in PUBLIC_API.txt (regenerate it after a reviewed change)"
swift package dump-symbol-graph --skip-synthesized-members >/dev/null
python3 Scripts/public-api.py --check PUBLIC_API.txt

echo "== the flow runs one way: no folder of CValueKit uses a type from a folder after it"
python3 Scripts/check-dependencies.py
planted=$(mktemp -d)
cp -r Sources/CValueKit "$planted/"
echo 'let planted: ValueRegistry? = nil' >>"$planted/CValueKit/Encoding/FieldPath.swift"
if python3 Scripts/check-dependencies.py --root "$planted/CValueKit" >/dev/null 2>&1; then
  echo "error: the dependency check missed a planted back edge" >&2
  exit 1
fi
rm -rf "$planted"

echo "== the cvalue tool and the C library use the public API only (type-checked without the package's name)"
python3 Scripts/check-public-use.py
planted=$(mktemp -d)
cp Sources/cvalue/*.swift "$planted/"
echo 'let planted = CLayout.Node.self' >>"$planted/LayoutTable.swift"
if python3 Scripts/check-public-use.py --target "cvalue=$planted" >/dev/null 2>&1; then
  echo "error: the public-API check missed a planted use of a package symbol" >&2
  exit 1
fi
rm -rf "$planted"

echo "== README examples are the tested ones"
python3 Scripts/check-readme-examples.py
