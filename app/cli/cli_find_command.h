#pragma once

#include "cli/command_context.h"

// kvs find: search inside values (kvs/value_search.h), with its own exit codes.
namespace kvs::cli {

// kvs find's exit codes (its own: the other commands keep theirs). 0 and 2 are kExitOk and
// kExitUsage.
inline constexpr int kExitNothingFound = 1;
inline constexpr int kExitStoreError = 5;
// 128 + the signal, as a shell reports a command a signal ended.
inline constexpr int kExitInterrupted = 130; // SIGINT (Ctrl+C)
inline constexpr int kExitTerminated = 143;  // SIGTERM

// kvs find [--prefix KEY | --start KEY --end KEY] [--text TEXT [--match-case] | --regex RE]
// [--in-keys] [--where CONDITION] [--limit N] [--keys-only] [--count] [--export FILE|-]:
// prints the matching entries as `kvs list` does, page by page as they are found. Returns 0
// when something matched, 1 when nothing did; throws UsageError (exit 2) for a bad command
// line, a bad literal, condition or regular expression. A store error is printed here and
// returns 5; SIGINT and SIGTERM end it after the page being read, returning 130 and 143 (an
// export file is then not written).
int runFind(const CommandContext &context);

} // namespace kvs::cli
