#pragma once

#include <kvs/store_figures.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

/// Looking after a store's files (`kvs maintenance`): SQLite's checks, checkpoint, optimize and
/// VACUUM, PostgreSQL's VACUUM (ANALYZE) of the store's tables. Not in the reference. Every call
/// opens its own connection and closes it; the writing ones are refused on a PostgreSQL standby.
namespace kvs {

struct SqliteCheckResult
{
    bool ok = false;
    bool cancelled = false;            // keepGoing answered false: nothing is known
    std::vector<std::string> problems; // PRAGMA quick_check / integrity_check's lines (at most 20)
};

/// PRAGMA quick_check (full: integrity_check, which also compares every index with its table).
/// Read-only. keepGoing (when given) is asked every few thousand of SQLite's steps, on the
/// caller's thread: false interrupts the check (cancelled). Throws Error "kvs: no database at
/// PATH".
[[nodiscard]] SqliteCheckResult
checkSqliteStore(const std::string &path, bool full, const std::function<bool()> &keepGoing = {});

/// What the Maintenance view shows of a SQLite file: its storage figures (kvs/store_figures.h)
/// and its journal mode ("wal", "delete", ...). Read on a read-only connection of its own.
struct SqliteFileFigures
{
    SqliteStorageFigures storage;
    std::string journalMode;
};

/// Throws Error "kvs: no database at PATH".
[[nodiscard]] SqliteFileFigures readSqliteFileFigures(const std::string &path);

struct SqliteCheckpointResult
{
    bool busy = false;             // another connection kept it from finishing
    std::int64_t walFrames = 0;    // frames in the WAL before
    std::int64_t checkpointed = 0; // of them written into the database
    std::int64_t walBytesAfter = 0;
};

/// PRAGMA wal_checkpoint(PASSIVE), or TRUNCATE (waits for readers and writers, then empties the
/// WAL file). Throws Error "kvs: no database at PATH", "kvs: PATH is not in WAL mode".
[[nodiscard]] SqliteCheckpointResult checkpointSqliteStore(const std::string &path, bool truncate);

/// PRAGMA optimize (refreshes the planner's statistics where they are stale).
void optimizeSqliteStore(const std::string &path);

struct SqliteVacuumResult
{
    std::int64_t bytesBefore = 0; // the file (its free pages included)
    std::int64_t bytesAfter = 0;
    std::int64_t freeBytesBefore = 0; // freelist_count * page_size: what VACUUM should reclaim
};

/// VACUUM: rewrites the file without its free pages. Writers wait while it runs.
[[nodiscard]] SqliteVacuumResult vacuumSqliteStore(const std::string &path);

/// VACUUM (ANALYZE) of the store's kv, queue and meta tables in schema ("" the connection's).
/// Throws Error "kvs: DATABASE is a standby (in recovery): maintenance that writes runs on the
/// primary", "kvs: SCHEMA has no kvs store (no table <prefix>kv)", "kvs: cannot connect ...".
void vacuumPostgresStore(const std::string &connection,
                         const std::string &schema,
                         const std::string &tablePrefix);

} // namespace kvs
