#pragma once

#include "cli/command_context.h"

// `kvs --db PATH info`: what --db names and how it is reached: the database (without password),
// and for PostgreSQL the server that answered (primary or standby) and whether the connection is
// encrypted, with its TLS protocol and cipher. Reads nothing of kvs's and writes nothing.
namespace kvs::cli {

int runInfo(const CommandContext &context);

} // namespace kvs::cli
