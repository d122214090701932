#!/usr/bin/env bash
# CI smoke run: builds every fuzz target and runs each for SECONDS (default 60), one after another.
# Exits 1 if any target found a crash, timeout or out-of-memory input (the reproducers are printed).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
failed=()
for target in encoding value-literal hex fixture union catalog-file c-api debug-info; do
  echo "== fuzz $target for ${seconds}s"
  if ! Fuzz/run.sh "$target" "$seconds"; then failed+=("$target"); fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz smoke: all targets ran ${seconds}s without findings"
