#include "cli/cli_watch_command.h"

#include "cli/cli_arguments.h"
#include "cli/cli_output.h"

#include <kvs/change_feed.h>
#include <kvs/errors.h>
#include <kvs/literal.h>

#include <charconv>
#include <filesystem>
#include <ostream>
#include <thread>

namespace kvs::cli {

namespace {

constexpr std::string_view kUsage = "--db PATH watch KEY... [--count N]";

// One line for a slot: the entry as `get --json` / `list` print it, or the key marked gone.
std::string changeLine(const Key &key, const std::optional<Entry> &entry, bool initial, bool json)
{
    if (json) {
        if (entry) {
            std::string line = entryJson(*entry);
            line.insert(line.size() - 1,
                        std::string(", \"initial\": ") + (initial ? "true" : "false"));
            return line;
        }
        return JsonObjectLine()
            .string("key", printKeyLiteral(key))
            .raw("value", "null")
            .raw("version", "null")
            .raw("expiresAt", "null")
            .raw("initial", initial ? "true" : "false")
            .text();
    }
    return entry ? entryLine(*entry) : printKeyLiteral(key) + " (none)";
}

std::optional<long long> countOption(const CommandContext &context)
{
    const std::optional<std::string> text = context.args.value("--count");
    if (!text)
        return std::nullopt;
    long long count = 0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), count);
    if (error != std::errc() || end != text->data() + text->size() || count < 1)
        throw UsageError("kvs: --count takes an integer >= 1, got " + jsonQuoted(*text));
    return count;
}

} // namespace

int runWatch(const CommandContext &context)
{
    context.args.requireOnly("watch", {"--count"});
    requireArgumentCount(context, 1, 1, 1000, kUsage);
    if (!context.args.has("--db"))
        throw UsageError("kvs: this command needs --db PATH");
    const std::optional<long long> count = countOption(context);
    const std::string path = *context.args.value("--db");
    std::vector<Key> keys;
    const auto &positionals = context.args.positionals();
    for (std::size_t i = 1; i < positionals.size(); ++i) {
        try {
            keys.push_back(parseKeyLiteral(positionals[i]));
        } catch (const LiteralSyntaxError &error) {
            throw LiteralSyntaxError(std::string(error.what()) + " (in KEY)", error.position());
        }
    }
    std::error_code missing;
    if (!isPostgresUrl(path) && path != ":memory:" && !path.starts_with("file:")
        && !std::filesystem::exists(path, missing))
        throw Error("kvs: no database at " + jsonQuoted(path));

    KVStoreOptions options;
    options.tablePrefix = context.args.value("--table-prefix").value_or(std::string());
    // Read-only: watching never writes.
    ChangeFeed feed(path, keys, options, context.args.value("--schema").value_or(std::string()));
    const bool json = context.args.has("--json");
    for (std::size_t i = 0; i < keys.size(); ++i)
        context.out << changeLine(keys[i], feed.current()[i], true, json) << '\n';
    context.out.flush();
    long long reported = 0;
    while (!count || reported < *count) {
        std::this_thread::sleep_for(ChangeFeed::kProbeInterval);
        for (const Change &change : feed.poll()) {
            context.out << changeLine(change.key, change.entry, false, json) << '\n';
            ++reported;
        }
        context.out.flush();
    }
    return kExitOk;
}

} // namespace kvs::cli
