#include "cli/command_context.h"

#include "cli/cli_arguments.h"
#include "cli/cli_output.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/literal.h>

#include <charconv>
#include <filesystem>
#include <limits>
#include <system_error>

namespace kvs::cli {

namespace {

// ":memory:" and SQLite URIs are not files the CLI can look for.
bool isFilePath(std::string_view path)
{
    return path != ":memory:" && !path.starts_with("file:");
}

// Literal errors name the argument they come from; the core message keeps its own "kvs: ".
[[noreturn]] void rethrowIn(const Error &error, std::string_view what)
{
    const std::string message = std::string(error.what()) + " (in " + std::string(what) + ")";
    if (const auto *syntax = dynamic_cast<const LiteralSyntaxError *>(&error)) {
        throw LiteralSyntaxError(message, syntax->position());
    }
    throw Error(message);
}

} // namespace

Key keyArgument(std::string_view text, std::string_view what)
{
    try {
        return parseKeyLiteral(text);
    } catch (const Error &error) {
        rethrowIn(error, what);
    }
}

std::optional<Key> keyOption(const CommandContext &context, std::string_view option)
{
    const std::optional<std::string> text = context.args.value(option);
    if (!text) {
        return std::nullopt;
    }
    return keyArgument(*text, option);
}

// Checked before any literal is parsed: a usage error comes first.
void requireDb(const CommandContext &context)
{
    if (!context.args.has("--db")) {
        throw UsageError("kvs: this command needs --db PATH");
    }
}

// Read commands open read-only, so a database is never created or migrated by a read; write
// commands create a missing database, and migrate an older one only with --migrate.
std::unique_ptr<AsyncKVStore> openStore(const CommandContext &context, Access access)
{
    requireDb(context);
    const std::string db = *context.args.value("--db");
    AsyncKVStoreSettings settings;
    if (const std::optional<std::string> prefix = context.args.value("--table-prefix"))
        settings.tablePrefix = *prefix;
    if (const std::optional<std::string> schema = context.args.value("--schema"))
        settings.schema = *schema;
    // No background maintenance for one command.
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    if (access == Access::Read) {
        settings.readOnly = true;
        std::error_code error;
        if (!isPostgresUrl(db) && isFilePath(db) && !std::filesystem::exists(db, error)) {
            throw Error("kvs: no database at " + jsonQuoted(db));
        }
    } else {
        settings.migrate = context.args.has("--migrate");
    }
    return std::make_unique<AsyncKVStore>(db, std::move(settings));
}

Value valueArgument(std::string_view text, std::string_view what)
{
    try {
        return parseLiteral(text);
    } catch (const Error &error) {
        rethrowIn(error, what);
    }
}

// A JavaScript-style decimal number (from_chars: no '+', no hex). The store checks its range.
std::optional<double> numberOption(const CommandContext &context, std::string_view option)
{
    const std::optional<std::string> text = context.args.value(option);
    if (!text) {
        return std::nullopt;
    }
    double number = 0;
    const char *end = text->data() + text->size();
    const auto [ptr, ec] = std::from_chars(text->data(), end, number);
    if (text->empty() || ec != std::errc() || ptr != end) {
        throw UsageError("kvs: " + std::string(option) + " needs a number, got "
                         + jsonQuoted(*text));
    }
    return number;
}

std::int64_t
byteSizeOption(const CommandContext &context, std::string_view option, std::int64_t fallback)
{
    const std::optional<std::string> text = context.args.value(option);
    if (!text)
        return fallback;
    std::int64_t number = 0;
    const char *end = text->data() + text->size();
    const auto [ptr, ec] = std::from_chars(text->data(), end, number);
    std::int64_t unit = 1;
    const std::string_view suffix(ptr, std::size_t(end - ptr));
    if (suffix == "K" || suffix == "k")
        unit = std::int64_t(1) << 10;
    else if (suffix == "M" || suffix == "m")
        unit = std::int64_t(1) << 20;
    else if (suffix == "G" || suffix == "g")
        unit = std::int64_t(1) << 30;
    else if (!suffix.empty())
        unit = 0;
    if (ec != std::errc() || ptr == text->data() || unit == 0 || number < 1
        || number > std::numeric_limits<std::int64_t>::max() / unit) {
        throw UsageError("kvs: " + std::string(option)
                         + " needs a size in bytes such as 1048576, 64M or 1G, got "
                         + jsonQuoted(*text));
    }
    return number * unit;
}

void requireArgumentCount(const CommandContext &context,
                          std::size_t commandWords,
                          std::size_t min,
                          std::size_t max,
                          std::string_view usage)
{
    const std::size_t given = context.args.positionals().size();
    const std::size_t count = given > commandWords ? given - commandWords : 0;
    if (count < min || count > max) {
        throw UsageError("kvs: wrong number of arguments (usage: kvs [options] "
                         + std::string(usage) + ")");
    }
}

AuditedAction
startAudit(const CommandContext &context, AuditRecord record, std::optional<std::int64_t> expected)
{
    if (record.database.empty()) {
        record.database
            = auditDatabaseName(context.args.value("--db").value_or(std::string()),
                                context.args.value("--schema").value_or(std::string()),
                                context.args.value("--table-prefix").value_or(std::string()));
    }
    const bool withoutAudit = context.args.has("--no-audit");
    try {
        AuditedAction audit(std::move(record),
                            expected,
                            withoutAudit ? AuditPolicy::WithoutAudit : AuditPolicy::Required);
        if (!audit.warning().empty())
            context.err << audit.warning() << '\n';
        return audit;
    } catch (const AuditLogError &error) {
        throw AuditLogError(std::string(error.what())
                            + "; nothing was changed (--no-audit runs the command without it)");
    }
}

void endAudit(const CommandContext &context,
              AuditedAction &audit,
              AuditOutcome outcome,
              std::int64_t matched,
              std::int64_t changed,
              const std::string &detail)
{
    if (const std::string warning = audit.end(outcome, matched, changed, detail); !warning.empty())
        context.err << warning << '\n';
}

} // namespace kvs::cli
