#pragma once

#include "cli/command_context.h"

#include <cstdint>
#include <string_view>

// `kvs queue retry|delete-dead` (one message, --all, or a filter) and `kvs queue move`: the
// operator's repairs of dead letters. Each write is recorded in the audit log (kvs/audit_log.h).
namespace kvs::cli {

// retry (retry true) or delete-dead TOPIC ID|--all|FILTERS [--rate N] [--dry-run].
int runDeadRepair(const CommandContext &context, bool retry);
// move TOPIC ID PAYLOAD [--max-attempts N]: replaces message ID by a corrected payload.
int runMove(const CommandContext &context);

// A message id: a decimal integer >= 0. UsageError "kvs: WHAT needs an integer message id >= 0,
// got \"X\"".
[[nodiscard]] std::int64_t messageIdText(std::string_view text, std::string_view what);

// A duration such as 500ms, 90s, 30m, 2h or 1d, in milliseconds. UsageError
// "kvs: OPTION needs a duration such as 90s, 30m, 2h or 1d, got \"X\"".
[[nodiscard]] std::int64_t durationText(std::string_view text, std::string_view option);

} // namespace kvs::cli
