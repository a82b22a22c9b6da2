#pragma once

#include <kvs/audit_log.h>
#include <kvs/types.h>

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

// Throws UsageError "kvs: this command needs --db PATH" without --db. Commands call it before
// parsing their literals, so the usage error comes first.
// Records a write of the CLI (a queue action, kvs atomic) in the audit log, with --db as the
// database; a log that cannot be written is a warning on err, never a failure of the action,
// which already happened.
void recordAudit(const CommandContext &context, AuditRecord record);

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

// Throws UsageError "kvs: COMMAND takes ... (usage: USAGE)" unless the command (its words
// included) has between min and max positional arguments after the command words.
void requireArgumentCount(const CommandContext &context,
                          std::size_t commandWords,
                          std::size_t min,
                          std::size_t max,
                          std::string_view usage);

} // namespace kvs::cli
