#include "cli/cli_analyze_command.h"

#include "cli/cli_analyze_text.h"
#include "cli/cli_arguments.h"
#include "cli/cli_output.h"
#include "cli/cli_signal_watch.h"

#include <kvs/async_kvstore.h>
#include <kvs/audit_log.h>
#include <kvs/clock.h>
#include <kvs/errors.h>
#include <kvs/key_space_analysis.h>
#include <kvs/key_space_json.h>
#include <kvs/saved_key_space_reports.h>

#include <QJsonDocument>

#include <cmath>
#include <csignal>
#include <ostream>

namespace kvs::cli {

namespace {

constexpr std::string_view kUsage = "analyze [--prefix KEY] [--depth N] [--top N] "
                                    "[--budget SECONDS] [--json] [--save] [--compare ID]";

// The integer given to option, from min to max; fallback when it was not given.
int integerOption(
    const CommandContext &context, std::string_view option, int min, int max, int fallback)
{
    const std::optional<std::string> text = context.args.value(option);
    if (!text)
        return fallback;
    const std::optional<double> number = numberOption(context, option);
    if (!(*number >= min && *number <= max && *number == std::floor(*number))) {
        throw UsageError("kvs: " + std::string(option) + " needs an integer from "
                         + std::to_string(min) + " to " + std::to_string(max) + ", got "
                         + jsonQuoted(*text));
    }
    return static_cast<int>(*number);
}

KeySpaceRequest requestOf(const CommandContext &context)
{
    KeySpaceRequest request;
    request.prefix = keyOption(context, "--prefix").value_or(Key{});
    request.depth = integerOption(context, "--depth", 0, 8, request.depth);
    request.top = integerOption(context, "--top", 1, 1000, request.top);
    return request;
}

std::optional<std::int64_t> budgetOf(const CommandContext &context)
{
    const std::optional<std::string> text = context.args.value("--budget");
    if (!text)
        return std::nullopt;
    const std::optional<double> seconds = numberOption(context, "--budget");
    if (!(*seconds > 0 && *seconds <= 31'536'000))
        throw UsageError("kvs: --budget needs a number of seconds > 0, got " + jsonQuoted(*text));
    return static_cast<std::int64_t>(std::ceil(*seconds * 1000));
}

std::optional<std::int64_t> compareIdOf(const CommandContext &context)
{
    const std::optional<std::string> text = context.args.value("--compare");
    if (!text)
        return std::nullopt;
    const std::optional<double> id = numberOption(context, "--compare");
    if (!(*id >= 1 && *id <= 9007199254740991.0 && *id == std::floor(*id)))
        throw UsageError("kvs: --compare needs a saved report's id (an integer >= 1), got "
                         + jsonQuoted(*text));
    return static_cast<std::int64_t>(*id);
}

std::string databaseName(const CommandContext &context)
{
    return auditDatabaseName(context.args.value("--db").value_or(std::string()),
                             context.args.value("--schema").value_or(std::string()),
                             context.args.value("--table-prefix").value_or(std::string()));
}

} // namespace

int runAnalyze(const CommandContext &context)
{
    context.args.requireOnly("analyze",
                             {"--prefix", "--depth", "--top", "--budget", "--save", "--compare"});
    requireArgumentCount(context, 1, 0, 0, kUsage);
    const KeySpaceRequest request = requestOf(context);
    KeySpaceOptions options;
    options.budgetMs = budgetOf(context);
    const std::optional<std::int64_t> compareId = compareIdOf(context);
    requireDb(context);
    const std::string database = databaseName(context);
    // The earlier report first: an unknown id fails before the database is read.
    std::optional<QJsonObject> earlier;
    if (compareId) {
        earlier = loadKeySpaceReport(database, *compareId);
        if (!earlier) {
            throw Error("kvs: no saved report " + std::to_string(*compareId)
                        + " of this database (kvs analyze --save keeps one)");
        }
    }

    const SignalWatch interrupts; // SIGINT / SIGTERM: stop after the page being read
    options.onProgress = [&interrupts](const KeySpaceProgress &) {
        return interrupts.received() == 0;
    };
    const auto store = openStore(context, Access::Read);
    const KeySpaceReport report = analyzeKeySpace(*store, request, options);
    const QJsonObject json = keySpaceReportJson(report);
    std::vector<KeySpaceChange> changes;
    if (earlier)
        changes = compareKeySpaceReports(*earlier, json);

    if (context.args.has("--json")) {
        QJsonObject out = json;
        if (earlier) {
            out.insert(QStringLiteral("comparedWith"), double(*compareId));
            out.insert(QStringLiteral("changes"), changesJson(changes));
        }
        context.out << QJsonDocument(out).toJson(QJsonDocument::Compact).toStdString() << '\n';
    } else {
        context.out << reportText(report);
        if (earlier)
            context.out << changesText(*compareId, changes);
    }
    if (context.args.has("--save")) {
        if (report.partial) {
            context.err << "kvs: a partial report is not saved\n";
        } else {
            const std::int64_t id = saveKeySpaceReport(database, json, systemClock()->now());
            context.err << "kvs: saved as report " << id << " of this database\n";
        }
    }
    if (const int signal = interrupts.received())
        return signal == SIGTERM ? 143 : 130;
    return report.partial ? kExitPartialReport : kExitOk;
}

} // namespace kvs::cli
