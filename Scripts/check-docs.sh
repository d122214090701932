#!/usr/bin/env bash
# Builds the DocC catalog against CValueKit's symbol graph and fails on any warning (broken links,
# ambiguous references, undocumented topics). Needs docc, which the Swift toolchain ships.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift build --scratch-path .build-docs --target CValueKit \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
docc convert Sources/CValueKit/CValueKit.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name CValueKit --fallback-bundle-identifier org.cvaluekit.CValueKit \
  --output-path "$graphs/CValueKit.doccarchive" --warnings-as-errors
echo "DocC catalog builds without warnings"
