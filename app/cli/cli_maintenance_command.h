#pragma once

#include "cli/command_context.h"

// kvs maintenance: looking after a store's files (kvs/maintenance.h) and its clean-ups.
namespace kvs::cli {

// kvs --db PATH|URL maintenance check [--full] | checkpoint [--truncate] | optimize | vacuum |
// purge-expired | clean-queue. check reads only (SQLite: quick_check, with --full
// integrity_check; exit 1 when it finds problems, printed one per line); the others write and are
// audited (action "maintenance-<name>"): checkpoint, optimize and vacuum are SQLite's (vacuum is
// VACUUM (ANALYZE) of the store's tables on PostgreSQL, refused on a standby); purge-expired and
// clean-queue run the store's cleanExpired() and cleanQueue() and print what they removed.
int runMaintenance(const CommandContext &context);

} // namespace kvs::cli
