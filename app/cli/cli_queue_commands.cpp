#include "cli/cli_queue_commands.h"

#include "cli/cli_arguments.h"
#include "cli/cli_interrupt.h"
#include "cli/cli_output.h"
#include "cli/cli_queue_errors.h"
#include "cli/cli_queue_triage.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/literal.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <system_error>

namespace kvs::cli {

namespace {

constexpr std::string_view kSubcommands
    = "stats, peek, dead, errors, retry, delete-dead, move or enqueue (see kvs --help)";

// The store caps peek() and listDead() pages at this many messages.
constexpr double kMaxPage = 1000;

std::int64_t afterOption(const CommandContext &context)
{
    const std::optional<std::string> text = context.args.value("--after");
    return text ? messageIdText(*text, "--after") : 0;
}

PeekStatus statusOption(const CommandContext &context)
{
    const std::optional<std::string> text = context.args.value("--status");
    if (!text || *text == "pending") {
        return PeekStatus::Pending;
    }
    if (*text == "delayed") {
        return PeekStatus::Delayed;
    }
    if (*text == "processing") {
        return PeekStatus::Processing;
    }
    if (*text == "done") {
        return PeekStatus::Done;
    }
    throw UsageError("kvs: --status needs pending, delayed, processing or done, got "
                     + jsonQuoted(*text));
}

std::string nullableInteger(const std::optional<std::int64_t> &value)
{
    return value ? std::to_string(*value) : std::string("null");
}

std::string nullableString(const std::optional<std::string> &value)
{
    return value ? jsonQuoted(*value) : std::string("null");
}

// The members every message shows, in the order of the JSON lines.
template <typename Message>
JsonLine messageJson(const Message &message)
{
    JsonLine line;
    line.integer("id", message.id)
        .string("topic", message.topic)
        .string("payload", printLiteral(message.payload))
        .integer("enqueuedAt", message.enqueuedAt)
        .integer("deliverAt", message.deliverAt)
        .integer("attempts", message.attempts)
        .integer("maxAttempts", message.maxAttempts)
        .raw("lastError", nullableString(message.lastError));
    return line;
}

// 12 {"to": "a"} (attempts 0/3, due 2026-..., enqueued 2026-...
template <typename Message>
std::string messageLineStart(const Message &message)
{
    std::string line = std::to_string(message.id) + ' ';
    printLiteral(message.payload, line);
    line += " (attempts " + std::to_string(message.attempts) + '/'
            + std::to_string(message.maxAttempts) + ", due " + isoTime(message.deliverAt)
            + ", enqueued " + isoTime(message.enqueuedAt);
    return line;
}

std::string lastErrorPart(const std::optional<std::string> &lastError)
{
    return lastError ? ", last error " + jsonQuoted(*lastError) : std::string();
}

std::string peekLine(const QueuePeekMessage &message, bool json)
{
    if (json) {
        return messageJson(message).raw("lockedUntil", nullableInteger(message.lockedUntil)).text();
    }
    std::string line = messageLineStart(message);
    if (message.lockedUntil) {
        line += ", leased until " + isoTime(*message.lockedUntil);
    }
    return line + lastErrorPart(message.lastError) + ')';
}

std::string deadLine(const QueueDeadMessage &message, bool json)
{
    if (json) {
        return messageJson(message).integer("failedAt", message.failedAt).text();
    }
    return messageLineStart(message) + ", failed " + isoTime(message.failedAt)
           + lastErrorPart(message.lastError) + ')';
}

std::string statsLine(const QueueStats &stats, bool json)
{
    if (json) {
        return JsonLine()
            .string("topic", stats.topic)
            .integer("pending", stats.pending)
            .integer("delayed", stats.delayed)
            .integer("processing", stats.processing)
            .integer("dead", stats.dead)
            .integer("done", stats.done)
            .raw("oldestPendingAt", nullableInteger(stats.oldestPendingAt))
            .text();
    }
    std::string line = jsonQuoted(stats.topic) + ": pending " + std::to_string(stats.pending)
                       + ", delayed " + std::to_string(stats.delayed) + ", processing "
                       + std::to_string(stats.processing) + ", dead " + std::to_string(stats.dead)
                       + ", done " + std::to_string(stats.done);
    if (stats.oldestPendingAt) {
        line += ", oldest pending due " + isoTime(*stats.oldestPendingAt);
    }
    return line;
}

// A full page ends with the id to pass to --after for the next one.
std::string afterLine(std::int64_t lastId, bool json)
{
    return json ? JsonLine().integer("after", lastId).text() : "after: " + std::to_string(lastId);
}

// Prints lines for a page, and the --after line when it is full (limit already checked by the
// store, which caps it at kMaxPage).
template <typename Message, typename Format>
void printPage(const CommandContext &context,
               const std::vector<Message> &messages,
               double limit,
               Format format)
{
    const bool json = context.args.has("--json");
    std::string text;
    for (const Message &message : messages) {
        text += format(message, json);
        text += '\n';
    }
    if (!messages.empty() && static_cast<double>(messages.size()) >= std::min(limit, kMaxPage)) {
        text += afterLine(messages.back().id, json);
        text += '\n';
    }
    context.out << text;
}

double limitOption(const CommandContext &context, double defaultLimit)
{
    return numberOption(context, "--limit").value_or(defaultLimit);
}

int runStats(const CommandContext &context)
{
    context.args.requireOnly("queue stats", {});
    requireArgumentCount(context, 2, 0, 1, "queue stats [TOPIC]");
    const std::vector<std::string> &positionals = context.args.positionals();
    std::optional<std::string> topic;
    if (positionals.size() > 2) {
        topic = positionals[2];
    }
    const auto store = openStore(context, Access::Read);
    const bool json = context.args.has("--json");
    std::string text;
    for (const QueueStats &stats : store->queueStats(topic).result()) {
        text += statsLine(stats, json);
        text += '\n';
    }
    context.out << text;
    return kExitOk;
}

int runPeek(const CommandContext &context)
{
    context.args.requireOnly("queue peek", {"--status", "--limit", "--after"});
    requireArgumentCount(context,
                         2,
                         1,
                         1,
                         "queue peek TOPIC [--status pending|delayed|processing] [--limit N] "
                         "[--after ID]");
    PeekOptions options;
    options.status = statusOption(context);
    options.limit = limitOption(context, options.limit);
    options.afterId = afterOption(context);
    const auto store = openStore(context, Access::Read);
    printPage(context,
              store->peek(context.args.positionals()[2], options).result(),
              options.limit,
              peekLine);
    return kExitOk;
}

int runDead(const CommandContext &context)
{
    context.args.requireOnly("queue dead", {"--limit", "--after"});
    requireArgumentCount(context, 2, 1, 1, "queue dead TOPIC [--limit N] [--after ID]");
    ListDeadOptions options;
    options.limit = limitOption(context, options.limit);
    options.after = static_cast<double>(afterOption(context));
    const auto store = openStore(context, Access::Read);
    printPage(context,
              store->listDead(context.args.positionals()[2], options).result(),
              options.limit,
              deadLine);
    return kExitOk;
}

int runEnqueue(const CommandContext &context)
{
    context.args.requireOnly("queue enqueue", {"--delay", "--max-attempts", "--no-audit"});
    requireArgumentCount(
        context, 2, 2, 2, "queue enqueue TOPIC PAYLOAD [--delay MS] [--max-attempts N]");
    requireDb(context);
    QueueOptions options;
    options.topic = context.args.positionals()[2];
    options.delay = numberOption(context, "--delay").value_or(options.delay);
    options.maxAttempts = numberOption(context, "--max-attempts").value_or(options.maxAttempts);
    const Value payload = valueArgument(context.args.positionals()[3], "PAYLOAD");
    const auto store = openStore(context, Access::Write);
    const InterruptScope interrupt;
    AuditedAction audit = startAudit(context, {"enqueue", {}, options.topic, {}}, 1);
    EnqueueResult result;
    try {
        result = store->enqueue(payload, options).result();
    } catch (const std::exception &error) {
        endAudit(context, audit, AuditOutcome::Failed, 0, 0, error.what());
        throw;
    }
    endAudit(context, audit, AuditOutcome::Done, 1, 1, "new id " + std::to_string(result.id));
    context.out << (context.args.has("--json")
                        ? JsonLine().raw("ok", "true").integer("id", result.id).text()
                        : std::to_string(result.id))
                << '\n';
    if (interrupt.interrupted()) {
        context.err << "kvs: interrupted by " << interrupt.signalName()
                    << " (the write finished; the audit log records it)\n";
        return interrupt.exitCode();
    }
    return kExitOk;
}

} // namespace

int runQueue(const CommandContext &context)
{
    const std::vector<std::string> &positionals = context.args.positionals();
    const std::string subcommand = positionals.size() > 1 ? positionals[1] : std::string();
    if (subcommand == "stats") {
        return runStats(context);
    }
    if (subcommand == "peek") {
        return runPeek(context);
    }
    if (subcommand == "dead") {
        return runDead(context);
    }
    if (subcommand == "errors") {
        return runQueueErrors(context);
    }
    if (subcommand == "retry") {
        return runDeadRepair(context, true);
    }
    if (subcommand == "delete-dead") {
        return runDeadRepair(context, false);
    }
    if (subcommand == "move") {
        return runMove(context);
    }
    if (subcommand == "enqueue") {
        return runEnqueue(context);
    }
    if (subcommand.empty()) {
        throw UsageError("kvs: queue needs " + std::string(kSubcommands));
    }
    throw UsageError("kvs: unknown queue command " + jsonQuoted(subcommand) + "; queue needs "
                     + std::string(kSubcommands));
}

} // namespace kvs::cli
