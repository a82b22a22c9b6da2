#include "cli/cli_find_command.h"

#include "cli/cli_arguments.h"
#include "cli/cli_output.h"
#include "cli/cli_signal_watch.h"

#include <kvs/async_kvstore.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/value_search.h>

#include <QFile>
#include <QRegularExpression>
#include <QSaveFile>

#include <cmath>
#include <ostream>

namespace kvs::cli {

namespace {

constexpr std::string_view kUsage
    = "find [--prefix KEY | --start KEY --end KEY] [--text TEXT [--match-case] | --regex RE] "
      "[--in-keys] [--where CONDITION] [--limit N] [--keys-only] [--count] [--export FILE|-]";

// Undecodable rows get a warning each, up to this many; then one line counts the rest.
constexpr std::int64_t kWarningsShown = 10;

// Every problem of the command line, the literals, the condition and the pattern: exit 2.
ValueSearchQuery queryOf(const CommandContext &context)
{
    const CliArguments &args = context.args;
    const bool text = args.has("--text");
    const bool regex = args.has("--regex");
    if (text && regex)
        throw UsageError("kvs: find takes --text or --regex, not both");
    if (args.has("--match-case") && !text)
        throw UsageError("kvs: --match-case applies to --text");
    if (args.has("--in-keys") && !text && !regex)
        throw UsageError("kvs: --in-keys applies to --text or --regex");
    if (!text && !regex && !args.has("--where"))
        throw UsageError("kvs: find needs --text, --regex or --where (usage: kvs "
                         + std::string(kUsage) + ")");
    const int outputs
        = int(args.has("--count")) + int(args.has("--keys-only")) + int(args.has("--export"));
    if (outputs > 1)
        throw UsageError("kvs: --count, --keys-only and --export are alternatives");

    ValueSearchQuery query;
    try {
        ListSelector selector;
        selector.prefix = keyOption(context, "--prefix");
        selector.start = keyOption(context, "--start");
        selector.end = keyOption(context, "--end");
        query.range = searchRange(selector);
    } catch (const Error &error) {
        throw UsageError(error.what());
    }
    query.text = args.value("--text");
    query.matchCase = args.has("--match-case");
    query.regex = args.value("--regex");
    if (query.regex) {
        const QRegularExpression pattern(QString::fromStdString(*query.regex));
        if (!pattern.isValid()) {
            throw UsageError("kvs: invalid regular expression: "
                             + pattern.errorString().toStdString() + " at offset "
                             + std::to_string(pattern.patternErrorOffset()) + " (in --regex)");
        }
    }
    query.inKeys = args.has("--in-keys");
    if (const std::optional<std::string> where = args.value("--where")) {
        try {
            query.where = Condition::parse(*where);
        } catch (const Error &error) {
            throw UsageError(std::string(error.what()) + " (in --where)");
        }
    }
    return query;
}

ValueSearchOptions optionsOf(const CommandContext &context)
{
    ValueSearchOptions options;
    if (const std::optional<std::string> text = context.args.value("--limit")) {
        const std::optional<double> limit = numberOption(context, "--limit");
        if (!(*limit >= 1 && *limit <= 9007199254740991.0 && *limit == std::floor(*limit)))
            throw UsageError("kvs: --limit needs an integer >= 1, got " + jsonQuoted(*text));
        options.limit = static_cast<std::int64_t>(*limit);
    }
    return options;
}

// Where the matches go: stdout as list prints them, a count, or an export file.
class FindOutput
{
public:
    explicit FindOutput(const CommandContext &context)
        : m_context(context)
        , m_json(context.args.has("--json"))
        , m_count(context.args.has("--count"))
        , m_keysOnly(context.args.has("--keys-only"))
        , m_exportPath(context.args.value("--export"))
    {
        if (m_exportPath && *m_exportPath != "-") {
            m_file = std::make_unique<QSaveFile>(QFile::decodeName(m_exportPath->c_str()));
            if (!m_file->open(QIODevice::WriteOnly))
                failToWrite();
        }
    }

    void write(const ValueSearchPage &page)
    {
        for (const UndecodableRow &row : page.undecodable)
            warn(row);
        if (m_count)
            return;
        m_text.clear();
        for (const ValueMatch &match : page.matches) {
            m_text += line(match);
            m_text += '\n';
        }
        if (m_file) {
            if (m_file->write(m_text.data(), qint64(m_text.size())) != qint64(m_text.size()))
                failToWrite();
        } else {
            m_context.out << m_text;
            m_context.out.flush();
        }
    }

