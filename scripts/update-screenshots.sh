#!/usr/bin/env bash
# Renders the README's screenshots (offscreen) from the GUI tests into docs/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen KVS_SCREENSHOT_DIR="$PWD/docs/screenshots"
mkdir -p "$KVS_SCREENSHOT_DIR"
./build/tests/ui/tst_main_window savesAScreenshot
