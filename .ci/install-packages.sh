#!/usr/bin/env bash
# Installs the Debian packages of .ci/packages.txt that STAGE needs (its own and those of the stages before it)
# and that are not installed yet, with one apt-get update. Installs nothing, and updates nothing, when every one
# is there.
#
#   .ci/install-packages.sh gate|harden|release
#   .ci/install-packages.sh --only release      # that stage's own packages alone (Tests/C/run.sh's, say)
set -euo pipefail
cd "$(dirname "$0")"
usage="usage: .ci/install-packages.sh [--only] gate|harden|release"
only=false
if [ "${1:-}" = --only ]; then only=true; shift; fi
stage=${1:?$usage}
case "$stage" in
gate) wanted="gate" ;;
harden) wanted="gate harden" ;;
release) wanted="gate harden release" ;;
*) echo "$usage" >&2; exit 2 ;;
esac
if $only; then wanted=$stage; fi

missing=()
while read -r package package_stage _; do
  case "$package" in "" | \#*) continue ;; esac
  [[ " $wanted " == *" $package_stage "* ]] || continue
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$package")
done <packages.txt

if [ ${#missing[@]} -eq 0 ]; then
  echo "== every package the $stage stage needs is installed"
  exit 0
fi
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
echo "== installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -qq
as_root apt-get install -y -qq "${missing[@]}"
