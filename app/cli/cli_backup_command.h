#pragma once

#include "cli/command_context.h"

// kvs backup and kvs restore: consistent copies of a SQLite store (kvs/backup.h).
namespace kvs::cli {

// kvs --db PATH backup DEST: copies the store at PATH to the new file DEST from one snapshot
// (writers go on meanwhile), checked and counted before it is renamed into place; prints
// "backed up N entries (B bytes) to DEST" (--json: one object). Returns 0, or 130 / 143 when
// SIGINT / SIGTERM cancelled it (DEST not written); throws UsageError (2) for a bad command line
// and kvs::Error (1) for anything the backup refuses or fails on.
int runBackup(const CommandContext &context);

// kvs restore SRC DEST [--force]: restores the backup SRC to DEST (a new file, an empty one, or a
// store without entries and messages; one with data only with --force, and then replaced as a
// whole). Audited (action "restore", the database DEST). Prints "restored N entries to DEST".
// Returns 0, 130 / 143 when a signal cancelled it (DEST unchanged); throws as runBackup.
int runRestore(const CommandContext &context);

} // namespace kvs::cli
