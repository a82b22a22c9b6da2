#pragma once

#include "cli/command_context.h"

// kvs analyze: the key-space analysis (kvs/key_space_analysis.h), printed as text or JSON.
namespace kvs::cli {

// kvs analyze's own exit code: the report is partial because --budget ran out.
inline constexpr int kExitPartialReport = 6;

// kvs analyze [--prefix KEY] [--depth N] [--top N] [--budget SECONDS] [--json] [--save]
// [--compare ID]: reads every row of the database (or of KEY's subtree) once, read-only, and
// prints the report (--json: one JSON object, the README's schema). --save keeps it
// (kvs/saved_key_space_reports.h) and prints its id on stderr; --compare ID prints the growth per
// prefix since saved report ID. Returns 0, 6 when --budget cut the report short, 130 or 143
// when SIGINT or SIGTERM did (the partial report is printed all the same); throws UsageError
// (exit 2) for a bad command line and kvs::Error (exit 1) for a store error or an unknown ID.
int runAnalyze(const CommandContext &context);

} // namespace kvs::cli
