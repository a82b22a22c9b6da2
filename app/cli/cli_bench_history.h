#pragma once

#include "cli/command_context.h"

// `kvs bench --history`: the runs `kvs bench --workload ... --save` and kvs-admin saved.
namespace kvs::cli {

// Lists the saved runs, oldest first: a table, or with --json one {"kind": "history", ...} line
// per run. Throws UsageError for other options, kvs::Error when the history cannot be opened.
int runBenchHistory(const CommandContext &context);

// "2026-12-04T20:31:05Z" for a time in ms since the epoch.
[[nodiscard]] std::string utcTimeText(double timeMs);

} // namespace kvs::cli
