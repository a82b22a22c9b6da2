#include "cli/cli_store_commands.h"

#include "cli/cli_arguments.h"
#include "cli/cli_output.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <charconv>
#include <filesystem>
#include <ostream>
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

std::string printNumber(double number)
{
    return printLiteral(Value(number));
}

} // namespace

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

int runGet(const CommandContext &context)
{
    context.args.requireOnly("get", {});
    requireArgumentCount(context, 1, 1, 1, "get KEY");
    requireDb(context);
    const Key key = keyArgument(context.args.positionals()[1], "KEY");
    const auto store = openStore(context, Access::Read);
    const std::optional<Entry> entry = store->get(key).result();
    if (!entry) {
        context.err << "kvs: not found\n";
        return kExitFailure;
    }
    context.out << (context.args.has("--json") ? entryJson(*entry) : printLiteral(entry->value))
                << '\n';
    return kExitOk;
}

int runSet(const CommandContext &context)
{
    context.args.requireOnly("set", {"--ttl"});
    requireArgumentCount(context, 1, 2, 2, "set KEY VALUE [--ttl MS]");
    requireDb(context);
    const Key key = keyArgument(context.args.positionals()[1], "KEY");
    const Value value = valueArgument(context.args.positionals()[2], "VALUE");
    SetOptions options;
    options.ttl = numberOption(context, "--ttl");
    const auto store = openStore(context, Access::Write);
    const CommitResult result = store->set(key, value, options).result();
    if (context.args.has("--json")) {
        context.out << JsonObjectLine()
                           .raw("ok", result.ok ? "true" : "false")
                           .integer("version", result.version)
                           .text()
                    << '\n';
    } else {
        context.out << result.version << '\n';
    }
    return kExitOk;
}

int runDelete(const CommandContext &context)
{
    context.args.requireOnly("delete", {});
    requireArgumentCount(context, 1, 1, 1, "delete KEY");
    requireDb(context);
    const Key key = keyArgument(context.args.positionals()[1], "KEY");
    const auto store = openStore(context, Access::Write);
    store->remove(key).waitForFinished();
    context.out << (context.args.has("--json") ? JsonObjectLine().raw("ok", "true").text()
                                               : std::string("ok"))
                << '\n';
    return kExitOk;
}

int runIncrement(const CommandContext &context)
{
    context.args.requireOnly("increment", {});
    requireArgumentCount(context, 1, 1, 2, "increment KEY [DELTA]");
    requireDb(context);
    const std::vector<std::string> &positionals = context.args.positionals();
    const Key key = keyArgument(positionals[1], "KEY");
    double delta = 1;
    if (positionals.size() > 2) {
        const Value value = valueArgument(positionals[2], "DELTA");
        if (!value.isNumber()) {
            throw Error(std::string("kvs: DELTA must be a number, got ") + describeKind(value));
        }
        delta = value.asNumber();
    }
    const auto store = openStore(context, Access::Write);
    const double result = store->increment(key, delta).result();
    if (context.args.has("--json")) {
        context.out << JsonObjectLine()
                           .string("key", printKeyLiteral(key))
                           .string("value", printNumber(result))
                           .text()
                    << '\n';
    } else {
        context.out << printNumber(result) << '\n';
    }
    return kExitOk;
}

int runList(const CommandContext &context)
{
    context.args.requireOnly("list",
                             {"--prefix", "--start", "--end", "--limit", "--reverse", "--cursor"});
    requireArgumentCount(context, 1, 0, 0, "list [--prefix KEY] [--start KEY] [--end KEY] ...");
    requireDb(context);
    ListSelector selector;
    selector.prefix = keyOption(context, "--prefix");
    selector.start = keyOption(context, "--start");
    selector.end = keyOption(context, "--end");
    ListOptions options;
    if (const std::optional<double> limit = numberOption(context, "--limit")) {
        options.limit = *limit;
    }
    options.reverse = context.args.has("--reverse");
    options.cursor = context.args.value("--cursor");

    const auto store = openStore(context, Access::Read);
    const ListResult page = store->list(selector, options).result();
    const bool json = context.args.has("--json");
    std::string text;
    for (const Entry &entry : page.entries) {
        text += json ? entryJson(entry) : entryLine(entry);
        text += '\n';
    }
    if (page.cursor) {
        text += json ? JsonObjectLine().string("cursor", *page.cursor).text()
                     : "cursor: " + *page.cursor;
        text += '\n';
    }
    context.out << text;
    return kExitOk;
}

} // namespace kvs::cli
