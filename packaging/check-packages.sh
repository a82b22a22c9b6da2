#!/usr/bin/env bash
# The packaging check (issue #16), run by .ci/run after the tests: builds the three packages
# (scripts/package.sh, which empties dist/) and checks them, then prints "N passed, N failed".
#  - the .desktop and metainfo files validate; their versions match the CMake project's
#  - the .deb: contents, Depends, lintian clean of errors and warnings, apt resolves it, and
#    its programs run (extracted, --smoke offscreen)
#  - the .tar.gz and the AppImage (extract-and-run, and FUSE where /dev/fuse exists) run --smoke
#    with every system Qt library hidden (packaging/linux/hide-system-qt.sh, a private mount
#    namespace); the AppImage's kvs runs as `AppImage kvs ...` and through a symlink named kvs
#  - the AppImage payload is the same when packed twice
#  - a real window of the AppImage under Xvfb, with a second start handing its database over,
#    screenshotted into build/package-check/appimage-window.png
# Prints the AppImage's size and start times (--smoke under Xvfb: start to first paint) of the
# AppImage and of the system build, and the time the check took. Needs root for the namespaces and FUSE; installs its tools when missing.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
started=$(date +%s)

tools=(lintian desktop-file-utils appstream xvfb x11-apps fuse3 util-linux)
missing=()
for package in "${tools[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
        || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "check-packages: installing ${missing[*]}"
    env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
        > /dev/null
fi

bash scripts/package.sh || { echo "check-packages: scripts/package.sh failed"; echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0
check() { # check NAME COMMAND...: runs COMMAND, counts and prints the result
    local name=$1
    shift
    local log run=()
    log=$(mktemp)
    # A program that hangs fails its check instead of stopping CI (functions time their own).
    [ "$(type -t "$1")" = function ] || run=(timeout --kill-after=10 180)
    if "${run[@]}" "$@" > "$log" 2>&1; then
        passed=$((passed + 1))
        echo "PASS: $name"
    else
        failed=$((failed + 1))
        echo "FAIL: $name"
        sed 's/^/    /' "$log" | tail -20
    fi
    rm -f "$log"
}

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build/CMakeCache.txt)
id=org.kvsadmin.kvs_admin
appimage="$root/dist/KVS_Admin-$version-x86_64.AppImage"
deb="$root/dist/kvs-admin_${version}_amd64.deb"
tgz="$root/dist/kvs-admin-$version-Linux.tar.gz"
work="$root/build/package-check"
rm -rf "$work"
mkdir -p "$work/home" "$work/run"
chmod 0700 "$work/run"
# The programs under test keep their settings and demo in here, not in the user's home.
export HOME="$work/home" XDG_RUNTIME_DIR="$work/run" XDG_CONFIG_HOME="$work/home/.config"
hide=("$root/packaging/linux/hide-system-qt.sh")
bundle_libs="$root/build/appimage/AppDir/usr/lib"
fuse_usable() { [ -c /dev/fuse ] && command -v fusermount3 > /dev/null; }

echo "check-packages: version $version"
check "three packages in dist/" test -f "$appimage" -a -f "$deb" -a -f "$tgz"

# Desktop integration files.
check "desktop-file-validate" desktop-file-validate "resources/desktop/$id.desktop"
check "appstreamcli validate --no-net" appstreamcli validate --no-net "resources/desktop/$id.metainfo.xml"
newest_release() { grep -o '<release version="[^"]*"' "resources/desktop/$id.metainfo.xml" | head -1 | cut -d'"' -f2; }
check "metainfo's newest release is $version" test "$(newest_release)" = "$version"
check "Debian changelog is at $version" \
    grep -q "^kvs-admin ($version)" packaging/debian/changelog

# The .deb.
deb_files() { dpkg-deb -c "$deb" | awk '{print $6}'; }
deb_has_all() {
    local listing
    listing=$(deb_files)
    for file in ./usr/bin/kvs-admin ./usr/bin/kvs "./usr/share/applications/$id.desktop" \
        "./usr/share/metainfo/$id.metainfo.xml" "./usr/share/icons/hicolor/scalable/apps/$id.svg" \
        "./usr/share/icons/hicolor/256x256/apps/$id.png" ./usr/share/man/man1/kvs-admin.1.gz \
        ./usr/share/man/man1/kvs.1.gz ./usr/share/doc/kvs-admin/copyright \
        ./usr/share/doc/kvs-admin/changelog.gz; do
        grep -qxF "$file" <<< "$listing" || { echo "missing $file"; return 1; }
    done
    ! grep -q kvs-gui-bench <<< "$listing"
}
check ".deb holds programs, desktop files, icons, man pages, copyright" deb_has_all
deb_depends() {
    local depends
    depends=$(dpkg-deb -f "$deb" Depends)
    echo "$depends"
    for package in libqt6widgets6 libqt6gui6 libqt6svg6 libqt6network6 libqt6keychain1 libpq5 \
        libqt6sql6-sqlite libqt6sql6-psql; do
        grep -q "$package" <<< "$depends" || { echo "Depends lacks $package"; return 1; }
    done
}
check ".deb Depends (shlibdeps and the plugins' packages)" deb_depends
check "lintian --fail-on error,warning" lintian --fail-on error,warning "$deb"
check "apt-get install --simulate" apt-get install --simulate "$deb"
rm -rf "$work/deb" && dpkg-deb -x "$deb" "$work/deb"
# A database for the programs to open, written by the packaged kvs.
sample="$work/sample.kvs.db"
check ".deb kvs writes a database" "$work/deb/usr/bin/kvs" --db "$sample" set '["users", "alice"]' \
    '{name: "Alice", since: new Date("2026-09-01T12:30:00Z")}'
