#pragma once

namespace kvs::cli {

struct CommandContext;

// kvs atomic FILE|- [--dry-run]: runs the transaction document in FILE (or on stdin) as one
// atomic commit (kvs/transaction_json.h). Prints the commit's versionstamp and returns kExitOk,
// or names the failed check and returns kExitCheckFailed. --dry-run reads the checked keys
// (opening the database read-only) and says whether the commit would pass, writing nothing.
// Throws UsageError and kvs::Error as the other commands do.
[[nodiscard]] int runAtomic(const CommandContext &context);

} // namespace kvs::cli
