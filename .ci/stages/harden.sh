#!/usr/bin/env bash
# Hardening: the cross-target header oracle and the DocC catalogs, the header import and the DWARF reader
# fuzzed against the compilers, the tests under AddressSanitizer and ThreadSanitizer, the leak check, and a
# short run of every fuzz target. Longer fuzzing is Fuzz/run.sh's and the differential scripts' default, run
# by hand.
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "== the cross-target header oracle regenerates as committed (clang -target T -S and _Static_asserts)"
regenerated=$(mktemp)
python3 Scripts/headers/generate-cross-oracle.py --output "$regenerated" >/dev/null
if ! diff <(grep -v '"compiler"' "$regenerated") <(grep -v '"compiler"' Tests/Fixtures/headers/cross-target-oracle.json) >/dev/null; then
  echo "error: Tests/Fixtures/headers/cross-target-oracle.json differs from what the compiler reports now" >&2
  exit 1
fi
rm -f "$regenerated"

echo "== DocC catalogs"
bash Scripts/check-docs.sh

swift build --product cvalue 2>&1 | tail -n 1
cvalue=$(swift build --show-bin-path)/cvalue

# A fixed seed, so that CI is deterministic: longer runs with random seeds are the scripts' default.
echo "== differential fuzzing of the header import and of the DWARF reader against clang (random record declarations, a minute, seed 1000)"
python3 Scripts/headers/differential.py --seconds 60 --seed 1000 --cvalue "$cvalue"

echo "== differential fuzzing of C++ records read from debug info against g++ and clang++ (random class hierarchies: bases, empty, polymorphic and non-POD ones; 30 s, seed 1000)"
python3 Scripts/headers/differential-cpp.py --seconds 30 --seed 1000 --cvalue "$cvalue"

echo "== the tests under AddressSanitizer (XCTest leaks by itself, so leaks are checked separately below)"
ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address --scratch-path .build-asan

echo "== registries, handles and libffi registrations free what they own (LeakSanitizer)"
bash Scripts/leak-check.sh .build-asan

echo "== the tests under ThreadSanitizer"
TSAN_OPTIONS=halt_on_error=1 swift test --sanitize=thread --scratch-path .build-tsan

# Eight targets, 40 s each (longer runs are Fuzz/run.sh's).
echo "== fuzz smoke: every target for 40 seconds"
bash Fuzz/smoke.sh 40
