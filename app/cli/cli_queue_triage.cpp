#include "cli/cli_queue_triage.h"

#include "cli/cli_arguments.h"
#include "cli/cli_interrupt.h"
#include "cli/cli_output.h"

#include <kvs/async_kvstore.h>
#include <kvs/condition.h>
#include <kvs/dead_letter_sweep.h>
#include <kvs/errors.h>
#include <kvs/payload_path.h>

#include <QRegularExpression>

#include <charconv>
#include <chrono>
#include <cmath>
#include <ostream>
#include <system_error>

namespace kvs::cli {

namespace {

constexpr std::string_view kFilterOptions[] = {"--error",
                                               "--error-regex",
                                               "--older-than",
                                               "--payload",
                                               "--payload-path",
                                               "--where",
                                               "--signature"};

bool hasFilter(const CommandContext &context)
{
    for (const std::string_view option : kFilterOptions) {
        if (context.args.has(option))
            return true;
    }
    return false;
}

// --payload-path PATH=LITERAL: the path ends at the first '=' after which the rest is the
// literal; an array path (["a=b", 1]) may hold '=' itself, so its end is the first '=' before
// which the path parses.
void setPayloadPath(DeadLetterFilter &filter, const std::string &condition)
{
    const auto usage = [&] {
        return UsageError("kvs: --payload-path needs PATH=LITERAL such as customer.id=42 or "
                          "[\"customer\",\"id\"]=42, got "
                          + jsonQuoted(condition));
    };
    const bool arrayForm = condition.find_first_not_of(" \t") != std::string::npos
                           && condition[condition.find_first_not_of(" \t")] == '[';
    std::string pathError;
    for (std::size_t equals = condition.find('='); equals != std::string::npos;
         equals = condition.find('=', equals + 1)) {
        std::optional<PayloadPath> path;
        try {
            path = PayloadPath::parse(std::string_view(condition).substr(0, equals));
        } catch (const TypeError &error) {
            pathError = error.what();
            if (arrayForm)
                continue;
            break;
        }
        filter.setPayloadPathEquals(std::move(*path),
                                    valueArgument(condition.substr(equals + 1), "--payload-path"));
        return;
    }
    if (!pathError.empty())
        throw UsageError(pathError + " (in --payload-path)");
    throw usage();
}

// The filter of the command line, and its text for the audit log.
DeadLetterFilter filterOf(const CommandContext &context, std::string &described)
{
    DeadLetterFilter filter;
    const auto describe = [&](std::string_view option, const std::string &value) {
        described += (described.empty() ? "" : " ") + std::string(option) + ' ' + jsonQuoted(value);
    };
    if (const auto text = context.args.value("--error")) {
        filter.setErrorContains(*text);
        describe("--error", *text);
    }
    if (const auto signature = context.args.value("--signature")) {
        filter.setSignature(*signature); // an id, a signature's text or an error text
        describe("--signature", *signature);
    }
    if (const auto pattern = context.args.value("--error-regex")) {
        try {
            filter.setErrorPattern(*pattern);
        } catch (const TypeError &error) {
            throw UsageError(std::string(error.what()) + " (in --error-regex)");
        }
        describe("--error-regex", *pattern);
    }
    if (const auto age = context.args.value("--older-than")) {
        const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                                     std::chrono::system_clock::now().time_since_epoch())
                                     .count();
        filter.setFailedAtOrBefore(now - durationText(*age, "--older-than"));
        describe("--older-than", *age);
    }
    if (const auto text = context.args.value("--payload")) {
        filter.setPayloadContains(*text);
        describe("--payload", *text);
    }
    if (const auto condition = context.args.value("--payload-path")) {
        setPayloadPath(filter, *condition);
        describe("--payload-path", *condition);
    }
    if (const auto condition = context.args.value("--where")) {
        try {
            filter.setWhere(Condition::parse(*condition));
        } catch (const LiteralSyntaxError &error) {
            throw UsageError(std::string(error.what()) + " (in --where)");
        }
        describe("--where", *condition);
    }
    return filter;
}

std::optional<double> rateOption(const CommandContext &context)
{
    const std::optional<double> rate = numberOption(context, "--rate");
    if (rate && !(std::isfinite(*rate) && *rate > 0))
        throw UsageError("kvs: --rate needs a number of messages per second > 0, got "
                         + jsonQuoted(*context.args.value("--rate")));
    return rate;
}

std::string actionName(bool retry)
{
    return retry ? "retry" : "delete-dead";
}

// After the end line of a write a signal interrupted: says so, and the exit code (130, 143).
int interruptedExit(const CommandContext &context, const InterruptScope &interrupt)
{
    context.err << "kvs: interrupted by " << interrupt.signalName()
                << " (the write finished; the audit log records it)\n";
    return interrupt.exitCode();
}

std::string countLine(const CommandContext &context, bool retry, std::int64_t count, bool dryRun)
{
    if (!context.args.has("--json"))
        return std::to_string(count);
    return JsonLine()
        .integer(retry ? "retried" : "deleted", count)
        .raw("dryRun", dryRun ? "true" : "false")
        .text();
}

// One dead message: ID. A dry run reads whether it is there.
int repairOne(const CommandContext &context, bool retry, const std::string &topic, std::int64_t id)
{
    const bool dryRun = context.args.has("--dry-run");
    const auto store = openStore(context, dryRun ? Access::Read : Access::Write);
    std::int64_t count = 0;
    if (dryRun) {
        const auto page = store->listDead(topic, ListDeadOptions{1, double(id - 1)}).result();
        count = !page.empty() && page[0].id == id ? 1 : 0;
    } else {
        const InterruptScope interrupt;
        AuditedAction audit
            = startAudit(context, {actionName(retry), {}, topic, "id " + std::to_string(id)}, 1);
        try {
            count = retry ? store->retryDead(topic, double(id)).result()
                          : store->deleteDead(topic, double(id)).result();
        } catch (const std::exception &error) {
            endAudit(context, audit, AuditOutcome::Failed, 0, 0, error.what());
            throw;
        }
        endAudit(context,
                 audit,
                 count ? AuditOutcome::Done : AuditOutcome::Failed,
                 count,
                 count,
                 count ? "" : "not found");
        if (interrupt.interrupted()) {
            context.out << countLine(context, retry, count, false) << '\n';
            return interruptedExit(context, interrupt);
        }
    }
    if (count == 0) {
        context.err << "kvs: not found (no dead message " << id << " in topic " << jsonQuoted(topic)
                    << ")\n";
        return kExitFailure;
    }
    context.out << countLine(context, retry, count, dryRun) << '\n';
    return kExitOk;
}

// How many the action expects to touch, for its started line: the topic's dead letters
// (--all, read without a write), or a count of the filter's matches (a read of every one).
std::int64_t expectedCount(AsyncKVStore &store,
                           const DeadLetterSweepOptions &options,
                           bool filtered,
                           const InterruptScope &interrupt)
{
    if (!filtered) {
        const std::vector<QueueStats> stats
            = store.queueStats(options.topic, QueueStatsOptions{ExpiredLeases::Project}).result();
        return stats.empty() ? 0 : stats.front().dead;
    }
    DeadLetterSweepOptions count = options;
    count.action = DeadLetterAction::Count;
    count.ratePerSecond.reset();
    count.cancel = &interrupt.flag();
    return sweepDeadLetters(store, count).progress.matched;
}

// Every dead message of topic (--all) or those a filter matches, in batches. The started line
// names the expected count before the first batch; SIGINT or SIGTERM end the batch in flight,
// the ended line says "interrupted", and kvs exits 130 or 143.
int repairMany(const CommandContext &context, bool retry, const std::string &topic)
{
    const bool dryRun = context.args.has("--dry-run");
    DeadLetterSweepOptions options;
    options.topic = topic;
    const bool filtered = hasFilter(context);
    std::string described = filtered ? std::string() : std::string("--all");
    options.filter = filterOf(context, described);
    options.ratePerSecond = rateOption(context);
    if (const auto rate = context.args.value("--rate"))
        described += " --rate " + *rate;
    options.action = dryRun  ? DeadLetterAction::Count
                     : retry ? DeadLetterAction::Retry
                             : DeadLetterAction::Delete;
    const auto store = openStore(context, dryRun ? Access::Read : Access::Write);
    if (dryRun) {
        const DeadLetterSweepResult result = sweepDeadLetters(*store, options);
        context.out << countLine(context, retry, result.progress.matched, true) << '\n';
        return kExitOk;
    }
    const InterruptScope interrupt;
    const std::int64_t expected = expectedCount(*store, options, filtered, interrupt);
    if (interrupt.interrupted()) {
        context.err << "kvs: interrupted by " << interrupt.signalName()
                    << " before anything was changed\n";
        return interrupt.exitCode();
    }
    AuditedAction audit = startAudit(context, {actionName(retry), {}, topic, described}, expected);
    DeadLetterSweepProgress progress; // what the batches before an error did
    options.onProgress = [&progress](const DeadLetterSweepProgress &p) {
        progress = p;
    };
    options.cancel = &interrupt.flag();
    DeadLetterSweepResult result;
    try {
        result = sweepDeadLetters(*store, options);
    } catch (const std::exception &error) {
        endAudit(
            context, audit, AuditOutcome::Failed, progress.matched, progress.changed, error.what());
        throw;
    }
    const AuditOutcome outcome = result.cancelled ? AuditOutcome::Interrupted : AuditOutcome::Done;
    endAudit(context, audit, outcome, result.progress.matched, result.progress.changed);
    context.out << countLine(context, retry, result.progress.changed, false) << '\n';
    if (result.cancelled) {
        context.err << "kvs: interrupted by " << interrupt.signalName() << " after "
                    << (retry ? "retrying " : "deleting ") << result.progress.changed << " of "
                    << expected << " messages (the audit log records it)\n";
        return interrupt.exitCode();
    }
    return kExitOk;
}

} // namespace

