#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), then runs every test with ctest. GUI tests run on the
# offscreen platform, so no display is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
ctest --test-dir build --output-on-failure -j2 "$@"
