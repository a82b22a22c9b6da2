#pragma once

#include "cli/command_context.h"

// `kvs --db PATH watch KEY... [--count N]`: prints the watched keys' entries, then one line per
// change that any process commits, as it happens (through kvs::ChangeFeed).
namespace kvs::cli {

int runWatch(const CommandContext &context);

} // namespace kvs::cli
