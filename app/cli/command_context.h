#pragma once

#include <kvs/audit_log.h>
#include <kvs/types.h>

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string_view>

// The plumbing every `kvs` command shares: what a command sees (CommandContext), how it opens the
// store of --db, and how it reads its literal, number and argument-count arguments.
namespace kvs {
class AsyncKVStore;
}

namespace kvs::cli {

class CliArguments;

// What a command sees: the parsed command line and where to write. Not owned; lives for one call.
struct CommandContext
{
    const CliArguments &args;
    std::ostream &out;
    std::ostream &err;
};

// How a command opens the store.
enum class Access { Read, Write };

// Starts the audit of a write of the CLI (a queue action, kvs atomic): the started line, with
// the database named by auditDatabaseName(--db, --schema, --table-prefix) unless record names
// one (kvs restore: its DEST). Call it before the
// write. Throws AuditLogError "kvs: cannot write the audit log PATH: REASON; nothing was changed
// (--no-audit runs the command without it)" when the log cannot be appended, unless --no-audit
// was given: then the warning goes to err and the command goes on.
[[nodiscard]] AuditedAction
startAudit(const CommandContext &context, AuditRecord record, std::optional<std::int64_t> expected);

// Ends it (AuditedAction::end); a log that fails now is a warning on err, never a failure of
// the action, which already happened.
void endAudit(const CommandContext &context,
              AuditedAction &audit,
              AuditOutcome outcome,
              std::int64_t matched,
              std::int64_t changed,
              const std::string &detail = {});

// Throws UsageError "kvs: this command needs --db PATH" without --db. Commands call it before
// parsing their literals, so the usage error comes first.
void requireDb(const CommandContext &context);

// Opens the store of --db (a SQLite path, or a postgres:// URL), --table-prefix and --schema
// (PostgreSQL). Read: read-only (never creates, migrates or writes; kvs::Error "kvs: no database
// at PATH" for a missing file). Write: creates a missing database (or the kvs tables in an empty
// PostgreSQL schema), and migrates an older one only with --migrate. The CLI waits for each call
// (it is a script's tool; the GUI never waits). The store's open errors arrive with its first
// call.
[[nodiscard]] std::unique_ptr<AsyncKVStore> openStore(const CommandContext &context, Access access);

// The key literal text; a literal error names the argument: "kvs: ... (in KEY)".
[[nodiscard]] Key keyArgument(std::string_view text, std::string_view what);

// The key literal given to option, nullopt when it was not given; errors name the option.
[[nodiscard]] std::optional<Key> keyOption(const CommandContext &context, std::string_view option);

// The value literal text; a literal error names the argument: "kvs: ... (in VALUE)".
[[nodiscard]] Value valueArgument(std::string_view text, std::string_view what);

// The number given to option (a JavaScript-style decimal), nullopt when it was not given.
// Throws UsageError "kvs: OPTION needs a number, got \"X\"" for any other text.
[[nodiscard]] std::optional<double> numberOption(const CommandContext &context,
                                                 std::string_view option);

// The size given to option in bytes (an integer >= 1, or with K, M or G for KiB, MiB, GiB:
// 64M), fallback when it was not given. Throws UsageError "kvs: OPTION needs a size in bytes
// such as 1048576, 64M or 1G, got \"X\"".
[[nodiscard]] std::int64_t
byteSizeOption(const CommandContext &context, std::string_view option, std::int64_t fallback);

// Throws UsageError "kvs: COMMAND takes ... (usage: USAGE)" unless the command (its words
// included) has between min and max positional arguments after the command words.
void requireArgumentCount(const CommandContext &context,
                          std::size_t commandWords,
                          std::size_t min,
                          std::size_t max,
                          std::string_view usage);

} // namespace kvs::cli
