#!/usr/bin/env bash
# Builds one libFuzzer target: Fuzz/build.sh encoding|value-literal|hex|fixture|union|catalog-file|c-api|debug-info
#
# The Swift code is built with AddressSanitizer (swiftc has no -sanitize=undefined: Swift traps on overflow,
# bounds and force-unwraps itself), the C shims compiled in with AddressSanitizer and UndefinedBehaviorSanitizer,
# which stops at its first finding (-fno-sanitize-recover; ASan's runtime carries UBSan's).
#
# With FUZZ_ASAN=0 the target is built without AddressSanitizer (into Fuzz/out/fuzz-TARGET-noasan, from
# Fuzz/out/lib-noasan): two to three times as many executions per second, for the long runs. Swift's own
# checks (bounds, overflow, force-unwraps, exclusivity) and UBSan in the C shims stay in; CI's smoke runs
# keep AddressSanitizer.
#
# CValueKit is compiled once (whole module, instrumented for libFuzzer and AddressSanitizer) into
# Fuzz/out/lib and reused by every target until a source changes, and so is CValueFixtures for the fixture
# target; the target is compiled against them and linked into Fuzz/out/fuzz-TARGET. No SwiftPM: the fuzzer
# sanitizer needs its own link.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: Fuzz/build.sh encoding|value-literal|hex|fixture|union|catalog-file|c-api|debug-info" >&2; exit 64; }
[ $# -eq 1 ] || usage
target=$1
case "$target" in
  encoding) main=Fuzz/Targets/EncodingFuzz.swift ;;
  value-literal) main=Fuzz/Targets/ValueLiteralFuzz.swift ;;
  hex) main=Fuzz/Targets/HexFuzz.swift ;;
  fixture) main=Fuzz/Targets/FixtureFuzz.swift ;;
  union) main=Fuzz/Targets/UnionFuzz.swift ;;
  catalog-file) main=Fuzz/Targets/CatalogFileFuzz.swift ;;
  c-api) main=Fuzz/Targets/CAPIFuzz.swift ;;
  debug-info) main=Fuzz/Targets/DebugInfoFuzz.swift ;;
  *) usage ;;
esac

out=Fuzz/out
if [ "${FUZZ_ASAN:-1}" = 0 ]; then
  lib=$out/lib-noasan
  binary=$out/fuzz-$target-noasan
  swift_sanitizers=-sanitize=fuzzer
  c_sanitizers=-fsanitize=fuzzer-no-link,undefined
else
  lib=$out/lib
  binary=$out/fuzz-$target
  swift_sanitizers=-sanitize=fuzzer,address
  c_sanitizers=-fsanitize=fuzzer-no-link,address,undefined
fi
mkdir -p "$lib"
export SWIFT_BACKTRACE=enable=no
# Two runs started together must not both rebuild the library: the second waits for the first.
exec 9>"$lib/.lock"
flock 9

# -O, not -Onone: an unoptimised build runs several times slower, and the checks the fuzzer is after
# (traps on overflow, bounds and force-unwraps, ASan's memory errors, deep recursion) stay in -O builds.
# -g keeps the crash stacks readable.
# One package name for the library and the fuzz targets, as SwiftPM gives its targets: the hex reader uses
# the library's `package` declarations.
swift_flags=("$swift_sanitizers" -parse-as-library -O -g -swift-version 6 -package-name CValueKit)
c_flags=("$c_sanitizers" -fno-sanitize-recover=undefined -O1 -g -fno-omit-frame-pointer)
module_paths=(-I "$lib" -I Fuzz/modules/CValueShim -I CShims/CFFI -I CShims/CValueShim/include
  -I Fuzz/modules/CClang -I Fuzz/modules/CDwarf)
# As Package.swift builds the library targets: one package (CValueFixtures uses CValueKit's `package`
# members), imports internal unless written `public import`.
library_flags=(-package-name CValueKit -enable-upcoming-feature InternalImportsByDefault)

# Rebuild the library only when one of its inputs is newer than the built module.
kit_sources=()
while IFS= read -r file; do kit_sources+=("$file"); done < <(find Sources/CValueKit -name '*.swift' | sort)
stamp=$lib/CValueKit.swiftmodule
if [ ! -f "$stamp" ] || [ -n "$(find Sources/CValueKit CShims Fuzz/modules Fuzz/build.sh -newer "$stamp" -type f | head -1)" ]; then
  echo "== compiling CValueShim (clang)"
  clang "${c_flags[@]}" -I CShims/CValueShim/include -c CShims/CValueShim/CValueShim.c -o "$lib/CValueShim.o"
  echo "== compiling CValueKit (${#kit_sources[@]} files)"
  swiftc "${swift_flags[@]}" "${library_flags[@]}" -module-name CValueKit -wmo -c \
    "${module_paths[@]}" -emit-module -emit-module-path "$stamp.tmp" \
    "${kit_sources[@]}" -o "$lib/CValueKit.o" 2>&1
  mv "$stamp.tmp" "$stamp"
