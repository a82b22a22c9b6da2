#include "backup/postgres_tools.h"
#include "backup/sqlite_copy.h"

#include <kvs/backup.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/table_names.h>

#include <sqlite3.h>

#include <filesystem>

namespace kvs {

namespace {

struct Occupancy
{
    bool kvsStore = false; // it has the kv table
    bool otherTables = false;
    std::int64_t entries = 0;
    std::int64_t messages = 0;
};

Occupancy occupancyOf(const std::string &path, const TableNames &names, const std::string &context)
{
    Occupancy occupancy;
    SqliteHandle db = detail::openSqliteReadOnly(path, "the restore destination");
    occupancy.kvsStore = detail::sqliteHasTable(db.get(), names.kv, context);
    const std::int64_t tables = detail::sqliteInt64(
        db.get(), "SELECT count(*) FROM sqlite_schema WHERE type = 'table'", context);
    if (!occupancy.kvsStore) {
        occupancy.otherTables = tables > 0;
        return occupancy;
    }
    occupancy.entries = detail::sqliteRowCount(db.get(), names.kv, context);
    if (detail::sqliteHasTable(db.get(), names.queue, context))
        occupancy.messages = detail::sqliteRowCount(db.get(), names.queue, context);
    return occupancy;
}

// The backup at source, checked: a kvs store whose pages are sound.
void checkBackup(sqlite3 *backup, const std::string &source, const TableNames &names)
{
    const std::string context = "kvs: cannot read the backup " + source;
    const std::string check = detail::quickCheck(backup);
    if (check != "ok")
        throw Error("kvs: " + source + " is not a kvs backup (quick_check: " + check + ")");
    if (!detail::sqliteHasTable(backup, names.kv, context))
        throw Error("kvs: " + source + " is not a kvs backup (no table " + names.kv + ")");
}

} // namespace

RestoreResult restoreSqliteStore(const std::string &source,
                                 const std::string &destination,
                                 RestoreOverwrite overwrite,
                                 const BackupOptions &options)
{
    if (isPostgresConnection(destination) || isPostgresConnection(source)) {
        throw Error("kvs: kvs restore writes a SQLite file; between SQLite and PostgreSQL use kvs "
                    "export and kvs import");
    }
    std::error_code error;
    if (!std::filesystem::is_regular_file(source, error))
        throw Error("kvs: no backup at " + source);
    if (detail::isPgDumpArchive(source)) {
        throw Error("kvs: " + source
                    + " is a PostgreSQL backup; between PostgreSQL and SQLite use kvs export and "
                      "kvs import");
    }
    const TableNames names(options.tablePrefix);
    const std::string context = "kvs: cannot restore " + source + " to " + destination;
    SqliteHandle backup = detail::openSqliteReadOnly(source, "the backup");
    checkBackup(backup.get(), source, names);

    const bool exists = std::filesystem::exists(destination, error);
    RestoreResult result;
    if (exists && std::filesystem::file_size(destination, error) > 0) {
        const Occupancy held = occupancyOf(destination, names, context);
        if (overwrite == RestoreOverwrite::Refuse) {
            if (held.otherTables) {
                throw Error("kvs: the restore destination " + destination
                            + " holds tables of another application; restoring replaces them "
                              "(kvs restore --force)");
            }
            if (held.entries > 0 || held.messages > 0) {
                throw Error("kvs: the restore destination " + destination + " holds "
                            + std::to_string(held.entries) + " entries and "
                            + std::to_string(held.messages)
                            + " messages; restoring replaces them (kvs restore --force)");
            }
        }
        // Into the database in place, through SQLite's backup API: one write transaction of the
        // destination replaces every page (its journal or WAL makes it all or nothing), and a
        // process that has it open sees the old database or the new one.
        result.replaced = held.kvsStore || held.otherTables;
        SqliteHandle to = detail::openSqliteWritable(destination, "the restore destination");
        if (detail::copyPages(backup.get(), to.get(), options, context) < 0)
            return result;
        result.entries = detail::sqliteRowCount(to.get(), names.kv, context);
    } else {
        const std::string partial = destination + kPartialSuffix;
        detail::removeSqliteFiles(partial);
        try {
            {
                SqliteHandle to = detail::openSqliteWritable(partial, "the restore destination");
                if (detail::copyPages(backup.get(), to.get(), options, context) < 0) {
                    to.reset();
                    detail::removeSqliteFiles(partial);
                    return result;
                }
                // Counted on the writing connection: closing the last one takes a WAL copy's
                // -wal and -shm files with it.
                result.entries = detail::sqliteRowCount(to.get(), names.kv, context);
            }
            // An empty file that was there is replaced; anything else appearing meanwhile is not.
            if (exists)
                std::filesystem::remove(destination);
            (void)detail::placeFinishedFile(partial, destination, context);
        } catch (...) {
            detail::removeSqliteFiles(partial);
            throw;
        }
    }
    return result;
}

} // namespace kvs
