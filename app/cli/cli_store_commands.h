#pragma once

#include "cli/command_context.h"

// The commands of `kvs` that read or write one key or a page of keys: get, set, delete,
// increment, list.
namespace kvs::cli {

// Each runs one command and returns its exit code. They throw UsageError for a bad command line
// and kvs::Error for a failure of the store or the codecs (run() reports both).
int runGet(const CommandContext &context);
int runSet(const CommandContext &context);
int runDelete(const CommandContext &context);
int runIncrement(const CommandContext &context);
int runList(const CommandContext &context);

} // namespace kvs::cli
