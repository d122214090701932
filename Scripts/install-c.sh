#!/usr/bin/env bash
# Installs CValueKit for C into a prefix: lib/libcvalue.so (self-contained: the Swift runtime and FoundationEssentials
# are linked in statically, so the C side needs only glibc, libstdc++ and libffi), include/cvalue.h and the
# test-framework glue headers, lib/pkgconfig/cvalue.pc, and bin/cvalue (the tool that writes catalog files).
#
#   Scripts/install-c.sh /usr/local        # then: cc test.c $(pkg-config --cflags --libs cvalue)
#
# SwiftPM does not apply --static-swift-stdlib to dynamic products (swift-package-manager #8198), so the
# library is linked here from the objects of a release build, exporting only the cv_ functions.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=${1:?usage: Scripts/install-c.sh PREFIX}
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

echo "== swift build -c release (the cvalue tool, statically linked, and CValueC's objects)"
swift build -c release --static-swift-stdlib --product cvalue
swift build -c release --static-swift-stdlib --target CValueC  # objects only: SwiftPM cannot link this product statically
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

echo "== linking $prefix/lib/libcvalue.so"
mkdir -p "$prefix/lib/pkgconfig" "$prefix/include" "$prefix/bin"
# The objects of sources still in the tree: a source file deleted since an earlier build leaves its object
# behind in the build folder, and linking it would bring back what was removed.
has_source() { [ -n "$(find Sources CShims -name "$(basename "${1%.o}")" -print -quit)" ]; }
objects=()
for target in CValueC CValueCHeader CValueKit CValueHeaders CValueShim CClang; do
  for object in "$bin/$target.build"/*.o; do
    if [ -f "$object" ] && has_source "$object"; then objects+=("$object"); fi
  done
done
exports=$(mktemp)
trap 'rm -f "$exports"' EXIT
# Exported: the functions cvalue.h marks CV_EXTERN, and nothing else. -fvisibility=hidden cannot do it, since
# the Swift objects' public symbols (the runtime's, CValueKit's) are default visibility whatever the C flags,
# so the linker is given a version script made from the CV_EXTERN declarations. Scripts/check-c-exports.sh
# checks the result.
{
  echo "CVALUE_1 { global:"
  bash Scripts/check-c-exports.sh --header-functions CShims/CValueC/include/cvalue.h | sed 's/$/;/'
  echo "local: *; };"
} >"$exports"
swiftc -emit-library -static-stdlib -o "$prefix/lib/libcvalue.so.1" "${objects[@]}" \
  -lFoundationEssentials -lffi -ldl \
  -Xlinker --version-script="$exports" -Xlinker -soname=libcvalue.so.1 -Xlinker --gc-sections
strip --strip-unneeded "$prefix/lib/libcvalue.so.1"
ln -sf libcvalue.so.1 "$prefix/lib/libcvalue.so"

cp CShims/CValueC/include/cvalue.h CShims/CValueC/include/cvalue_version.h CShims/CValueC/glue/cvalue_*.h "$prefix/include/"
cp "$bin/cvalue" "$prefix/bin/cvalue"

cat >"$prefix/lib/pkgconfig/cvalue.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: cvalue
Description: CValueKit for C: compare, describe and parse C values field by field
Version: 1.0.0
Libs: -L\${libdir} -lcvalue -Wl,-rpath,\${libdir}
Cflags: -I\${includedir}
PC

echo "== installed into $prefix"
du -h "$prefix/lib/libcvalue.so.1" "$prefix/bin/cvalue"
