#!/usr/bin/env bash
# Makes the AppImage and the portable archive from a build tree (scripts/package.sh calls it):
#   build-appimage.sh BUILD_DIR OUT_DIR
# 1. installs kvs-admin and kvs (stripped) into an AppDir and bundles Qt and the other
#    libraries and plugins (cmake/QtLinuxBundle.cmake);
# 2. packs the AppDir into a squashfs with fixed times and owners (the same build tree gives the
#    same payload, byte for byte) and appends it to our runtime (packaging/appimage/runtime),
#    whose .upd_info section gets the update information when there is one (then also a .zsync);
# 3. packs the same bundled tree as kvs-admin-VERSION-Linux.tar.gz, also reproducibly.
set -euo pipefail
build=$(readlink -f "$1")
out=$(readlink -m "$2")
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
id=org.kvsadmin.kvs_admin
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
update_info=$(sed -n 's/^KVS_APPIMAGE_UPDATE_INFORMATION:STRING=//p' "$build/CMakeCache.txt")
runtime="$build/packaging/appimage/runtime/kvs_appimage_runtime"
[ -n "$version" ] || { echo "build-appimage: no project version in $build" >&2; exit 1; }
[ -x "$runtime" ] || { echo "build-appimage: no runtime at $runtime (KVS_APPIMAGE_RUNTIME=ON)" >&2; exit 1; }

work="$build/appimage"
appdir="$work/AppDir"
rm -rf "$work"
mkdir -p "$appdir" "$out"
DESTDIR="$appdir" cmake --install "$build" --prefix /usr --strip > "$work/install.log"
cmake -DPREFIX="$appdir/usr" -P "$source_dir/cmake/QtLinuxBundle.cmake"

# The AppImage's root: AppRun, the desktop file, the icon (.DirIcon for file managers).
install -m 0755 "$source_dir/packaging/appimage/AppRun" "$appdir/AppRun"
cp "$appdir/usr/share/applications/$id.desktop" "$appdir/"
cp "$appdir/usr/share/icons/hicolor/256x256/apps/$id.png" "$appdir/"
ln -sf "$id.png" "$appdir/.DirIcon"

# The files the runtime reads ahead while kvs-admin starts from the FUSE mount (see
# start_prefetch in packaging/appimage/runtime/runtime.c): kvs-admin's libraries in the order
# the dynamic loader opens them (ldd's), kvs-admin, then every plugin with the libraries it
# adds. Files over 16 MiB (ICU's data, of which a start touches a few pages) are left to the
# page faults.
prefetch_list() {
    {
        ldd "$appdir/usr/bin/kvs-admin" | awk '$2 == "=>" {print $3}'
        echo "$appdir/usr/bin/kvs-admin"
        for plugin in "$appdir"/usr/plugins/*/*.so; do
            echo "$plugin"
            ldd "$plugin" | awk '$2 == "=>" {print $3}'
        done
    } | while read -r file; do readlink -m "$file"; done | grep "^$appdir/" | awk '!seen[$0]++' |
        while read -r file; do
            if [ "$(stat -c %s "$file")" -le $((16 << 20)) ]; then echo "${file#"$appdir"/}"; fi
        done
}
prefetch_list > "$appdir/.prefetch"
[ -s "$appdir/.prefetch" ] || { echo "build-appimage: empty prefetch list" >&2; exit 1; }

# The payload: times and owners fixed, entries sorted by mksquashfs. LZ4 (high compression):
# every start decompresses what it touches anew (a fresh FUSE mount has an empty page cache),
# and LZ4 decompresses several times faster than zstd for a somewhat larger file.
payload="$work/payload.squashfs"
mksquashfs "$appdir" "$payload" -root-owned -noappend -comp lz4 -Xhc -quiet -no-progress \
    -mkfs-time 0 -all-time 0 -no-xattrs > /dev/null

name="KVS_Admin-$version-x86_64.AppImage"
head_file="$work/runtime"
cp "$runtime" "$head_file"
if [ -n "$update_info" ]; then
    printf '%s' "$update_info" > "$work/update-information"
    truncate -s 1024 "$work/update-information"
    objcopy --update-section .upd_info="$work/update-information" "$head_file"
fi
# objcopy zeroes bytes 9-15 of e_ident: the magic goes in last.
printf 'AI\002' | dd of="$head_file" bs=1 seek=8 conv=notrunc status=none
cat "$head_file" "$payload" > "$out/$name"
chmod 0755 "$out/$name"
if [ -n "$update_info" ]; then
    (cd "$out" && zsyncmake -u "$name" -o "$name.zsync" "$name" > /dev/null)
fi

# The portable archive: the bundled tree without the AppImage's root files.
portable="kvs-admin-$version-Linux"
mkdir -p "$work/tar"
cp -a "$appdir/usr" "$work/tar/$portable"
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner --format=gnu \
    -C "$work/tar" -cf - "$portable" | gzip -n -9 > "$out/$portable.tar.gz"
sha256sum "$payload" | cut -d' ' -f1 > "$work/payload.sha256"
echo "build-appimage: $out/$name ($(du -h "$out/$name" | cut -f1)), $out/$portable.tar.gz"
