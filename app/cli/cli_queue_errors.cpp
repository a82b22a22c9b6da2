#include "cli/cli_queue_errors.h"

#include "cli/cli_arguments.h"
#include "cli/cli_interrupt.h"
#include "cli/cli_output.h"

#include <kvs/async_kvstore.h>
#include <kvs/dead_letter_groups.h>

#include <cstdio>
#include <ostream>

namespace kvs::cli {

namespace {

// The group's share of the dead letters grouped, in percent with one decimal.
std::string share(std::int64_t count, std::int64_t total)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", total ? 100.0 * double(count) / double(total) : 0.0);
    return text;
}

std::string attemptsText(const DeadLetterGroup &group)
{
    return group.minAttempts == group.maxAttempts
               ? std::to_string(group.minAttempts)
               : std::to_string(group.minAttempts) + '-' + std::to_string(group.maxAttempts);
}

std::string groupJson(const DeadLetterGroup &group, std::int64_t total)
{
    return JsonLine()
        .string("signature", group.signature.text)
        .string("id", group.signature.id)
        .integer("count", group.count)
        .raw("share", share(group.count, total))
        .integer("first", group.firstFailedAt)
        .integer("last", group.lastFailedAt)
        .integer("minAttempts", group.minAttempts)
        .integer("maxAttempts", group.maxAttempts)
        .integer("exampleId", group.exampleId)
        .raw("example", group.exampleError ? jsonQuoted(*group.exampleError) : "null")
        .text();
}

// 487f6a1a 4 (44.4 %) "timeout after <num>s calling <ip>": first ..., last ..., attempts 1-3,
// e.g. 4 "timeout after 13s calling 10.0.0.3:443"
std::string groupLine(const DeadLetterGroup &group, std::int64_t total)
{
    std::string line = group.signature.id + ' ' + std::to_string(group.count) + " ("
                       + share(group.count, total) + " %) ";
    line += group.exampleError ? jsonQuoted(group.signature.text) : std::string("(no error)");
    line += ": first " + isoTime(group.firstFailedAt) + ", last " + isoTime(group.lastFailedAt)
            + ", attempts " + attemptsText(group) + ", e.g. " + std::to_string(group.exampleId);
    if (group.exampleError)
        line += ' ' + jsonQuoted(*group.exampleError);
    return line;
}

} // namespace

int runQueueErrors(const CommandContext &context)
{
    context.args.requireOnly("queue errors", {});
    requireArgumentCount(context, 2, 1, 1, "queue errors TOPIC [--json]");
    const auto store = openStore(context, Access::Read);
    const InterruptScope interrupt;
    DeadLetterGroupsOptions options;
    options.topic = context.args.positionals()[2];
    options.cancel = &interrupt.flag();
    const DeadLetterGroups result = groupDeadLetters(*store, options);
    if (result.cancelled) {
        context.err << "kvs: interrupted by " << interrupt.signalName() << " after reading "
                    << result.scanned << " dead letters\n";
        return interrupt.exitCode();
    }
    const bool json = context.args.has("--json");
    std::string text;
    for (const DeadLetterGroup &group : result.groups) {
        text += json ? groupJson(group, result.total) : groupLine(group, result.total);
        text += '\n';
    }
    if (!json) {
        const std::size_t groups = result.groups.size();
        text += std::to_string(result.total)
                + (result.total == 1 ? " dead letter in " : " dead letters in ")
                + std::to_string(groups) + (groups == 1 ? " group\n" : " groups\n");
    }
    context.out << text;
    return kExitOk;
}

} // namespace kvs::cli
