#!/usr/bin/env bash
# Usage: install-missing.sh WHO PACKAGE...
# Installs those of the Debian packages that are not installed yet (apt-get update first, as root
# or through sudo), saying "WHO: installing ..."; installs nothing when all are there. Shared by
# setup.sh, package.sh and the fuzzers' script.
set -euo pipefail
who=$1
shift
missing=()
for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if ((${#missing[@]})); then
    echo "$who: installing ${missing[*]}"
    sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
    "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
