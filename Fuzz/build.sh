#!/usr/bin/env bash
# Builds one libFuzzer target: Fuzz/build.sh encoding|value-literal|hex|fixture
#
# CValueKit is compiled once (whole module, instrumented for libFuzzer and AddressSanitizer) into
# Fuzz/out/lib and reused by every target until a source changes; the target is compiled against it and
# linked into Fuzz/out/fuzz-TARGET. No SwiftPM: the fuzzer sanitizer needs its own link.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: Fuzz/build.sh encoding|value-literal|hex|fixture" >&2; exit 64; }
[ $# -eq 1 ] || usage
target=$1
case "$target" in
  encoding) main=Fuzz/Targets/EncodingFuzz.swift ;;
  value-literal) main=Fuzz/Targets/ValueLiteralFuzz.swift ;;
  hex) main=Fuzz/Targets/HexFuzz.swift ;;
  fixture) main=Fuzz/Targets/FixtureFuzz.swift ;;
  *) usage ;;
esac

out=Fuzz/out
lib=$out/lib
mkdir -p "$lib"
export SWIFT_BACKTRACE=enable=no

# -O, not -Onone: an unoptimised build runs several times slower, and the checks the fuzzer is after
# (traps on overflow, bounds and force-unwraps, ASan's memory errors, deep recursion) stay in -O builds.
# -g keeps the crash stacks readable.
swift_flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6)
c_flags=(-fsanitize=fuzzer-no-link,address -O1 -g -fno-omit-frame-pointer)
module_paths=(-I "$lib" -I Fuzz/modules/CValueShim -I CShims/CFFI -I CShims/CValueShim/include)

# Rebuild the library only when one of its inputs is newer than the built module.
kit_sources=()
while IFS= read -r file; do kit_sources+=("$file"); done < <(find Sources/CValueKit -name '*.swift' | sort)
stamp=$lib/CValueKit.swiftmodule
if [ ! -f "$stamp" ] || [ -n "$(find Sources/CValueKit CShims Fuzz/modules Fuzz/build.sh -newer "$stamp" -type f | head -1)" ]; then
  echo "== compiling CValueShim (clang)"
  clang "${c_flags[@]}" -I CShims/CValueShim/include -c CShims/CValueShim/CValueShim.c -o "$lib/CValueShim.o"
  echo "== compiling CValueKit (${#kit_sources[@]} files)"
  swiftc "${swift_flags[@]}" -module-name CValueKit -wmo -c \
    "${module_paths[@]}" -emit-module -emit-module-path "$stamp.tmp" \
    "${kit_sources[@]}" -o "$lib/CValueKit.o" 2>&1
  mv "$stamp.tmp" "$stamp"
fi

sources=("$main")
if [ "$target" = hex ]; then
  # The cvalue tool is an executable target, so its hex reader is compiled in directly, with the one
  # file it needs for caret messages (BadInput itself lives with the ArgumentParser command, so the
  # fuzz target declares its own).
  sources+=(Sources/cvalue/HexBytes.swift Sources/cvalue/Caret.swift)
fi

echo "== compiling and linking fuzz-$target"
swiftc "${swift_flags[@]}" -module-name "Fuzz_${target//-/_}" "${module_paths[@]}" \
  "${sources[@]}" "$lib/CValueKit.o" "$lib/CValueShim.o" -lffi -use-ld=lld -o "$out/fuzz-$target"
echo "built $out/fuzz-$target"
