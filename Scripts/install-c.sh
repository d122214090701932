#!/usr/bin/env bash
# Installs CValueKit for C into a prefix: lib/libcvalue.so.1 (self-contained: the Swift runtime and
# FoundationEssentials are linked in statically, so the C side needs only glibc, libstdc++ and libffi) and
# lib/libcvalue.a (the same, for a static link),
# include/cvalue.h, cvalue_version.h and the test-framework glue headers, share/cvalue/target/ (cvalue_target.h
# and cvalue_target.c, for firmware), lib/pkgconfig/cvalue.pc,
# lib/cmake/cvalue/ (find_package(cvalue), the imported target cvalue::cvalue), and bin/cvalue (the tool that
# writes catalog files), stripped.
#
#   Scripts/install-c.sh /usr/local            # then: cc test.c $(pkg-config --cflags --libs cvalue)
#   Scripts/install-c.sh --relocatable DIR     # cvalue.pc and the CMake files find the prefix from where they are
#   Scripts/install-c.sh --as /usr STAGE       # files in STAGE that say /usr (a package's tree: STAGE = root/usr)
#   Scripts/install-c.sh --as /usr --package-files-only STAGE   # only cvalue.pc and the CMake files, rewritten
#
# The version is read from CShims/CValueC/include/cvalue_version.h, the one place it is written.
# SwiftPM does not apply --static-swift-stdlib to dynamic products (swift-package-manager #8198), so the
# library is linked here from the objects of a release build, exporting only the cv_ functions.
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: Scripts/install-c.sh [--relocatable | --as INSTALLED_PREFIX [--package-files-only]] PREFIX"
mode=absolute
installed=
case "${1:-}" in
--relocatable) mode=relocatable; shift ;;
--as) mode=as; installed=${2:?$usage}; shift 2 ;;
esac
files_only=no
if [ "${1:-}" = --package-files-only ]; then files_only=yes; shift; fi
prefix=${1:?$usage}
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
version=$(sed -nE 's/^#define CV_VERSION_STRING "(.*)"$/\1/p' CShims/CValueC/include/cvalue_version.h)
[ -n "$version" ] || { echo "error: no CV_VERSION_STRING in cvalue_version.h" >&2; exit 1; }

if [ "$files_only" = no ]; then
echo "== swift build -c release (the cvalue tool, statically linked, and CValueC's objects)"
# Every test process of a C or C++ suite loads the library anew, and its first assertion made the Swift runtime
# demangle the name of each generic type it met (a dictionary of names, the lock around it), checking each
# conformance by a scan of every conformance record: 14% of a test process (Benchmarks/results/debug-info.md, "One test
# per process again"). With this flag our code asks for those types through their metadata accessors, with the
# conformances passed in, as the compiler knows them: 5%. The library grows by 33 KB.
flags=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
swift build -c release --static-swift-stdlib "${flags[@]}" --product cvalue
# objects only: SwiftPM cannot link this product statically
swift build -c release --static-swift-stdlib "${flags[@]}" --target CValueC
bin=$(swift build -c release --static-swift-stdlib "${flags[@]}" --show-bin-path)

