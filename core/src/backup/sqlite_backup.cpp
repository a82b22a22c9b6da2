#include "backup/sqlite_copy.h"

#include <kvs/backup.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/table_names.h>

#include <sqlite3.h>

#include <filesystem>
#include <functional>

namespace kvs {

namespace {

// Checks and counts the copy on its writing connection: the last connection to close takes a
// WAL copy's -wal and -shm files with it, so none is left beside DEST.
BackupResult checkedCopy(sqlite3 *copy,
                         const std::string &source,
                         const std::string &destination,
                         const TableNames &names,
                         std::int64_t pages)
{
    BackupResult result;
    result.pages = pages;
    const std::string check = detail::quickCheck(copy);
    if (check != "ok") {
        throw Error("kvs: the backup of " + source + " failed its check (quick_check: " + check
                    + "); " + destination + " was not written");
    }
    result.entries = detail::sqliteRowCount(
        copy, names.kv, "kvs: cannot back up " + source + " to " + destination);
    return result;
}

} // namespace

BackupResult backupSqliteStore(const std::string &source,
                               const std::string &destination,
                               const BackupOptions &options)
{
    if (isPostgresConnection(source)) {
        throw Error("kvs: kvs backup copies a SQLite file; for PostgreSQL use pg_dump (or kvs "
                    "export)");
    }
    std::error_code error;
    if (!std::filesystem::is_regular_file(source, error))
        throw Error("kvs: no database at " + source);
    detail::requireNewBackupDestination(destination);
    const TableNames names(options.tablePrefix);
    const std::string context = "kvs: cannot back up " + source + " to " + destination;
    SqliteHandle from = options.checkpointAfter
                            ? detail::openSqliteWritable(source, "the database")
                            : detail::openSqliteReadOnly(source, "the database");
    if (!detail::sqliteHasTable(from.get(), names.kv, context))
        throw Error("kvs: " + source + " is not a kvs database (no table " + names.kv + ")");

    // A partial file left by a backup that was killed is replaced.
    const std::string partial = destination + kPartialSuffix;
    detail::removeSqliteFiles(partial);
    try {
        BackupResult result;
        {
            SqliteHandle to = detail::openSqliteWritable(partial, "the backup copy");
            detail::SteppedSync flush(partial);
            const std::int64_t pages
                = detail::copyPages(from.get(), to.get(), options, context, std::ref(flush));
            // At once, on the connection whose snapshot just ended: a writer's commit a moment
            // later finds the checkpoint taken and goes on (SQLITE_BUSY is no failure here).
            if (options.checkpointAfter && pages >= 0) {
                (void)sqlite3_wal_checkpoint_v2(
                    from.get(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
            }
            from.reset();
            if (pages < 0) {
                to.reset();
                detail::removeSqliteFiles(partial);
                result.cancelled = true;
                return result;
            }
            result = checkedCopy(to.get(), source, destination, names, pages);
        }
        result.bytes = detail::placeFinishedFile(partial, destination, context);
        return result;
    } catch (...) {
        detail::removeSqliteFiles(partial);
        throw;
    }
}

} // namespace kvs