check ".deb kvs-admin --version without a display" \
    env -u DISPLAY -u QT_QPA_PLATFORM "$work/deb/usr/bin/kvs-admin" --version
check ".deb kvs-admin --smoke (offscreen)" \
    env QT_QPA_PLATFORM=offscreen "$work/deb/usr/bin/kvs-admin" --smoke "$sample"
deb_needs_system_qt() { ! "${hide[@]}" env QT_QPA_PLATFORM=offscreen "$work/deb/usr/bin/kvs-admin" --smoke; }
check "hiding works: the .deb's kvs-admin fails with system Qt hidden" deb_needs_system_qt

# The portable archive.
rm -rf "$work/tar" && mkdir -p "$work/tar" && tar -xzf "$tgz" -C "$work/tar"
portable="$work/tar/kvs-admin-$version-Linux"
check ".tar.gz --smoke with system Qt and bundled libraries' system copies hidden" \
    "${hide[@]}" --libs "$portable/lib" env QT_QPA_PLATFORM=offscreen "$portable/bin/kvs-admin" --smoke "$sample"
check ".tar.gz kvs with system Qt hidden" \
    "${hide[@]}" --libs "$portable/lib" "$portable/bin/kvs" --db "$sample" get '["users", "alice"]'

# The AppImage.
is_appimage() {
    [ "$(head -c 4 "$appimage" | od -An -c | tr -d ' ')" = "177ELF" ] \
        && [ "$(dd if="$appimage" bs=1 skip=8 count=3 status=none | od -An -tx1 | tr -d ' ')" = 414902 ]
}
check "AppImage is an ELF file with the type-2 magic" is_appimage
size=$(stat -c %s "$appimage")
check "AppImage size $((size / 1024 / 1024)) MB <= 60 MB" test "$size" -le $((60 * 1024 * 1024))
check "AppImage --smoke, extract-and-run, system Qt hidden" \
    "${hide[@]}" --libs "$bundle_libs" env QT_QPA_PLATFORM=offscreen "$appimage" --appimage-extract-and-run --smoke "$sample"
if fuse_usable; then
    check "AppImage --smoke, FUSE, system Qt hidden" \
        "${hide[@]}" --libs "$bundle_libs" env QT_QPA_PLATFORM=offscreen "$appimage" --smoke "$sample"
else
    echo "SKIP: AppImage with FUSE (no /dev/fuse or fusermount3 here)"
fi
appimage_kvs() {
    local encoded
    encoded=$(timeout 120 "${hide[@]}" --libs "$bundle_libs" env APPIMAGE_EXTRACT_AND_RUN=1 "$appimage" kvs key encode '["users", 42]')
    [ "$encoded" = "$("$work/deb/usr/bin/kvs" key encode '["users", 42]')" ] || return 1
    ln -sf "$appimage" "$work/kvs"
    grep -q Alice <<< "$(APPIMAGE_EXTRACT_AND_RUN=1 timeout 120 "$work/kvs" --db "$sample" get '["users", "alice"]')"
}
check "AppImage runs kvs (as 'AppImage kvs ...' and as a symlink named kvs)" appimage_kvs
appimage_extracts() {
    (cd "$work" && rm -rf squashfs-root && "$appimage" --appimage-extract > /dev/null) || return 1
    desktop-file-validate "$work/squashfs-root/$id.desktop" || return 1
    [ -e "$work/squashfs-root/.DirIcon" ] && [ -x "$work/squashfs-root/AppRun" ] || return 1
    offset=$("$appimage" --appimage-offset)
    # Not piped into grep -q: with pipefail, unsquashfs's SIGPIPE would fail the check.
    grep -q usr/bin/kvs-admin <<< "$(unsquashfs -o "$offset" -l "$appimage")"
}
check "AppImage --appimage-extract, --appimage-offset (unsquashfs reads it)" appimage_extracts
prefetch_list_present() { # every file the FUSE start reads ahead is in the image
    local root=$work/squashfs-root file count=0
    [ -s "$root/.prefetch" ] || return 1
    while IFS= read -r file; do
        [ -f "$root/$file" ] || { echo "missing: $file"; return 1; }
        count=$((count + 1))
    done < "$root/.prefetch"
    grep -qx usr/bin/kvs-admin "$root/.prefetch" && grep -qx usr/lib/libQt6Widgets.so.6 "$root/.prefetch"
    echo "$count files"
}
check "AppImage read-ahead list (.prefetch) names files of the image" prefetch_list_present
reproducible() {
    local first second
    first=$(cat build/appimage/payload.sha256)
    cp build/appimage/payload.squashfs "$work/payload-1.squashfs"
    bash packaging/appimage/build-appimage.sh build "$work/again" > /dev/null || return 1
    second=$(cat build/appimage/payload.sha256)
    echo "payload sha256: $first, then $second"
    [ "$first" = "$second" ] && cmp -s "$appimage" "$work/again/$(basename "$appimage")" \
        && cmp -s "$tgz" "$work/again/$(basename "$tgz")"
}
check "packing the same build tree twice gives the same AppImage and archive" reproducible

