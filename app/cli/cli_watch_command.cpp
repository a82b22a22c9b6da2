#include "cli/cli_watch_command.h"

#include "cli/cli_arguments.h"
#include "cli/cli_output.h"

#include <kvs/change_feed.h>
#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/reconnect_backoff.h>

#include <charconv>
#include <filesystem>
#include <ostream>
#include <set>
#include <thread>
#include <utility>

namespace kvs::cli {

namespace {

constexpr std::string_view kUsage
    = "--db PATH watch [KEY...] [--prefix KEY]... [--limit N] [--count N]";

// "none" for a key watched and missing at the start, else what the change was.
const char *changeName(const std::optional<ChangeKind> &kind)
{
    if (!kind)
        return "none";
    switch (*kind) {
    case ChangeKind::Set:
        return "set";
    case ChangeKind::Deleted:
        return "deleted";
    case ChangeKind::Expired:
        return "expired";
    }
    return "none";
}

// One line for a slot: the entry as `get --json` / `list` print it, or the key marked gone
// (text: "KEY (none)" at the start, "KEY (deleted)" or "KEY (expired)" for a change). kind is
// nullopt for the initial lines.
std::string changeLine(const Key &key,
                       const std::optional<Entry> &entry,
                       const std::optional<ChangeKind> &kind,
                       bool json)
{
    const std::string initial = kind ? "false" : "true";
    if (json) {
        if (entry) {
            std::string line = entryJson(*entry);
            std::string extra = ", \"initial\": " + initial;
            if (kind)
                extra += std::string(", \"change\": \"") + changeName(kind) + "\"";
            line.insert(line.size() - 1, extra);
            return line;
        }
        JsonLine line;
        line.string("key", printKeyLiteral(key))
            .raw("value", "null")
            .raw("version", "null")
            .raw("expiresAt", "null")
            .raw("initial", initial);
        if (kind)
            line.string("change", changeName(kind));
        return line.text();
    }
    return entry ? entryLine(*entry) : printKeyLiteral(key) + " (" + changeName(kind) + ")";
}

// An integer option >= 1, or nullopt when it was not given.
std::optional<long long> positiveOption(const CommandContext &context, std::string_view option)
{
    const std::optional<std::string> text = context.args.value(option);
    if (!text)
        return std::nullopt;
    long long number = 0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), number);
    if (error != std::errc() || end != text->data() + text->size() || number < 1)
        throw UsageError("kvs: " + std::string(option) + " takes an integer >= 1, got "
                         + jsonQuoted(*text));
    return number;
}

// A core message without its "kvs: " (the line that quotes it has its own).
std::string_view withoutPrefix(std::string_view message)
{
    return message.starts_with("kvs: ") ? message.substr(5) : message;
}

} // namespace

int runWatch(const CommandContext &context)
{
    context.args.requireOnly("watch", {"--count", "--prefix", "--limit"});
    const std::vector<std::string> prefixTexts = context.args.values("--prefix");
    requireArgumentCount(context, 1, prefixTexts.empty() ? 1 : 0, 1000, kUsage);
    if (!context.args.has("--db"))
        throw UsageError("kvs: this command needs --db PATH");
    const std::optional<long long> count = positiveOption(context, "--count");
    const std::optional<long long> limit = positiveOption(context, "--limit");
    const std::string path = *context.args.value("--db");
    WatchTargets targets;
    if (limit)
        targets.prefixLimit = static_cast<std::size_t>(*limit);
    const auto &positionals = context.args.positionals();
    for (std::size_t i = 1; i < positionals.size(); ++i) {
        try {
            targets.keys.push_back(parseKeyLiteral(positionals[i]));
        } catch (const LiteralSyntaxError &error) {
            throw LiteralSyntaxError(std::string(error.what()) + " (in KEY)", error.position());
        }
    }
    for (const std::string &text : prefixTexts)
        targets.prefixes.push_back(keyArgument(text, "--prefix"));
    std::error_code missing;
    if (!isPostgresUrl(path) && path != ":memory:" && !path.starts_with("file:")
        && !std::filesystem::exists(path, missing))
        throw Error("kvs: no database at " + jsonQuoted(path));

    KVStoreOptions options;
    options.tablePrefix = context.args.value("--table-prefix").value_or(std::string());
    // Read-only: watching never writes.
    ChangeFeed feed(path, targets, options, context.args.value("--schema").value_or(std::string()));
    if (feed.probeDescription().starts_with("none"))
        context.err << "kvs: note: the server allows no change probe to this user; every poll "
                       "re-reads the watched keys\n";
    const bool json = context.args.has("--json");
    const std::vector<std::optional<Entry>> current = feed.current();
    for (std::size_t i = 0; i < targets.keys.size(); ++i)
        context.out << changeLine(targets.keys[i], current[i], std::nullopt, json) << '\n';
    // Then the entries under the prefixes (a watched key among them is printed once, above).
    std::set<std::string> printed;
    for (const Key &key : targets.keys)
        printed.insert(encodeKey(key));
    for (const Entry &entry : feed.entries()) {
        if (!printed.count(encodeKey(entry.key)))
            context.out << changeLine(entry.key, entry, std::nullopt, json) << '\n';
    }
    context.out.flush();
    long long reported = 0;
    // A database that goes away (a server restarting, a backend ended, a file removed) is asked
    // again after 1 s, then less often (up to every 30 s); the first poll that works re-reads
    // the watched keys, so what was committed meanwhile is printed then.
    ReconnectBackoff backoff;
    bool lost = false;
    while (!count || reported < *count) {
        std::this_thread::sleep_for(lost ? backoff.next() : ChangeFeed::kProbeInterval);
        std::vector<Change> changes;
        try {
            changes = feed.poll();
        } catch (const ConnectionError &error) {
            if (!std::exchange(lost, true)) {
                context.err << "kvs: watching stopped: " << withoutPrefix(error.what())
                            << "; trying again in 1 s, then less often (up to every 30 s)\n";
                context.err.flush();
            }
            continue;
        }
        if (std::exchange(lost, false)) {
            backoff.reset();
            context.err << "kvs: connected again; the watched keys were read again\n";
            context.err.flush();
        }
        for (const Change &change : changes) {
            context.out << changeLine(change.key, change.entry, change.kind, json) << '\n';
            ++reported;
        }
        context.out.flush();
    }
    return kExitOk;
}

} // namespace kvs::cli
