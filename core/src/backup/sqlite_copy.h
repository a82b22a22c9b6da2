#pragma once

#include <kvs/backup.h>
#include <kvs/sqlite_handle.h>

#include <cstdint>
#include <functional>
#include <string>

// The pieces kvs backup and kvs restore share: opening a SQLite file, the page copy through
// SQLite's backup API under a read transaction of the source, the checks of a copy, and putting
// a finished file in place. Every failure is a kvs::Error naming the files.
namespace kvs::detail {

// Opens path read-only (SQLITE_OPEN_READONLY: never creates, never writes the file; a WAL
// database still maps its -shm) with a busy timeout.
[[nodiscard]] SqliteHandle openSqliteReadOnly(const std::string &path, const std::string &what);
// Opens path for writing, creating it when missing.
[[nodiscard]] SqliteHandle openSqliteWritable(const std::string &path, const std::string &what);

// Runs sql (no rows wanted); throws Error "<context>: <SQLite's message>".
void execSqlite(sqlite3 *db, const std::string &sql, const std::string &context);
// The first column of the first row of sql as an integer (0 when no row).
[[nodiscard]] std::int64_t
sqliteInt64(sqlite3 *db, const std::string &sql, const std::string &context);
[[nodiscard]] bool
sqliteHasTable(sqlite3 *db, const std::string &table, const std::string &context);
// The rows of table (its name unquoted).
[[nodiscard]] std::int64_t
sqliteRowCount(sqlite3 *db, const std::string &table, const std::string &context);

// PRAGMA quick_check's answer: "ok", or its first lines.
[[nodiscard]] std::string quickCheck(sqlite3 *db);

// Copies every page of source's main database into destination's, in steps of
// options.pagesPerStep, inside one read transaction of source that it opens and ends (so every
// step reads one snapshot); afterStep, when given, runs after each step. Returns the page count,
// or -1 when options.onProgress cancelled.
[[nodiscard]] std::int64_t copyPages(sqlite3 *source,
                                     sqlite3 *destination,
                                     const BackupOptions &options,
                                     const std::string &context,
                                     const std::function<void()> &afterStep = {});

// Flushes a file being written to the disk a step at a time (fdatasync), so that it never holds
// much unwritten data: on ext4 (data=ordered) another process's fsync waits for every dirty block
// of a file allocated in the same journal transaction, so one flush of the whole copy at its end
// stalled a concurrent writer's commit for 150 ms; a step's worth keeps that wait short.
class SteppedSync
{
public:
    explicit SteppedSync(std::string path);
    ~SteppedSync();
    SteppedSync(const SteppedSync &) = delete;
    SteppedSync &operator=(const SteppedSync &) = delete;
    // fdatasync of the file (opened at the first call that finds it); errors are left to the
    // final syncFile.
    void operator()();

private:
    std::string m_path;
    int m_fd = -1;
};

// fsync of the file at path (and, with directory, of its folder after a rename).
void syncFile(const std::string &path, const std::string &context);
void syncFolderOf(const std::string &path, const std::string &context);

// Throws Error "kvs: the backup destination DEST already exists; give a new file name" when
// destination exists (a dangling link too).
void requireNewBackupDestination(const std::string &destination);

// Puts the complete file partial in place: synced, renamed to destination (never over a file
// there) and the folder synced. Returns its size.
std::int64_t placeFinishedFile(const std::string &partial,
                               const std::string &destination,
                               const std::string &context);

// Renames from to to, failing when to exists (renameat2 RENAME_NOREPLACE).
void renameNoReplace(const std::string &from, const std::string &to, const std::string &context);

// Removes path and its -wal, -shm and -journal files, ignoring the ones that are absent.
void removeSqliteFiles(const std::string &path) noexcept;

} // namespace kvs::detail
