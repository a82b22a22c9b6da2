#pragma once

#include "watch/seen_change.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace kvs::ui {

// The history as JSON lines, oldest first, one object a change:
// {"time": "2026-12-04T20:30:00.123Z", "key": "[\"a\"]", "change": "set"|"deleted"|"expired",
//  "old": "1"|null, "new": "2"|null, "oldVersion": 1025|null, "version": 2049|null}
// (keys and values as literals, as `kvs --json` prints them). Safe from any thread.
[[nodiscard]] QByteArray historyJsonLines(const std::vector<SeenChange> &changes);

// Writes historyJsonLines(changes) to path (replacing it). Returns an empty string, or why it
// failed. Safe from any thread (run it on a worker: the file may be large).
[[nodiscard]] QString writeHistory(const std::vector<SeenChange> &changes, const QString &path);

} // namespace kvs::ui
