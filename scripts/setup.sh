#!/usr/bin/env bash
# Set-up for a fresh Debian 12 machine: installs the Debian packages that are missing, then
# configures and builds KVS Admin in ./build (Ninja, ccache, two jobs). Safe to run again: it
# installs nothing that is present and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
    cmake ninja-build g++ ccache mold pkg-config clang-format universal-ctags
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-charts-dev libqt6opengl6-dev qt6-svg-dev libqt6sql6-sqlite libqt6sql6-psql libgl-dev qtkeychain-qt6-dev libqt6svg6 qt6-translations-l10n
    libsqlite3-dev libpq-dev libgmp-dev rapidjson-dev
    postgresql-15 pgbouncer python3 openssl openssh-client openssh-server
)

bash scripts/install-missing.sh setup "${PACKAGES[@]}"

build_type=${KVS_BUILD_TYPE:-RelWithDebInfo}
# Warnings are errors in CI (the CI variable, or KVS_WERROR=ON); passed every time, so a build
# folder configured outside CI does not keep the other setting.
werror=OFF
if [ -n "${CI:-}" ] || [ "${KVS_WERROR:-}" = ON ]; then werror=ON; fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="$build_type" -DKVS_WERROR="$werror" \
    > build.configure.log 2>&1 \
    || { cat build.configure.log; exit 1; }
# KVS_SETUP_TARGETS: build only these (scripts/package.sh); default: everything.
read -r -a targets <<< "${KVS_SETUP_TARGETS:-}"
cmake --build build -j2 ${targets[@]+--target "${targets[@]}"}
