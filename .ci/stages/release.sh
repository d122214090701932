#!/usr/bin/env bash
# The release: the benchmarks build, the C++ interoperability package, the C library installed and every C
# and C++ framework suite built against it, then the release archive and the Debian package, used by CMake,
# Make and Meson projects with no Swift toolchain reachable.
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "== the benchmarks build (release), and compare.py reads a recorded run"
swift build -c release --package-path Benchmarks --product CValueBenchmarks 2>&1 | tail -n 3
# compare.py exits 1 when a target is missed (RESULTS.md explains those); any other status is a broken script.
ratios=$(python3 Benchmarks/compare.py Benchmarks/results/run.txt) || [ $? -eq 1 ]
grep -q "C comparator by value / raw ffi_call *[0-9.]*x" <<<"$ratios"

echo "== C++ interoperability: a package's C++ structs compared from Swift, their types from its debug info"
echo "   (Tests/CxxInterop, a package of its own that depends on this one by path)"
swift test --package-path Tests/CxxInterop 2>&1 | tail -n 12

echo "== the C library: installed with Scripts/install-c.sh, the C suites built against it (Tests/C/run.sh)"
bash Tests/C/run.sh

echo "== the release: the archive and the Debian package (Scripts/release.sh), used by CMake, Make and Meson"
echo "   projects with no Swift toolchain reachable, and the C guide's files (Tests/Consumers)"
release=$(mktemp -d)
bash Scripts/release.sh "$release"
bash Tests/Consumers/run.sh "$release"/cvalue-*-linux-*.tar.xz "$release"/cvalue_*.deb
rm -rf "$release"
