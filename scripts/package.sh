#!/usr/bin/env bash
# Builds the three packages into dist/ (emptied first), from the same build tree as the tests
# (./build: no second compile):
#   dist/KVS_Admin-VERSION-x86_64.AppImage   Qt and libraries bundled; glibc >= 2.35
#   dist/kvs-admin_VERSION_amd64.deb         Debian 12, links the system's Qt 6.4
#   dist/kvs-admin-VERSION-Linux.tar.gz      the AppImage's bundled tree, portable
# VERSION is the CMake project version. Installs the packaging tools that are missing (as
# scripts/setup.sh does for the build). KVS_APPIMAGE_UPDATE_INFORMATION=zsync|URL sets the
# AppImage's update information (and makes a .zsync beside it).
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
    dpkg-dev file binutils squashfs-tools patchelf zsync
    libsquashfuse-dev libfuse3-dev liblzo2-dev libzstd-dev liblz4-dev liblzma-dev zlib1g-dev
    libqt6svg6 qt6-translations-l10n
)
bash scripts/install-missing.sh package "${PACKAGES[@]}"

# The test build's tree and objects; only the packaged programs are (re)built here. The tree
# keeps its -Werror setting (setup.sh would otherwise follow this environment and recompile).
if [ -z "${KVS_WERROR:-}" ] && grep -qx 'KVS_WERROR:BOOL=ON' build/CMakeCache.txt 2>/dev/null; then
    export KVS_WERROR=ON
fi
KVS_SETUP_TARGETS="kvs-admin kvs" bash scripts/setup.sh
cmake -S . -B build -DKVS_APPIMAGE_RUNTIME=ON \
    -DKVS_APPIMAGE_UPDATE_INFORMATION="${KVS_APPIMAGE_UPDATE_INFORMATION:-}" > /dev/null
cmake --build build -j2 --target kvs-admin kvs kvs_appimage_runtime kvs_package_docs

rm -rf dist
mkdir -p dist
(cd build && cpack -G DEB > cpack.log) || { cat build/cpack.log; exit 1; }
cp build/packages/kvs-admin_*_amd64.deb dist/
bash packaging/appimage/build-appimage.sh build dist
(cd dist && ls -l && sha256sum -- *)
