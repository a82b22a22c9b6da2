#pragma once

#include "cli/command_context.h"

// `kvs queue errors TOPIC [--json]`: a topic's dead letters grouped by the signature of their
// last error (kvs/dead_letter_groups.h), the largest group first. Opens the database read-only.
namespace kvs::cli {

int runQueueErrors(const CommandContext &context);

} // namespace kvs::cli