echo "== linking $prefix/lib/libcvalue.so.1 (version $version)"
mkdir -p "$prefix/lib/pkgconfig" "$prefix/lib/cmake/cvalue" "$prefix/include" "$prefix/bin"
# The objects of sources still in their target: a source file deleted or moved to another target since an
# earlier build leaves its object behind in the build folder, and linking it would bring back what was removed.
source_directory() {
  case $1 in
  CValueCHeader) echo CShims/CValueC ;;
  CValueShim | CClang | CDwarf) echo "CShims/$1" ;;
  *) echo "Sources/$1" ;;
  esac
}
has_source() { [ -n "$(find "$2" -name "$(basename "${1%.o}")" -print -quit)" ]; }
objects=()
for target in CValueC CValueCHeader CValueKit CValueHeaders CValueSnapshots CValueCxxStandardLibrary CValueDebugInfo CValueShim \
  CClang CDwarf; do
  for object in "$bin/$target.build"/*.o; do
    if [ -f "$object" ] && has_source "$object" "$(source_directory "$target")"; then objects+=("$object"); fi
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

echo "== archiving $prefix/lib/libcvalue.a"
# One relocatable object holding the objects, the parts of the static Swift runtime and Foundation they use,
# and swiftrt.o, which registers the Swift metadata sections (without it a gcc-linked program's protocol
# casts silently fail). Its strong symbols other than the cv_ functions are made local, so they clash with
# nothing of the program's. Weak ones stay global: a C++ inline function's COMDAT group is kept once per
# program by its name, and a program's reference to the copy made local here would be left null (GoogleTest
# crashed so). A C program links it with: libcvalue.a -lstdc++ -lffi -ldl -lpthread -lm (cvalue.pc's static_libs).
swift_static=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift_static/linux
combined=$(mktemp -d)
trap 'rm -f "$exports"; rm -rf "$combined"' EXIT
ld -r -o "$combined/all.o" "$swift_static/$(uname -m)/swiftrt.o" "${objects[@]}" -L"$swift_static" --start-group \
  -lFoundationEssentials -l_FoundationCShims -l_FoundationCollections -lswiftSynchronization -lswift_Concurrency \
  -lswift_StringProcessing -lswift_RegexParser -lswiftCore -lswiftGlibc -ldispatch -lBlocksRuntime --end-group
grep -oE '\bcv_[a-z_0-9]+\(' CShims/CValueC/include/cvalue.h | tr -d '(' | sort -u >"$combined/api.txt"
nm --defined-only -g "$combined/all.o" | awk '$2 !~ /^[WVu]$/ {print $3}' | grep -vxF -f "$combined/api.txt" \
  >"$combined/local.txt"
objcopy --strip-debug --localize-symbols="$combined/local.txt" "$combined/all.o" "$combined/cvalue.o"
rm -f "$prefix/lib/libcvalue.a"
ar rcs "$prefix/lib/libcvalue.a" "$combined/cvalue.o"

cp CShims/CValueC/include/cvalue.h CShims/CValueC/include/cvalue_version.h CShims/CValueC/glue/cvalue_*.h "$prefix/include/"
# Firmware's files, compiled by a cross compiler, not the host's: kept out of include/, which a host build searches.
mkdir -p "$prefix/share/cvalue/target"
cp CShims/CValueC/target/cvalue_target.h CShims/CValueC/target/cvalue_target.c "$prefix/share/cvalue/target/"
cp "$bin/cvalue" "$prefix/bin/cvalue"
strip "$prefix/bin/cvalue"
fi

# What the package files say the prefix is. A relocatable tree computes it from the file's own place.
case $mode in
absolute) pc_prefix=$prefix cmake_prefix=$prefix ;;
relocatable) pc_prefix='${pcfiledir}/../..' cmake_prefix='${CMAKE_CURRENT_LIST_DIR}/../../..' ;;
as) pc_prefix=$installed cmake_prefix=$installed ;;
esac
# The system's library directory needs no run path; any other prefix does.
rpath=' -Wl,-rpath,${libdir}'
[ "$pc_prefix" != /usr ] || rpath=
cat >"$prefix/lib/pkgconfig/cvalue.pc" <<PC
prefix=$pc_prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include
# A static link: cc test.c \$(pkg-config --cflags cvalue) \$(pkg-config --variable=static_libs cvalue)
static_libs=\${libdir}/libcvalue.a -lstdc++ -lffi -ldl -lpthread -lm

Name: cvalue
Description: CValueKit for C: compare, describe and parse C values field by field
Version: $version
Libs: -L\${libdir} -lcvalue$rpath
Cflags: -I\${includedir}
PC

cat >"$prefix/lib/cmake/cvalue/cvalueConfig.cmake" <<CMAKE
# find_package(cvalue $version) → the imported target cvalue::cvalue (libcvalue.so.1 and its headers), and
# cvalue_EXECUTABLE, the cvalue tool that writes catalog files (cvalue import header.h --output x.json).
get_filename_component(_cvalue_prefix "$cmake_prefix" ABSOLUTE)
if(NOT TARGET cvalue::cvalue)
  add_library(cvalue::cvalue SHARED IMPORTED)
  set_target_properties(cvalue::cvalue PROPERTIES
    IMPORTED_LOCATION "\${_cvalue_prefix}/lib/libcvalue.so.1"
    IMPORTED_SONAME "libcvalue.so.1"
    INTERFACE_INCLUDE_DIRECTORIES "\${_cvalue_prefix}/include")
endif()
# The static archive: the Swift runtime inside, the C++ runtime, libffi and libdl from the system.
if(NOT TARGET cvalue::cvalue_static)
  add_library(cvalue::cvalue_static STATIC IMPORTED)
  set_target_properties(cvalue::cvalue_static PROPERTIES
    IMPORTED_LOCATION "\${_cvalue_prefix}/lib/libcvalue.a"
    INTERFACE_INCLUDE_DIRECTORIES "\${_cvalue_prefix}/include"
    INTERFACE_LINK_LIBRARIES "stdc++;ffi;dl;pthread;m")
endif()
set(cvalue_EXECUTABLE "\${_cvalue_prefix}/bin/cvalue")
set(cvalue_VERSION "$version")
unset(_cvalue_prefix)
CMAKE

cat >"$prefix/lib/cmake/cvalue/cvalueConfigVersion.cmake" <<CMAKE
# cvalue $version answers a request for the same major version, at most this version (SameMajorVersion).
set(PACKAGE_VERSION "$version")
if(NOT PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_FIND_VERSION_MAJOR STREQUAL "${version%%.*}" AND NOT PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
else()
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
endif()
if(NOT "\${CMAKE_SIZEOF_VOID_P}" STREQUAL "" AND NOT "\${CMAKE_SIZEOF_VOID_P}" STREQUAL "8")
  set(PACKAGE_VERSION "\${PACKAGE_VERSION} (64-bit)")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
CMAKE

echo "== installed into $prefix"
du -h "$prefix/lib/libcvalue.so.1" "$prefix/lib/libcvalue.a" "$prefix/bin/cvalue"
