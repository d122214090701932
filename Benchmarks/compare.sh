#!/usr/bin/env bash
# Runs every benchmark once (release build) and prints each comparison the performance targets name as a
# ratio to its peer: Benchmarks/compare.sh [extra `swift package benchmark` arguments, e.g. --filter rect/.*]
#
# The full output goes to Benchmarks/.build/benchmark-output.txt. Exits 1 when a target is missed. Run it
# on an otherwise idle machine: the ratios are taken within one run, but another process on the same
# cores still moves them.
set -euo pipefail
cd "$(dirname "$0")"
output=.build/benchmark-output.txt
mkdir -p .build
swift package benchmark --target CValueBenchmarks --no-progress "$@" | tee "$output" >/dev/null
python3 compare.py "$output"