std::int64_t messageIdText(std::string_view text, std::string_view what)
{
    std::int64_t id = 0;
    const char *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, id);
    if (text.empty() || ec != std::errc() || ptr != end || id < 0) {
        throw UsageError("kvs: " + std::string(what) + " needs an integer message id >= 0, got "
                         + jsonQuoted(text));
    }
    return id;
}

std::int64_t durationText(std::string_view text, std::string_view option)
{
    static const QRegularExpression form(QStringLiteral(R"(^(\d+(?:\.\d+)?)(ms|s|m|h|d)$)"));
    const QRegularExpressionMatch match
        = form.match(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
    if (!match.hasMatch()) {
        throw UsageError("kvs: " + std::string(option)
                         + " needs a duration such as 90s, 30m, 2h or 1d, got " + jsonQuoted(text));
    }
    const double amount = match.captured(1).toDouble();
    const QString unit = match.captured(2);
    const double unitMs = unit == QLatin1String("ms")  ? 1
                          : unit == QLatin1String("s") ? 1000
                          : unit == QLatin1String("m") ? 60000
                          : unit == QLatin1String("h") ? 3600000
                                                       : 86400000;
    return static_cast<std::int64_t>(std::llround(amount * unitMs));
}

int runDeadRepair(const CommandContext &context, bool retry)
{
    const std::string command = retry ? "queue retry" : "queue delete-dead";
    context.args.requireOnly(command,
                             {"--all",
                              "--error",
                              "--error-regex",
                              "--older-than",
                              "--payload",
                              "--payload-path",
                              "--where",
                              "--signature",
                              "--rate",
                              "--dry-run",
                              "--no-audit"});
    requireArgumentCount(context, 2, 1, 2, command + " TOPIC ID|--all|FILTER...");
    const std::vector<std::string> &positionals = context.args.positionals();
    const bool all = context.args.has("--all");
    const bool filtered = hasFilter(context);
    const bool hasId = positionals.size() > 3;
    if (int(all) + int(filtered) + int(hasId) > 1) {
        throw UsageError("kvs: " + command
                         + " takes one of a message ID, --all or filters (--error, --error-regex, "
                           "--older-than, --payload, --payload-path, --where, --signature)");
    }
    if (!all && !hasId && !filtered) {
        throw UsageError("kvs: " + command
                         + " needs a message ID, --all or a filter (so nothing is "
                         + (retry ? "retried" : "deleted") + " by accident)");
    }
    if (hasId && context.args.has("--rate"))
        throw UsageError("kvs: --rate applies to --all or filters, not to one message ID");
    requireDb(context);
    const std::string &topic = positionals[2];
    if (hasId)
        return repairOne(context, retry, topic, messageIdText(positionals[3], "ID"));
    return repairMany(context, retry, topic);
}

int runMove(const CommandContext &context)
{
    context.args.requireOnly("queue move", {"--max-attempts", "--no-audit"});
    requireArgumentCount(context, 2, 3, 3, "queue move TOPIC ID PAYLOAD [--max-attempts N]");
    requireDb(context);
    const std::vector<std::string> &positionals = context.args.positionals();
    QueueOptions options;
    options.topic = positionals[2];
    const std::int64_t id = messageIdText(positionals[3], "ID");
    options.maxAttempts = numberOption(context, "--max-attempts").value_or(options.maxAttempts);
    const Value payload = valueArgument(positionals[4], "PAYLOAD");
    const auto store = openStore(context, Access::Write);
    const InterruptScope interrupt;
    AuditedAction audit
        = startAudit(context, {"move", {}, options.topic, "id " + std::to_string(id)}, 1);
    std::optional<EnqueueResult> moved;
    try {
        moved = store->moveMessage(double(id), payload, options).result();
    } catch (const std::exception &error) {
        // Nothing written (MessageNotDeadError: retried meanwhile, perhaps leased by a
        // consumer): audited with the store's message, which run() prints; exit status 1.
        endAudit(context, audit, AuditOutcome::Failed, 0, 0, error.what());
        throw;
    }
    if (moved)
        endAudit(context, audit, AuditOutcome::Done, 1, 1, "new id " + std::to_string(moved->id));
    else
        endAudit(context, audit, AuditOutcome::Failed, 0, 0, "not found");
    if (!moved) {
        context.err << "kvs: not found (no message " << id << " in topic "
                    << jsonQuoted(options.topic) << ")\n";
        return kExitFailure;
    }
    context.out << (context.args.has("--json") ? JsonLine()
                                                     .raw("ok", "true")
                                                     .integer("id", moved->id)
                                                     .integer("replaced", id)
                                                     .text()
                                               : std::to_string(moved->id))
                << '\n';
    return interrupt.interrupted() ? interruptedExit(context, interrupt) : kExitOk;
}

} // namespace kvs::cli