# A real window under Xvfb, and the single-instance hand-off between two AppImage starts.
if command -v Xvfb > /dev/null; then
    display=:$((90 + RANDOM % 100))
    Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp > "$work/xvfb.log" 2>&1 &
    xvfb=$!
    sleep 1
    export DISPLAY=$display
    unset QT_QPA_PLATFORM
    run_mode=()
    fuse_usable || run_mode=(--appimage-extract-and-run)
    "$appimage" "${run_mode[@]}" "$sample" > "$work/window.log" 2>&1 &
    window=$!
    sleep 4
    second_db="$work/second.kvs.db"
    "$work/deb/usr/bin/kvs" --db "$second_db" set '["second"]' 2 > /dev/null
    handed_over() { timeout 20 "$appimage" "${run_mode[@]}" "$second_db" && kill -0 "$window"; }
    check "a second AppImage start hands its database to the running window" handed_over
    sleep 2
    screenshot() {
        xwd -root -silent > "$work/screen.xwd" || return 1
        local colours
        colours=$(python3 packaging/linux/xwd2png.py "$work/screen.xwd" "$work/appimage-window.png")
        echo "$colours colours"
        [ "$colours" -gt 16 ]
    }
    check "AppImage window on Xvfb, screenshot $work/appimage-window.png" screenshot
    kill "$window" 2> /dev/null
    wait "$window" 2> /dev/null

    # Start times: from the start to the window's first paint (the line --smoke prints then).
    # "Cold-ish": the programs' files, their libraries, the Qt plugins and the AppImage are
    # first evicted from the page cache (dd iflag=nocache; pages other processes map stay, so
    # not fully cold); "warm": the median of three starts right after.
    measure() { # prints milliseconds
        local start line painted=
        start=$(date +%s%N)
        while IFS= read -r line; do
            case $line in *"smoke: first paint"*) painted=$(date +%s%N) ;; esac
        done < <(timeout --kill-after=10 120 "$@" 2>&1)
        [ -n "$painted" ] && echo $(((painted - start) / 1000000)) || echo fail
    }
    median_of_three() {
        local times=()
        for _ in 1 2 3; do times+=("$(measure "$@")"); done
        printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
    }
    mapfile -t start_files < <(
        ldd "$work/deb/usr/bin/kvs-admin" | awk '/=> \//{print $3}'
        find /usr/lib/x86_64-linux-gnu/qt6/plugins -name '*.so'
        echo "$work/deb/usr/bin/kvs-admin"
        echo "$appimage")
    evict() { for file in "${start_files[@]}"; do dd if="$file" iflag=nocache count=0 status=none; done; }
    evict
    system_cold=$(measure "$work/deb/usr/bin/kvs-admin" --smoke "$sample")
    system_warm=$(median_of_three "$work/deb/usr/bin/kvs-admin" --smoke "$sample")
    evict
    appimage_cold=$(measure "$appimage" "${run_mode[@]}" --smoke "$sample")
    appimage_warm=$(median_of_three "$appimage" "${run_mode[@]}" --smoke "$sample")
    unread_warm=$(median_of_three env KVS_APPIMAGE_NO_PREFETCH=1 "$appimage" "${run_mode[@]}" --smoke "$sample")
    echo "measure: start to first paint (ms): system build cold-ish $system_cold," \
        "warm $system_warm; AppImage (${run_mode[*]:-FUSE}) cold-ish $appimage_cold, warm $appimage_warm" \
        "(without the read-ahead: warm $unread_warm)"
    # Reported, not checked: on a shared machine a timing check would fail at random.
    if [[ "$appimage_warm$system_warm" =~ ^[0-9]+$ ]]; then
        echo "measure: AppImage/system warm start $((appimage_warm * 100 / system_warm))% (target <= 150%)"
    fi
    kill "$xvfb" 2> /dev/null
    wait "$xvfb" 2> /dev/null
else
    echo "SKIP: Xvfb not installed"
fi

echo "measure: AppImage $((size / 1024)) KiB, .deb $(($(stat -c %s "$deb") / 1024)) KiB," \
    ".tar.gz $(($(stat -c %s "$tgz") / 1024)) KiB; check took $(($(date +%s) - started)) s"
echo "check-packages: $passed passed, $failed failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