fi
objects=("$lib/CValueKit.o" "$lib/CValueShim.o")

if [ "$target" = fixture ]; then
  fixture_sources=()
  while IFS= read -r file; do fixture_sources+=("$file"); done < <(find Sources/CValueFixtures -name '*.swift' | sort)
  fixture_stamp=$lib/CValueFixtures.swiftmodule
  if [ ! -f "$fixture_stamp" ] || [ -n "$(find Sources/CValueFixtures "$stamp" Fuzz/build.sh -newer "$fixture_stamp" -type f | head -1)" ]; then
    echo "== compiling CValueFixtures (${#fixture_sources[@]} files)"
    swiftc "${swift_flags[@]}" "${library_flags[@]}" -module-name CValueFixtures -wmo -c \
      "${module_paths[@]}" -emit-module -emit-module-path "$fixture_stamp.tmp" \
      "${fixture_sources[@]}" -o "$lib/CValueFixtures.o" 2>&1
    mv "$fixture_stamp.tmp" "$fixture_stamp"
  fi
  objects+=("$lib/CValueFixtures.o")
fi

# The library modules past CValueKit each target needs, in dependency order, and the C shims they load
# libclang and libdw with (the libraries themselves are the system's, uninstrumented: AddressSanitizer sees
# their heap, libFuzzer their crashes). CValueC is cvalue.h's functions, the status names in C beside it.
case "$target" in
  catalog-file) modules=(CValueHeaders) shims=(CClang) ;;
  debug-info) modules=(CValueHeaders CValueCxxStandardLibrary CValueDebugInfo) shims=(CClang CDwarf) ;;
  c-api) modules=(CValueHeaders CValueCxxStandardLibrary CValueDebugInfo CValueSnapshots CValueC) shims=(CClang CDwarf) ;;
  *) modules=() shims=() ;;
esac
previous=$stamp
for module in ${modules[@]+"${modules[@]}"}; do
  module_sources=()
  while IFS= read -r file; do module_sources+=("$file"); done < <(find "Sources/$module" -name '*.swift' | sort)
  module_stamp=$lib/$module.swiftmodule
  if [ ! -f "$module_stamp" ] || [ -n "$(find "Sources/$module" "$previous" CShims Fuzz/build.sh -newer "$module_stamp" -type f | head -1)" ]; then
    echo "== compiling $module (${#module_sources[@]} files)"
    swiftc "${swift_flags[@]}" "${library_flags[@]}" -module-name "$module" -wmo -c \
      "${module_paths[@]}" -I Fuzz/modules/CValueCHeader -emit-module -emit-module-path "$module_stamp.tmp" \
      "${module_sources[@]}" -o "$lib/$module.o" 2>&1
    mv "$module_stamp.tmp" "$module_stamp"
  fi
  objects+=("$lib/$module.o")
  previous=$module_stamp
done
for shim in ${shims[@]+"${shims[@]}"}; do
  # Every C file of the shim (CDwarf has the fingerprints of its type index beside its loader).
  for source in CShims/"$shim"/*.c; do
    object="$lib/$shim-$(basename "$source" .c).o"
    clang "${c_flags[@]}" -I "CShims/$shim/include" -c "$source" -o "$object"
    objects+=("$object")
  done
done
if [ "$target" = c-api ]; then
  clang "${c_flags[@]}" -I CShims/CValueC/include -c CShims/CValueC/cvalue_status.c -o "$lib/cvalue_status.o"
  objects+=("$lib/cvalue_status.o")
  module_paths+=(-I Fuzz/modules/CValueCHeader)
fi

sources=("$main")
if [ "$target" = hex ]; then
  # The cvalue tool is an executable target, so its hex reader is compiled in directly (BadInput itself
  # lives with the ArgumentParser command, so the fuzz target declares its own).
  sources+=(Sources/cvalue/HexBytes.swift Sources/cvalue/ToolText.swift)
fi

echo "== compiling and linking fuzz-$target"
swiftc "${swift_flags[@]}" -module-name "Fuzz_${target//-/_}" "${module_paths[@]}" \
  "${sources[@]}" "${objects[@]}" -lffi -ldl -use-ld=lld -o "$binary"
echo "built $binary"
