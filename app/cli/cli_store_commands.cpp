#include "cli/cli_store_commands.h"

#include "cli/cli_arguments.h"
#include "cli/cli_output.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/list_rows.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <ostream>

namespace kvs::cli {

namespace {

std::string printNumber(double number)
{
    return printLiteral(Value(number));
}

} // namespace

namespace {

// --key-hex HEX in place of KEY: the stored bytes of a key, for rows whose key does not print
// as a literal that names it (bytes a JavaScript writer stored that are not UTF-8, say).
std::optional<std::string> keyHexOption(const CommandContext &context)
{
    const std::optional<std::string> hex = context.args.value("--key-hex");
    if (!hex)
        return std::nullopt;
    try {
        return fromHex(*hex);
    } catch (const Error &error) {
        std::string message = error.what();
        message.replace(message.find("HEX"), 3, "--key-hex");
        throw Error(message);
    }
}

// get --key-hex: the row at those bytes, if live.
int runGetByBytes(const CommandContext &context, const std::string &bytes)
{
    const auto store = openStore(context, Access::Read);
    const std::optional<RawEntry> row = store->inspect(bytes).result();
    if (!row || row->expired) {
        context.err << "kvs: not found\n";
        return kExitFailure;
    }
    const Value value = decodeValue(row->value);
    if (!context.args.has("--json")) {
        context.out << printLiteral(value) << '\n';
        return kExitOk;
    }
    JsonLine line;
    line.string("keyHex", toHex(bytes));
    try {
        line.string("key", printKeyLiteral(decodeKey(bytes)));
    } catch (const Error &) {
        line.raw("key", "null"); // bytes that are no key layout at all
    }
    line.string("value", printLiteral(value)).integer("version", row->version);
    if (row->expiresAt)
        line.integer("expiresAt", *row->expiresAt);
    else
        line.raw("expiresAt", "null");
    context.out << line.text() << '\n';
    return kExitOk;
}

} // namespace

int runGet(const CommandContext &context)
{
    context.args.requireOnly("get", {"--key-hex"});
    const std::optional<std::string> bytes = keyHexOption(context);
    requireArgumentCount(context, 1, bytes ? 0 : 1, bytes ? 0 : 1, "get KEY|--key-hex HEX");
    requireDb(context);
    if (bytes)
        return runGetByBytes(context, *bytes);
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
        context.out << JsonLine()
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
    context.args.requireOnly("delete", {"--key-hex"});
    const std::optional<std::string> bytes = keyHexOption(context);
    requireArgumentCount(context, 1, bytes ? 0 : 1, bytes ? 0 : 1, "delete KEY|--key-hex HEX");
    requireDb(context);
    if (bytes) {
        openStore(context, Access::Write)->removeRaw(*bytes).waitForFinished();
    } else {
        const Key key = keyArgument(context.args.positionals()[1], "KEY");
        openStore(context, Access::Write)->remove(key).waitForFinished();
    }
    context.out << (context.args.has("--json") ? JsonLine().raw("ok", "true").text()
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
        context.out << JsonLine()
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
    // A row another writer stored that does not decode is skipped with a warning, not an error
    // that hides the rest of the range.
    const ListRowsResult page = listRows(*store, selector, options);
    for (const UndecodableRow &row : page.undecodable) {
        std::string problem = row.problem;
        if (problem.starts_with("kvs: "))
            problem.erase(0, 5);
        context.err << errorLine("warning: skipped a row that does not decode, key bytes "
                                 + toHex(row.key) + ": " + problem)
                    << '\n';
    }
    const bool json = context.args.has("--json");
    std::string text;
    for (const Entry &entry : page.entries) {
        text += json ? entryJson(entry) : entryLine(entry);
        text += '\n';
    }
    if (page.cursor) {
        text += json ? JsonLine().string("cursor", *page.cursor).text() : "cursor: " + *page.cursor;
        text += '\n';
    }
    context.out << text;
    return kExitOk;
}

} // namespace kvs::cli
