#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), then opens KVS Admin. Without arguments it opens the
# embedded default: a local SQLite demo database, created with demo data on first run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec ./build/app/kvs-admin "$@"
