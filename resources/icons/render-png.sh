#!/usr/bin/env bash
# Renders the application icon's hicolor PNG sizes from app/kvs-admin.svg (run after changing the
# SVG; the PNGs are committed so that a build needs no SVG renderer). Needs rsvg-convert
# (Debian: librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")"
id=org.kvsadmin.kvs_admin
for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "hicolor/${size}x${size}/apps"
    rsvg-convert -w "$size" -h "$size" app/kvs-admin.svg -o "hicolor/${size}x${size}/apps/$id.png"
done