    // The summary once the search is done: the count, or the export's.
    void finish(const ValueSearchCounts &counts)
    {
        if (m_warnings > kWarningsShown) {
            m_context.err << errorLine("warning: " + std::to_string(m_warnings - kWarningsShown)
                                       + " more rows that do not decode were skipped")
                          << '\n';
        }
        if (m_count) {
            m_context.out << (m_json ? JsonLine().integer("count", counts.matched).text()
                                     : std::to_string(counts.matched))
                          << '\n';
            return;
        }
        if (!m_exportPath)
            return;
        if (m_file && !m_file->commit())
            failToWrite();
        // With the entries on stdout, the summary goes to stderr, as kvs export does.
        std::ostream &summary = m_file ? m_context.out : m_context.err;
        summary << (m_json ? JsonLine().integer("exported", counts.matched).text()
                           : "exported " + std::to_string(counts.matched))
                << '\n';
    }

private:
    std::string line(const ValueMatch &match) const
    {
        if (m_exportPath)
            return exportLine(match.keyBytes, match.valueBytes, match.entry.expiresAt);
        if (m_keysOnly) {
            const std::string key = printKeyLiteral(match.entry.key);
            return m_json ? JsonLine().string("key", key).text() : key;
        }
        return m_json ? entryJson(match.entry) : entryLine(match.entry);
    }

    void warn(const UndecodableRow &row)
    {
        if (++m_warnings > kWarningsShown)
            return;
        std::string problem = row.problem;
        if (problem.starts_with("kvs: "))
            problem.erase(0, 5);
        m_context.err << errorLine("warning: skipped a row that does not decode, key bytes "
                                   + toHex(row.key) + ": " + problem)
                      << '\n';
    }

    [[noreturn]] void failToWrite() const
    {
        throw Error("kvs: cannot write " + jsonQuoted(*m_exportPath) + ": "
                    + m_file->errorString().toStdString());
    }

    const CommandContext &m_context;
    bool m_json;
    bool m_count;
    bool m_keysOnly;
    std::optional<std::string> m_exportPath;
    std::unique_ptr<QSaveFile> m_file; // an export to a file; discarded unless committed
    std::string m_text;
    std::int64_t m_warnings = 0;
};

// Runs the search to its end, or to a signal. Returns the exit code.
int search(const CommandContext &context, ValueSearchQuery query, ValueSearchOptions options)
{
    const SignalWatch interrupts; // SIGINT / SIGTERM: stop after the page being read
    FindOutput output(context);
    const auto store = openStore(context, Access::Read);
    ValueSearch search(*store, std::move(query), std::move(options));
    while (!search.done()) {
        const ValueSearchPage page = search.next();
        output.write(page);
        if (const int signal = interrupts.received()) {
            context.err << "kvs: interrupted after " << search.counts().scanned << " rows scanned, "
                        << search.counts().matched << " found"
                        << (context.args.has("--export") ? "; nothing was exported" : "") << '\n';
            return signal == SIGTERM ? kExitTerminated : kExitInterrupted;
        }
    }
    output.finish(search.counts());
    return search.counts().matched > 0 ? kExitOk : kExitNothingFound;
}

} // namespace

int runFind(const CommandContext &context)
{
    context.args.requireOnly("find",
                             {"--prefix",
                              "--start",
                              "--end",
                              "--text",
                              "--match-case",
                              "--regex",
                              "--in-keys",
                              "--where",
                              "--limit",
                              "--keys-only",
                              "--count",
                              "--export"});
    requireArgumentCount(context, 1, 0, 0, kUsage);
    ValueSearchQuery query = queryOf(context);
    ValueSearchOptions options = optionsOf(context);
    requireDb(context);
    try {
        return search(context, std::move(query), std::move(options));
    } catch (const std::exception &error) {
        // The store (or the export file) failed: exit 5, where "nothing found" is 1.
        context.err << errorLine(
            redactSecrets(error.what(), context.args.value("--db").value_or("")))
                    << '\n';
        return kExitStoreError;
    }
}

} // namespace kvs::cli
