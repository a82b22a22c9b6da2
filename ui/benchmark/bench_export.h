#pragma once

#include "bench/history/run_history.h"

#include <QString>

// A saved run written out for other tools: JSON lines in the schema of `kvs bench --workload
// --json` (a "run" line, one "result" line per operation and "all", one "second" line per
// second), or CSV (one row per operation, then the per-second series).
namespace kvs::ui {

// Write run to path (replaced atomically). false with a reason in *error when the file cannot be
// written.
bool writeRunJson(const bench::HistoryRun &run, const QString &path, QString *error);
bool writeRunCsv(const bench::HistoryRun &run, const QString &path, QString *error);

// The JSON lines writeRunJson() writes, one per element.
QStringList runJsonLines(const bench::HistoryRun &run);

} // namespace kvs::ui
