#!/usr/bin/env bash
# The version is written once, in CShims/CValueC/include/cvalue_version.h: the newest CHANGELOG.md heading
# and `cvalue --version` (given the tool's path) must name the same one.
set -euo pipefail
cd "$(dirname "$0")/.."
header=CShims/CValueC/include/cvalue_version.h
version=$(sed -nE 's/^#define CV_VERSION_STRING "([^"]+)"/\1/p' "$header")
for part in MAJOR MINOR PATCH; do
  number=$(sed -nE "s/^#define CV_VERSION_$part ([0-9]+)/\1/p" "$header")
  [ -n "$number" ] || { echo "error: $header defines no CV_VERSION_$part" >&2; exit 1; }
done
numbers=$(sed -nE 's/^#define CV_VERSION_(MAJOR|MINOR|PATCH) ([0-9]+)/\2/p' "$header" | paste -sd.)
[ "$numbers" = "$version" ] || { echo "error: CV_VERSION_STRING $version is not $numbers" >&2; exit 1; }
newest=$(grep -m1 -E '^## ' CHANGELOG.md | sed -E 's/^## ([^ ]+).*/\1/')
[ "$newest" = "$version" ] || { echo "error: CHANGELOG.md's newest heading is $newest, the header says $version" >&2; exit 1; }
if [ $# -gt 0 ]; then
  said=$("$1" --version)
  [ "$said" = "$version" ] || { echo "error: $1 --version says $said, the header says $version" >&2; exit 1; }
fi
echo "version $version: cvalue_version.h, CHANGELOG.md${1:+ and $1 --version} agree"
