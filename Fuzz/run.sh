#!/usr/bin/env bash
# Builds one fuzz target and runs it: Fuzz/run.sh TARGET SECONDS [libFuzzer arguments...]
# (FUZZ_ASAN=0 runs the build without AddressSanitizer; see build.sh.)
#
# New inputs go to Fuzz/out/corpus/TARGET (kept between runs); the committed seeds in Fuzz/corpus/TARGET
# are read but never written. Crashes, timeouts and out-of-memory inputs go to Fuzz/out/artifacts/TARGET/.
# Exits 1 when the fuzzer found anything, printing the reproducer's path and how to replay it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
  echo "usage: Fuzz/run.sh encoding|value-literal|hex|fixture|union|catalog-file|c-api|debug-info SECONDS [libFuzzer arguments...]" >&2
  exit 64
fi
target=$1
seconds=$2
shift 2

Fuzz/build.sh "$target"

out=Fuzz/out
work=$out/corpus/$target
artifacts=$out/artifacts/$target
mkdir -p "$work" "$artifacts" "$out/logs"
binary=$out/fuzz-$target
log=$out/logs/$target.log
if [ "${FUZZ_ASAN:-1}" = 0 ]; then
  binary=$out/fuzz-$target-noasan
  log=$out/logs/$target-noasan.log
fi
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# UndefinedBehaviorSanitizer (in the C shims) stops the run at its first finding, with the stack: a crash.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# Leak checking is off: Swift's runtime caches (type metadata, the library's shared catalog) look like
# leaks to LeakSanitizer, and a real leak would show as growing memory, which -rss_limit_mb catches.
seeds=("Fuzz/corpus/$target")
if [ "$target" = debug-info ]; then
  # Its seeds are objects built now by the toolchain's clang (and gcc), not committed binaries.
  seeds=("$out/seeds/$target")
  Fuzz/make-debug-info-seeds.sh "${seeds[0]}"
fi
marker=$(mktemp)
set +e
"$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
  -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" "$work" "${seeds[@]}" 2>&1 | tee "$log" |
  grep -E '^(#[0-9]+.*(pulse|DONE|INITED)|stat::|==[0-9]+==|SUMMARY|Fatal error|.*(runtime error:|(crash|timeout|oom|leak)-[0-9a-f]+))'
status=${PIPESTATUS[0]}
set -e
found=$(find "$artifacts" -type f -newer "$marker" \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \))
rm -f "$marker"
if [ "$status" -ne 0 ] || [ -n "$found" ]; then
  echo "fuzz-$target FAILED (exit $status); full log: $log" >&2
  for file in $found; do
    echo "reproducer: $file   replay: SWIFT_BACKTRACE=enable=no $binary $file" >&2
  done
  exit 1
fi
echo "fuzz-$target: no findings in ${seconds}s ($(grep -E 'stat::number_of_executed_units' "$log" | awk '{print $2}') executions); log: $log"
