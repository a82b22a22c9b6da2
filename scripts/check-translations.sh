#!/usr/bin/env bash
# Prints the number of unfinished entries of each translation (STYLE.md 22), after running
# lupdate over ui/ into a temporary copy of it, as `cmake --build build --target
# update_translations` would (qt_add_translations in ui/CMakeLists.txt): a tr() string added
# without its translation counts as unfinished (in kvs_en.ts, a message with %Ln without its
# English singular and plural). Fails when any is unfinished.
set -euo pipefail
cd "$(dirname "$0")/.."
lupdate=$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total_unfinished=0
for ts in translations/kvs_*.ts; do
    cp "$ts" "$work/"
    # English is the source language: its file holds only the plural forms ("1 entry").
    only=()
    [ "$(basename "$ts")" = kvs_en.ts ] && only=(-pluralonly)
    "$lupdate" -silent ${only[@]+"${only[@]}"} -no-obsolete -locations none ui \
        -ts "$work/$(basename "$ts")"
    read -r messages unfinished < <(python3 - "$work/$(basename "$ts")" <<'PY'
import sys, xml.etree.ElementTree as ET
messages = list(ET.parse(sys.argv[1]).getroot().iter('message'))
unfinished = [m for m in messages
              if m.find('translation').get('type') in ('unfinished', None)
              and (m.find('translation').get('type') == 'unfinished'
                   or not (m.find('translation').text or list(m.find('translation'))))]
print(len(messages), len(unfinished))
PY
)
    echo "translations: $(basename "$ts"): $messages messages, $unfinished unfinished"
    if ! cmp -s "$ts" "$work/$(basename "$ts")"; then
        echo "translations: $(basename "$ts") is not up to date with the sources;" \
            "run: cmake --build build --target update_translations" >&2
    fi
    total_unfinished=$((total_unfinished + unfinished))
done
if ((total_unfinished > 0)); then
    echo "translations: $total_unfinished unfinished; translate them in the same change" >&2
    exit 1
fi
