#include "cli/cli_commands.h"

#include "bench/bench.h"
#include "cli/cli_arguments.h"
#include "cli/cli_help.h"
#include "cli/cli_output.h"
#include "cli/cli_queue_commands.h"
#include "cli/cli_store_commands.h"
#include "cli/cli_watch_command.h"
#include "cli/command_context.h"

#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <charconv>
#include <cmath>
#include <ostream>
#include <system_error>

namespace kvs::cli {

namespace {

// kvs key|value encode|decode: pure codec commands, no database.
int runCodec(const CommandContext &context)
{
    const std::vector<std::string> &positionals = context.args.positionals();
    const bool isKey = positionals[0] == "key";
    const std::string_view usage
        = isKey ? "key encode KEY | key decode HEX" : "value encode VALUE | value decode HEX";
    if (positionals.size() < 2 || (positionals[1] != "encode" && positionals[1] != "decode")) {
        throw UsageError("kvs: " + positionals[0] + " needs encode or decode (usage: kvs "
                         + std::string(usage) + ")");
    }
    const bool encode = positionals[1] == "encode";
    context.args.requireOnly(positionals[0] + " " + positionals[1], {});
    requireArgumentCount(context, 2, 1, 1, usage);
    const std::string &input = positionals[2];

    std::string literal;
    std::string hex;
    if (encode) {
        try {
            if (isKey) {
                const Key key = parseKeyLiteral(input);
                hex = toHex(encodeKey(key));
                literal = printKeyLiteral(key);
            } else {
                const Value value = parseLiteral(input);
                hex = toHex(encodeValue(value));
                literal = printLiteral(value);
            }
        } catch (const Error &error) {
            throw Error(std::string(error.what()) + (isKey ? " (in KEY)" : " (in VALUE)"));
        }
    } else {
        const std::string bytes = fromHex(input);
        literal = isKey ? printKeyLiteral(decodeKey(bytes)) : printLiteral(decodeValue(bytes));
        hex = toHex(bytes);
    }

    if (context.args.has("--json")) {
        context.out
            << JsonObjectLine().string(isKey ? "key" : "value", literal).string("hex", hex).text()
            << '\n';
    } else {
        context.out << (encode ? hex : literal) << '\n';
    }
    return kExitOk;
}

// --seconds: a positive finite decimal such as 0.2.
double benchSeconds(const CliArguments &args)
{
    const std::optional<std::string> text = args.value("--seconds");
    if (!text) {
        return 1;
    }
    double seconds = 0;
    const char *end = text->data() + text->size();
    const auto [ptr, ec] = std::from_chars(text->data(), end, seconds);
    if (text->empty() || ec != std::errc() || ptr != end || !std::isfinite(seconds)
        || seconds <= 0) {
        throw UsageError("kvs: --seconds needs a number of seconds > 0, got " + jsonQuoted(*text));
    }
    return seconds;
}

// A comma-separated option value.
std::vector<std::string> listOption(const CliArguments &args, std::string_view option)
{
    std::vector<std::string> items;
    const std::optional<std::string> text = args.value(option);
    if (!text) {
        return items;
    }
    std::string_view rest = *text;
    while (true) {
        const std::size_t comma = rest.find(',');
        items.emplace_back(rest.substr(0, comma));
        if (comma == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(comma + 1);
    }
    return items;
}

std::vector<std::string> benchBackends(const CliArguments &args)
{
    std::vector<std::string> backends = listOption(args, "--backends");
    for (const std::string &backend : backends) {
        if (!bench::isBenchBackend(backend)) {
            throw UsageError("kvs: --backends: unknown backend " + jsonQuoted(backend)
                             + " (known: kvstore, async-sqlite, async-postgres, tree)");
        }
    }
    return backends;
}

std::vector<std::string> benchOps(const CliArguments &args)
{
    std::vector<std::string> ops = listOption(args, "--ops");
    if (ops.empty()) {
        return ops;
    }
    for (const std::string &op : ops) {
        if (!bench::isBenchOperation(op)) {
            throw UsageError("kvs: --ops: unknown operation " + jsonQuoted(op)
                             + " (known: " + bench::benchOperationList() + ")");
        }
    }
    return ops;
}

int runBenchCommand(const CommandContext &context)
{
    context.args.requireOnly("bench", {"--ops", "--seconds", "--backends"});
    requireArgumentCount(context,
                         1,
                         0,
                         0,
                         "bench --db PATH|:memory:|URL [--ops a,b] [--seconds S] [--backends b,c]");
    bench::BenchConfig config;
    const std::optional<std::string> db = context.args.value("--db");
    if (!db) {
        throw UsageError("kvs: bench needs --db PATH or --db :memory:");
    }
    config.db = *db;
    config.tablePrefix = context.args.value("--table-prefix").value_or(std::string());
    config.ops = benchOps(context.args);
    config.backends = benchBackends(context.args);
    config.seconds = benchSeconds(context.args);
    config.json = context.args.has("--json");
    bench::runBench(config, context.out, context.err);
    return kExitOk;
}

int dispatch(const CommandContext &context)
{
    const std::vector<std::string> &positionals = context.args.positionals();
    if (positionals.empty()) {
        throw UsageError("kvs: no command given; " + std::string(usageLine()));
    }
    const std::string &command = positionals[0];
    if (command == "key" || command == "value") {
        return runCodec(context);
    }
    if (command == "get") {
        return runGet(context);
    }
    if (command == "set") {
        return runSet(context);
    }
    if (command == "delete") {
        return runDelete(context);
    }
    if (command == "increment") {
        return runIncrement(context);
    }
    if (command == "list") {
        return runList(context);
    }
    if (command == "queue") {
        return runQueue(context);
    }
    if (command == "watch") {
        return runWatch(context);
    }
    if (command == "bench") {
        return runBenchCommand(context);
    }
    throw UsageError("kvs: unknown command " + jsonQuoted(command) + "; "
                     + std::string(usageLine()));
}

} // namespace

int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    try {
        const CliArguments parsed = CliArguments::parse(args);
        if (parsed.has("--help")) {
            out << helpText();
            return kExitOk;
        }
        if (parsed.has("--version")) {
            out << versionLine() << '\n';
            return kExitOk;
        }
        const int code = dispatch(CommandContext{parsed, out, err});
        out.flush();
        return code;
    } catch (const UsageError &error) {
        err << errorLine(error.what()) << '\n';
        return kExitUsage;
    } catch (const SchemaOutdatedError &error) {
        std::string message = error.what();
        if (message.find("--migrate") == std::string::npos) {
            message += " (run the command again with --migrate to upgrade the database)";
        }
        err << errorLine(message) << '\n';
        return kExitFailure;
    } catch (const NotKvsDatabaseError &error) {
        // A write without --migrate on a database of other tables: say how to consent.
        std::string message = error.what();
        if (message.find("migration allowed") != std::string::npos) {
            message += " (run the command again with --migrate to add them)";
        }
        err << errorLine(message) << '\n';
        return kExitFailure;
    } catch (const std::exception &error) {
        err << errorLine(error.what()) << '\n';
        return kExitFailure;
    } catch (...) {
        err << "kvs: unexpected error\n";
        return kExitFailure;
    }
}

} // namespace kvs::cli
