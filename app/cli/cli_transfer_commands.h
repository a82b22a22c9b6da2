#pragma once

#include "cli/command_context.h"

// kvs export and kvs import: the JSON-lines file of a database's entries (kvs/entry_transfer.h
// holds the format and the streaming; these only wire files and summaries to it).
namespace kvs::cli {

// kvs export [--prefix KEY] FILE|-: prints "exported N" ({"exported": N}), on stderr when the
// entries go to stdout.
int runExport(const CommandContext &context);
// kvs import FILE|- [--overwrite]: prints "imported N, skipped M" ({"imported": N, "skipped":
// M}). A malformed line fails with its number (exit 1); the batches before it stay written.
int runImport(const CommandContext &context);

} // namespace kvs::cli
