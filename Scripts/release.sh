#!/usr/bin/env bash
# The release artifacts of CValueKit for C, from one release build, into OUTDIR (default: release/, ignored by git):
#   cvalue-VERSION-linux-ARCH.tar.xz   a relocatable tree: lib/libcvalue.so.1 (+ libcvalue.so), lib/libcvalue.a, include/,
#                                      lib/pkgconfig/cvalue.pc, lib/cmake/cvalue/, bin/cvalue, README, LICENSE,
#                                      THIRD-PARTY-NOTICES (the Swift runtime and Foundation linked in),
#                                      examples/shape (the C guide's Make and CMake project)
#   cvalue_VERSION_ARCH.deb            the same files under /usr, with Debian's run-time dependencies and
#                                      usr/share/doc/cvalue/copyright (DEP-5) and examples/
# Both are made by Scripts/install-c.sh; the version is cvalue_version.h's. The archive needs no Swift: the
# Swift runtime is linked into the library and the tool (Tests/Consumers/run.sh proves it with no toolchain
# reachable).
#
#   Scripts/release.sh [OUTDIR]
#
set -euo pipefail
cd "$(dirname "$0")/.."

# dpkg-shlibdeps (dpkg-dev) reads the package's dependencies; xz compresses the archive (.ci/packages.txt).
bash .ci/install-packages.sh --only release

out=${1:-release}
mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$(sed -nE 's/^#define CV_VERSION_STRING "(.*)"$/\1/p' CShims/CValueC/include/cvalue_version.h)
arch=$(uname -m)                       # x86_64, aarch64: the archive's name
deb_arch=$(dpkg --print-architecture)  # amd64, arm64: the package's
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== the archive: cvalue-$version-linux-$arch.tar.xz"
name=cvalue-$version-linux-$arch
tree=$work/$name
bash Scripts/install-c.sh --relocatable "$tree"
# The README's paths name the directory the archive unpacks to.
sed -e "s/@VERSION@/$version/g" -e "s/@DIRECTORY@/$name/g" Scripts/release/README.txt >"$tree/README"
cp CHANGELOG.md "$tree/"
# The C guide's complete project (shape.h, shape.c, test_shape.c, a Makefile and a CMakeLists.txt), written from
# the guide itself, so the archive alone holds a test to start from (Tests/Consumers/run.sh builds this copy).
python3 Scripts/check-c-docs.py --write "$tree/examples/shape" Sources/CValueC/CValueC.docc/CValueC.md
# The license, and what the statically linked Swift runtime and Foundation are under (Scripts/release/).
cp LICENSE "$tree/"
swift_version=$(swiftc --version 2>/dev/null | sed -nE 's/.*Swift version ([0-9.]+).*/\1/p' | head -n 1)
sed -e "s/@VERSION@/$version/g" -e "s/@SWIFT_VERSION@/${swift_version:?no Swift version from swiftc --version}/g" \
  Scripts/release/THIRD-PARTY-NOTICES.txt >"$tree/THIRD-PARTY-NOTICES"
# xz -9: its 64 MiB window sees that the tool, the shared library and the static one hold the same Swift runtime
# and code, which gzip's 32 KB window cannot (8.7 MB against gzip's 22.5 MB, 2026-11-29); one thread, so that the
# archive is the same bytes on every machine.
tar -C "$work" --owner=0 --group=0 --numeric-owner -cf - "$name" | xz -9 -T1 >"$out/$name.tar.xz"

echo "== the Debian package: cvalue_${version}_$deb_arch.deb"
package=$work/deb
mkdir -p "$package/DEBIAN"
# The archive's files, with cvalue.pc and the CMake files saying /usr.
mkdir -p "$package/usr"
cp -a "$tree/bin" "$tree/include" "$tree/lib" "$package/usr/"
bash Scripts/install-c.sh --as /usr --package-files-only "$package/usr" >/dev/null
mkdir -p "$package/usr/share/doc/cvalue"
gzip -9n <CHANGELOG.md >"$package/usr/share/doc/cvalue/changelog.gz"
cp -r "$tree/examples" "$package/usr/share/doc/cvalue/"
# Debian's machine-readable copyright file (DEP-5): the package's license and the statically linked parts'.
cp Scripts/release/copyright "$package/usr/share/doc/cvalue/copyright"
# Debian's run-time dependencies of the library and the tool, as dpkg-shlibdeps reads them from NEEDED, and
# libdw1, which no NEEDED names: the library dlopens it for every zero-set-up assertion (the test's own debug
# info), the C path the README shows first, so it is a dependency, not a recommendation that
# --no-install-recommends (as CI images install) would leave out. 0.171 has dwarf_get_units, the newest
# function the library uses. libclang stays recommended: only `cvalue import` needs it.
mkdir -p "$work/shlibs/debian"
: >"$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$package/usr/lib/libcvalue.so.1" "$package/usr/bin/cvalue" 2>/dev/null |
  sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "error: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$package" | cut -f1)
cat >"$package/DEBIAN/control" <<CONTROL
Package: cvalue
Version: $version
Architecture: $deb_arch
Maintainer: CValueKit
Installed-Size: $size
Depends: $depends, libdw1 (>= 0.171)
Recommends: libclang1-14 | libclang1
Section: libdevel
Priority: optional
Description: compare, describe and parse C values field by field, from C tests
 libcvalue.so.1, cvalue.h and glue headers for cmocka, Criterion, Check,
 GoogleTest, Catch2, doctest and Unity, cvalue.pc and a CMake package (cvalue::cvalue), and the cvalue
 tool that writes catalog files from C headers (with libclang, recommended).
 Assertions that name a C type read it from the test's own debug info
 (built with -g) through elfutils' libdw.
CONTROL
# zstd: xz took minutes on a loaded 2-core machine, for 12 MB less; Debian 12 and Ubuntu 22.04 read zstd.
dpkg-deb -Zzstd --root-owner-group --build "$package" "$out/cvalue_${version}_$deb_arch.deb" >/dev/null

echo "== release artifacts in $out"
du -h "$out/$name.tar.xz" "$out/cvalue_${version}_$deb_arch.deb"
# The archive's size budget (Benchmarks/results/release.md): a C developer downloads it into every
# CI image. 21.2 MiB as .tar.gz on 2026-11-28, after the tool stopped linking all of Foundation (62 MB of tool, 39 MB
# archive); 8.3 MiB as .tar.xz on 2026-11-29. The budget is the issue's goal, 12 MB.
budget=12000000
archive_size=$(stat -c %s "$out/$name.tar.xz")
if [ "$archive_size" -gt "$budget" ]; then
  echo "error: $name.tar.xz is $archive_size bytes, over the budget of $budget (Benchmarks/results/release.md)" >&2
  exit 1
fi
echo "   $name.tar.xz: $archive_size bytes, within the budget of $budget"
