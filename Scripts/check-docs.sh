#!/usr/bin/env bash
# Builds each module's DocC catalog against the symbol graphs and fails on any warning (broken links,
# ambiguous references, undocumented topics). Needs docc, which the Swift toolchain ships.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
for module in CValueKit CValueFixtures CValueTesting CValueNimble CValueHeaders CValueSnapshots CValueCxxStandardLibrary \
  CValueDebugInfo CValueTargetLog CValueC; do
  swift build --scratch-path .build-docs --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/$module" >/dev/null
  # Only this module's graphs (and its extensions of others), so that docc documents one module at a time.
  mkdir -p "$graphs/$module-only"
  cp "$graphs/$module/$module".symbols.json "$graphs/$module/$module"@*.symbols.json "$graphs/$module-only/" \
    2>/dev/null || true
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module-only" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.cvaluekit.$module" \
    --output-path "$graphs/$module.doccarchive" --warnings-as-errors
done
echo "DocC catalogs build without warnings"
