#!/usr/bin/env bash
# Every file dialog of the app goes through ui/common/file_chooser.h, which never reads the files
# it lists: QFileDialog's static functions (a native dialog may run in this process and read
# them), and a QFileDialog built by hand without FileChooser::blindToContents, are refused.
set -euo pipefail
cd "$(dirname "$0")/.."
problems=0
while IFS= read -r hit; do
    echo "check-file-dialogs: $hit: use FileChooser (ui/common/file_chooser.h)"
    problems=$((problems + 1))
done < <(grep -rnE 'QFileDialog::get(Open|Save|Existing)[A-Za-z]*\(' ui app guibench --include='*.cpp' --include='*.h' \
    | grep -v '^ui/common/file_chooser\.' || true)
while IFS= read -r file; do
    if ! grep -q 'blindToContents' "$file"; then
        echo "check-file-dialogs: $file builds a QFileDialog without FileChooser::blindToContents"
        problems=$((problems + 1))
    fi
done < <(grep -rlE 'QFileDialog [a-z]+\(|new QFileDialog' ui app guibench --include='*.cpp' \
    | grep -v '^ui/common/file_chooser\.' || true)
echo "check-file-dialogs: $problems problem(s)"
[ "$problems" -eq 0 ]
