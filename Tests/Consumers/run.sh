#!/usr/bin/env bash
# Proof that C and C++ projects use the release with no Swift: four consumer projects, each built and run
# against the unpacked archive and against the installed Debian package, in an environment where no Swift
# toolchain is reachable (PATH is the system's, nothing of the toolchain in any *PATH variable, and `ldd` and
# `readelf -d` of the library, the tool and every test binary name no file under it):
#   cmake-gtest   CMake find_package(cvalue 1.0 REQUIRED), cvalue::cvalue and cvalue::cvalue_static, GoogleTest (C++)
#   make-cmocka   Make, pkg-config (libcvalue.so and, through static_libs, libcvalue.a), cmocka (C)
#   meson-check   Meson dependency('cvalue'), Check (C)
#   make-unity    Make, pkg-config, Unity (C, laid out as Ceedling lays a project out; Unity from Tests/C/vendor)
# The first three make their catalog with the release's `cvalue import` from a header of their own (the Unity
# one reads its types from its own debug info); each has one passing and one failing test (cmake-gtest two of
# each: its second pair compares a namespaced C++ type holding a std::string and a std::vector with no set-up,
# from the test's own debug info), and its output
# (through a pipe, as in a CI log) must be Tests/Consumers/expected/<project>.txt.
# Then the complete files of the C guide and of its Unity article are extracted and run against the archive
# (Scripts/check-c-docs.py), and so is the archive's own copy of the guide's, examples/shape (and the Debian
# package's, under /usr/share/doc).
#
#   Tests/Consumers/run.sh cvalue-1.0.0-linux-x86_64.tar.xz cvalue_1.0.0_amd64.deb   (as root: dpkg -i, dpkg -r)
set -euo pipefail
archive=$(readlink -f "${1:?usage: Tests/Consumers/run.sh ARCHIVE DEB}")
deb=$(readlink -f "${2:?usage: Tests/Consumers/run.sh ARCHIVE DEB}")
cd "$(dirname "$0")"
here=$(pwd)
root=$(cd ../.. && pwd)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# CMake, Meson, Ninja, the frameworks and pkg-config, from .ci/packages.txt (its release stage's own packages).
bash "$root/.ci/install-packages.sh" --only release

# The toolchain, found before it is taken off every path.
toolchain=
if command -v swift >/dev/null 2>&1; then toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")"); fi
echo "== the Swift toolchain (${toolchain:-none found}) is taken off every path"
system_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH=$system_path
unset LD_LIBRARY_PATH LIBRARY_PATH CPATH C_INCLUDE_PATH CPLUS_INCLUDE_PATH PKG_CONFIG_PATH CMAKE_PREFIX_PATH \
  LD_PRELOAD SDKROOT
for tool in swift swiftc swift-frontend; do
  if command -v "$tool" >/dev/null 2>&1; then echo "error: $tool is still reachable" >&2; exit 1; fi
done
if [ -n "$toolchain" ] && env | grep -F "$toolchain"; then
  echo "error: the environment still names the toolchain (above)" >&2
  exit 1
fi

# No file under the toolchain, and nothing missing, in what the binary loads or says it loads.
self_contained() { # files...
  local file
  for file in "$@"; do
    local seen
    seen=$(ldd "$file"; readelf -d "$file")
    if [ -n "$toolchain" ] && grep -F "$toolchain" <<<"$seen"; then
      echo "error: $file reaches the Swift toolchain (above)" >&2
      exit 1
    fi
    if grep -E "not found|swift" <<<"$seen"; then
      echo "error: $file needs a library that is not here (above)" >&2
      exit 1
    fi
  done
  echo "   ldd and readelf -d: no toolchain path in $(for file in "$@"; do printf '%s ' "$(basename "$file")"; done)"
}

