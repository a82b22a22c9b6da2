#!/usr/bin/env bash
# Runs a command with every system copy of Qt hidden, to prove a bundle is self-contained:
#   hide-system-qt.sh [--libs DIR] COMMAND [ARGS...]
# In a private mount namespace (unshare --mount; needs root), /dev/null is bound over every
# libQt6*.so* file of the system and an empty tmpfs over its Qt folder (plugins, qt.conf); with
# --libs, the system's copy of every library in DIR (the bundle's lib/) is hidden too. Outside
# the namespace nothing changes. Exits with the command's status.
set -euo pipefail
libs_dir=
if [ "${1:-}" = --libs ]; then
    libs_dir=$(readlink -f "$2")
    shift 2
fi
[ $# -gt 0 ] || { echo "usage: $0 [--libs DIR] COMMAND [ARGS...]" >&2; exit 2; }

if [ -z "${KVS_HIDE_QT_INSIDE:-}" ]; then
    exec env KVS_HIDE_QT_INSIDE=1 unshare --mount --propagation private -- \
        "$0" ${libs_dir:+--libs "$libs_dir"} "$@"
fi
unset KVS_HIDE_QT_INSIDE

multiarch=/usr/lib/x86_64-linux-gnu
# mount(8) loads libraries that may be hidden (libpcre2-8 via libselinux): it runs from private
# copies of them, through the dynamic loader.
private=$(mktemp -d)
trap 'rm -rf "$private"' EXIT
for lib in $(ldd /usr/bin/mount | awk '/=> \//{print $3}'); do cp -L "$lib" "$private/"; done
loader=$(readlink -f /lib64/ld-linux-x86-64.so.2)
hide() { "$loader" --library-path "$private" /usr/bin/mount "$@"; }

hidden=0
hide_file() { # binds /dev/null over the real file behind $1
    local real
    real=$(readlink -f "$1")
    [ -f "$real" ] || return 0
    hide --bind /dev/null "$real" && hidden=$((hidden + 1))
}
for file in "$multiarch"/libQt6*.so*; do hide_file "$file"; done
if [ -n "$libs_dir" ]; then
    for lib in "$libs_dir"/*.so*; do
        name=$(basename "$lib")
        for dir in "$multiarch" /lib/x86_64-linux-gnu; do
            [ -e "$dir/$name" ] && hide_file "$dir/$name"
        done
    done
fi
hide -t tmpfs tmpfs "$multiarch/qt6"
echo "hide-system-qt: $hidden system libraries and $multiarch/qt6 hidden" >&2
"$@"
