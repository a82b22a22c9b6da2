#pragma once

#include "cli/command_context.h"

// `kvs --db PATH queue ...`: look at and repair a store's queue (stats, peek, dead) and feed it
// (enqueue, retry, delete-dead). The read subcommands open the database read-only.
namespace kvs::cli {

// Runs `queue SUBCOMMAND ...` and returns its exit code. Throws UsageError for a bad command line
// (a missing subcommand, retry or delete-dead without ID or --all, a bad --status) and
// kvs::Error for a failure of the store or the literal.
int runQueue(const CommandContext &context);

} // namespace kvs::cli