work=$(mktemp -d)
installed=no
cleanup() {
  if [ "$installed" = yes ]; then as_root dpkg -r cvalue >/dev/null || echo "warning: dpkg -r cvalue failed" >&2; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Runs a test binary from its build folder through a pipe; its output, file names made relative, must be
# the expected file exactly, and its status 1.
failing() { # project, build folder, binary, arguments...
  local project=$1 build=$2 binary=$3
  shift 3
  local status=0
  (cd "$build" && "./$binary" "$@" 2>&1 | cat; exit "${PIPESTATUS[0]}") >"$build/out.raw" || status=$?
  sed -E 's#[^ :]*/(test_[a-z]+\.(c|cpp))#\1#g' "$build/out.raw" >"$build/out.txt"
  if ! diff -u "$here/expected/$project.txt" "$build/out.txt"; then
    echo "error: $project's output differs from Tests/Consumers/expected/$project.txt (above)" >&2
    exit 1
  fi
  if [ "$status" -ne 1 ]; then
    echo "error: $project's tests exited with $status, expected 1 (tests fail on purpose)" >&2
    exit 1
  fi
  echo "   $project ($binary): one test passes, one fails naming its field, output as expected"
}

consumers() { # folder name, label
  local dir=$work/$1 label=$2
  mkdir -p "$dir"
  cp -r "$here/cmake-gtest" "$here/make-cmocka" "$here/meson-check" "$here/make-unity" "$dir/"

  echo "== cmake-gtest against the $label"
  cmake -S "$dir/cmake-gtest" -B "$dir/cmake-gtest/build" -G Ninja >"$dir/cmake.log" 2>&1 ||
    { cat "$dir/cmake.log"; exit 1; }
  grep -E "cvalue" "$dir/cmake-gtest/build/CMakeCache.txt" | grep -E "^cvalue_DIR" | sed 's/^/   /'
  ninja -C "$dir/cmake-gtest/build" >"$dir/cmake-build.log" 2>&1 || { cat "$dir/cmake-build.log"; exit 1; }
  self_contained "$dir/cmake-gtest/build/test_sensor" "$dir/cmake-gtest/build/test_sensor_static"
  failing cmake-gtest "$dir/cmake-gtest/build" test_sensor --gtest_print_time=0
  failing cmake-gtest "$dir/cmake-gtest/build" test_sensor_static --gtest_print_time=0

  echo "== make-cmocka against the $label"
  make -C "$dir/make-cmocka" test_packet test_packet_static packet.catalog.json >"$dir/make.log" 2>&1 ||
    { cat "$dir/make.log"; exit 1; }
  self_contained "$dir/make-cmocka/test_packet" "$dir/make-cmocka/test_packet_static"
  failing make-cmocka "$dir/make-cmocka" test_packet
  failing make-cmocka "$dir/make-cmocka" test_packet_static

  echo "== meson-check against the $label"
  meson setup "$dir/meson-check/build" "$dir/meson-check" >"$dir/meson.log" 2>&1 || { cat "$dir/meson.log"; exit 1; }
  ninja -C "$dir/meson-check/build" >"$dir/meson-build.log" 2>&1 || { cat "$dir/meson-build.log"; exit 1; }
  self_contained "$dir/meson-check/build/test_record"
  failing meson-check "$dir/meson-check/build" test_record

  echo "== make-unity against the $label"
  mkdir -p "$dir/make-unity/vendor"
  cp -r "$root/Tests/C/vendor/unity" "$dir/make-unity/vendor/unity"
  make -C "$dir/make-unity" build/test_frame >"$dir/make-unity.log" 2>&1 || { cat "$dir/make-unity.log"; exit 1; }
  self_contained "$dir/make-unity/build/test_frame"
  failing make-unity "$dir/make-unity" build/test_frame
}

# Debian's machine-readable copyright format (DEP-5): a header naming the format, then Files paragraphs
# with Copyright and License, and the text of every license they name in a paragraph of its own.
dep5() { # file
  python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
paragraphs = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
def fields(paragraph):
    result, name = {}, None
    for line in paragraph.splitlines():
        if line.startswith((" ", "\t")) and name:
            result[name] += "\n" + line.strip()
        else:
            name, _, value = line.partition(":")
            result[name] = value.strip()
    return result
parsed = [fields(p) for p in paragraphs]
problems = []
if parsed[0].get("Format") != "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/":
    problems.append("the first paragraph names no DEP-5 Format")
files = [p for p in parsed[1:] if "Files" in p]
if not files or files[0]["Files"] != "*":
    problems.append("no first Files: * paragraph")
texts = {p["License"].split("\n")[0]: p["License"] for p in parsed[1:] if "Files" not in p and "License" in p}
for paragraph in files:
    if not paragraph.get("Copyright"):
        problems.append(f"Files: {paragraph['Files']} has no Copyright")
    name = paragraph.get("License", "").split("\n")[0]
    if "\n" not in paragraph.get("License", "") and len(texts.get(name, "").splitlines()) < 2:
        problems.append(f"Files: {paragraph['Files']}: no text for its license {name!r}")
for problem in problems:
    print(f"error: {sys.argv[1]}: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
}

echo "== the archive, unpacked: $(basename "$archive")"
mkdir -p "$work/unpacked"
tar -C "$work/unpacked" -xJf "$archive"
tree=$(echo "$work"/unpacked/cvalue-*)
self_contained "$tree/lib/libcvalue.so.1" "$tree/bin/cvalue"
cmp "$root/LICENSE" "$tree/LICENSE" || { echo "error: the archive's LICENSE is not the repository's" >&2; exit 1; }
if ! grep -q "Runtime Library Exception" "$tree/THIRD-PARTY-NOTICES" ||
  ! grep -q "swift-foundation" "$tree/THIRD-PARTY-NOTICES"; then
  echo "error: the archive's THIRD-PARTY-NOTICES does not name the Swift runtime and Foundation's license" >&2
  exit 1
fi
echo "   LICENSE (the repository's) and THIRD-PARTY-NOTICES (the Swift runtime and Foundation linked in)"
# The README's example paths name the directory the archive unpacks to.
placeholders=$(grep -o '/path/to/[^/ ]*' "$tree/README" | sort -u)
if [ "$placeholders" != "/path/to/$(basename "$tree")" ]; then
  echo "error: the archive's README names $(echo "$placeholders") for its directory, $(basename "$tree")" >&2
  exit 1
fi
echo "   README: its paths name the archive's directory, /path/to/$(basename "$tree")"

echo "== the version, cvalue_version.h's, in cvalue.pc and the CMake version file (SameMajorVersion)"
version=$(sed -nE 's/^#define CV_VERSION_STRING "(.*)"$/\1/p' "$tree/include/cvalue_version.h")
major=${version%%.*} minor=$(cut -d. -f2 <<<"$version")
modversion=$(PKG_CONFIG_PATH=$tree/lib/pkgconfig pkg-config --modversion cvalue)
[ "$modversion" = "$version" ] || { echo "error: cvalue.pc says $modversion, the header $version" >&2; exit 1; }
for request in "" "$major.$minor" "$version" "$((major + 1)).0" "$major.$((minor + 1))"; do
  mkdir -p "$work/version"
  printf 'cmake_minimum_required(VERSION 3.16)\nproject(v NONE)\nfind_package(cvalue %s REQUIRED)\n' "$request" \
    >"$work/version/CMakeLists.txt"
  found=yes
  cmake -S "$work/version" -B "$work/version/build" -DCMAKE_PREFIX_PATH="$tree" >/dev/null 2>&1 || found=no
  rm -rf "$work/version"
  wanted=yes
  case $request in "$((major + 1)).0" | "$major.$((minor + 1))") wanted=no ;; esac
  if [ "$found" != "$wanted" ]; then
    echo "error: find_package(cvalue ${request:-(no version)}) found: $found, expected $wanted" >&2
    exit 1
  fi
done
echo "   $version: found for ${major}.${minor}, $version and no version; refused for $((major + 1)).0 and $major.$((minor + 1))"

PATH=$tree/bin:$system_path PKG_CONFIG_PATH=$tree/lib/pkgconfig CMAKE_PREFIX_PATH=$tree consumers archive archive

echo "== the C guide's files, extracted and run against the archive"
PATH=$tree/bin:$system_path PKG_CONFIG_PATH=$tree/lib/pkgconfig CMAKE_PREFIX_PATH=$tree \
  python3 "$root/Scripts/check-c-docs.py" "$root/Sources/CValueC/CValueC.docc/CValueC.md"
echo "== the Unity article's files, extracted and run against the archive (Unity from Tests/C/vendor)"
PATH=$tree/bin:$system_path PKG_CONFIG_PATH=$tree/lib/pkgconfig UNITY=$root/Tests/C/vendor/unity \
  python3 "$root/Scripts/check-c-docs.py" "$root/Sources/CValueC/CValueC.docc/Unity.md"

echo "== the archive's examples/shape, copied out and built from the archive alone"
PATH=$tree/bin:$system_path PKG_CONFIG_PATH=$tree/lib/pkgconfig CMAKE_PREFIX_PATH=$tree \
  python3 "$root/Scripts/check-c-docs.py" --project "$tree/examples/shape" "$root/Sources/CValueC/CValueC.docc/CValueC.md"

echo "== cvalue_target.h and cvalue_target.c from the archive: firmware code (built here for the host) and its log"
target=$tree/share/cvalue/target
mkdir -p "$work/target"
cat >"$work/target/test.c" <<'C'
#include <stdio.h>
#include "cvalue_target.h"
struct pair { int a; char b; };
void cv_target_write(const void *bytes, size_t count) { fwrite(bytes, 1, count, stdout); }
int main(void) {
  struct pair x = {1, 2}, y = {1, 3};
  CV_TARGET_BEGIN();
  CV_TARGET_ASSERT_EQ(struct pair, x, y);
  CV_TARGET_END();
  return 0;
}
C
(cd "$work/target" && gcc -std=c99 -g -fno-pie -no-pie -I"$target" test.c "$target/cvalue_target.c" -o fw && ./fw >fw.log)
status=0
(cd "$work/target" && "$tree/bin/cvalue" log fw fw.log >out.txt) || status=$?
if [ "$status" -ne 1 ] || [ "$(head -n 1 "$work/target/out.txt")" != "test.c:8: failed: pair values differ at .b: 2 ≠ 3" ]; then
  cat "$work/target/out.txt"
  echo "error: cvalue log on the archive's cvalue_target.h exited with $status, expected 1 and the report above" >&2
  exit 1
fi
echo "   cvalue log: test.c:8: failed: pair values differ at .b: 2 ≠ 3 (exit status 1)"

echo "== the Debian package, installed: $(basename "$deb")"
# libdw1: no NEEDED entry names it (the library dlopens it), but every zero-set-up assertion loads it.
depends=$(dpkg-deb -f "$deb" Depends)
if ! grep -qE '(^|, )libdw1 \(>= 0\.171\)(,|$)' <<<"$depends"; then
  echo "error: the package does not depend on libdw1 (>= 0.171), which the zero-set-up assertions load: $depends" >&2
  exit 1
fi
echo "   Depends: $depends"
if dpkg -s cvalue >/dev/null 2>&1; then
  echo "error: a package named cvalue is installed already; remove it first (dpkg -r cvalue)" >&2
  exit 1
fi
installed=yes
as_root dpkg -i "$deb" >/dev/null
self_contained /usr/lib/libcvalue.so.1 /usr/bin/cvalue
dep5 /usr/share/doc/cvalue/copyright
echo "   /usr/share/doc/cvalue/copyright: DEP-5, every license it names spelled out"
consumers deb "Debian package"
echo "== the Debian package's /usr/share/doc/cvalue/examples/shape, copied out and built"
python3 "$root/Scripts/check-c-docs.py" --project /usr/share/doc/cvalue/examples/shape \
  "$root/Sources/CValueC/CValueC.docc/CValueC.md"

echo "== the consumers passed against the archive and the Debian package, with no Swift toolchain reachable"
