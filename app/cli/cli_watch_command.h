#pragma once

#include "cli/command_context.h"

// `kvs --db PATH watch [KEY...] [--prefix KEY]... [--limit N] [--count N]`: prints the watched
// keys' entries and those below the prefixes, then one line per change that any process
// commits, as it happens (through kvs::ChangeFeed, on SQLite and PostgreSQL alike).
namespace kvs::cli {

int runWatch(const CommandContext &context);

} // namespace kvs::cli
