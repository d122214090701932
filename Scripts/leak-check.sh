#!/usr/bin/env bash
# Registries, resolved handles and libffi registrations free what they own: under LeakSanitizer, creating
# and dropping them 20 times and 400 times must leak the same bytes (LeakSanitizer also lists a few tables
# that are built once per process and live until exit; they do not grow). A run that leaks on purpose must
# be caught, or the check itself is broken.
#
# Usage: bash Scripts/leak-check.sh [SCRATCH_PATH]   (default .build-asan; builds LeakCheck with ASan)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build-asan}"
swift build --sanitize=address --scratch-path "$scratch" --product LeakCheck 2>&1 | grep -E "error|Compiling|Build" | tail -3
binary="$scratch/debug/LeakCheck"

# The bytes LeakSanitizer reports leaked (0 when it reports none); the program itself must succeed.
leaked() {
  local output
  output=$(ASAN_OPTIONS=detect_leaks=1 "$binary" "$@" 2>&1) || true
  if ! grep -q "rounds of registries" <<<"$output"; then
    echo "LeakCheck $* did not finish:" >&2
    echo "$output" >&2
    exit 1
  fi
  sed -n 's/^SUMMARY: AddressSanitizer: \([0-9]*\) byte(s) leaked.*/\1/p' <<<"$output" | head -1 | grep . || echo 0
}

few=$(leaked 20)
many=$(leaked 400)
echo "leaked after 20 rounds: $few bytes; after 400 rounds: $many bytes"
if [ "$few" != "$many" ]; then
  echo "error: leaks grow with use ($few → $many bytes); run $binary 400 with ASAN_OPTIONS=detect_leaks=1" >&2
  exit 1
fi

control_few=$(leaked 20 --leak-on-purpose)
control_many=$(leaked 400 --leak-on-purpose)
if [ "$control_few" = "$control_many" ]; then
  echo "error: a leak made on purpose went unnoticed ($control_few → $control_many bytes)" >&2
  exit 1
fi
echo "control: a 64-byte-per-round leak is caught ($control_few → $control_many bytes)"
