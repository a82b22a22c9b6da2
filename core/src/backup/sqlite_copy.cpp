#include "backup/sqlite_copy.h"

#include <kvs/errors.h>
#include <kvs/table_names.h>

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdio.h>
#include <unistd.h>

namespace kvs::detail {

namespace {

constexpr int kBusyTimeoutMs = 5000;

SqliteHandle open(const std::string &path, int flags, const std::string &what)
{
    sqlite3 *raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
    SqliteHandle db(raw);
    if (rc != SQLITE_OK) {
        throw Error("kvs: cannot open " + what + " " + path + ": "
                    + (raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
    }
    sqlite3_busy_timeout(db.get(), kBusyTimeoutMs);
    sqlite3_extended_result_codes(db.get(), 1);
    return db;
}

std::string errnoText()
{
    return std::strerror(errno);
}

} // namespace

SqliteHandle openSqliteReadOnly(const std::string &path, const std::string &what)
{
    return open(path, SQLITE_OPEN_READONLY, what);
}

SqliteHandle openSqliteWritable(const std::string &path, const std::string &what)
{
    return open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, what);
}

void execSqlite(sqlite3 *db, const std::string &sql, const std::string &context)
{
    char *message = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        const std::string text = message != nullptr ? message : sqlite3_errmsg(db);
        sqlite3_free(message);
        throw Error(context + ": " + text);
    }
}

std::int64_t sqliteInt64(sqlite3 *db, const std::string &sql, const std::string &context)
{
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
        throw Error(context + ": " + sqlite3_errmsg(db));
    SqliteStatementHandle statement(raw);
    const int rc = sqlite3_step(raw);
    if (rc == SQLITE_ROW)
        return sqlite3_column_int64(raw, 0);
    if (rc != SQLITE_DONE)
        throw Error(context + ": " + sqlite3_errmsg(db));
    return 0;
}

bool sqliteHasTable(sqlite3 *db, const std::string &table, const std::string &context)
{
    sqlite3_stmt *raw = nullptr;
    const char *sql = "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1";
    if (sqlite3_prepare_v2(db, sql, -1, &raw, nullptr) != SQLITE_OK)
        throw Error(context + ": " + sqlite3_errmsg(db));
    SqliteStatementHandle statement(raw);
    sqlite3_bind_text(raw, 1, table.data(), static_cast<int>(table.size()), SQLITE_TRANSIENT);
    if (sqlite3_step(raw) != SQLITE_ROW)
        throw Error(context + ": " + sqlite3_errmsg(db));
    return sqlite3_column_int64(raw, 0) > 0;
}

std::int64_t sqliteRowCount(sqlite3 *db, const std::string &table, const std::string &context)
{
    return sqliteInt64(db, "SELECT count(*) FROM " + TableNames::quoted(table), context);
}

std::string quickCheck(sqlite3 *db)
{
    sqlite3_stmt *raw = nullptr;
    // A file that is no database fails here: that is the check's answer too.
    if (sqlite3_prepare_v2(db, "PRAGMA quick_check(5)", -1, &raw, nullptr) != SQLITE_OK)
        return sqlite3_errmsg(db);
    SqliteStatementHandle statement(raw);
    std::string answer;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(raw, 0));
        if (!answer.empty())
            answer += "; ";
        answer += text != nullptr ? text : "";
    }
    if (rc != SQLITE_DONE)
        return sqlite3_errmsg(db);
    return answer;
}

std::int64_t copyPages(sqlite3 *source,
                       sqlite3 *destination,
                       const BackupOptions &options,
                       const std::string &context,
                       const std::function<void()> &afterStep)
{
    if (options.pagesPerStep < 1) {
        throw RangeError("kvs: pages per step must be an integer >= 1, got "
                         + std::to_string(options.pagesPerStep));
    }
    // The read transaction starts at its first read and holds one snapshot until COMMIT: the
    // backup's steps read inside it, so another connection's commits never restart the copy.
    execSqlite(source, "BEGIN", context);
    (void)sqliteInt64(source, "SELECT count(*) FROM sqlite_schema", context);
    sqlite3_backup *backup = sqlite3_backup_init(destination, "main", source, "main");
    if (backup == nullptr) {
        const std::string reason = sqlite3_errmsg(destination);
        execSqlite(source, "COMMIT", context);
        throw Error(context + ": " + reason);
    }
    int rc = SQLITE_OK;
    bool cancelled = false;
    while (true) {
        rc = sqlite3_backup_step(backup, options.pagesPerStep);
        if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
            break;
        const std::int64_t total = sqlite3_backup_pagecount(backup);
        const std::int64_t done = total - sqlite3_backup_remaining(backup);
        if (afterStep)
            afterStep();
        if (rc == SQLITE_DONE)
            break;
        if (options.onProgress && !options.onProgress({done, total})) {
            cancelled = true;
            break;
        }
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
            sqlite3_sleep(10); // the destination is busy (a restore over a store in use)
    }
    const std::int64_t pages = sqlite3_backup_pagecount(backup);
    const int finished = sqlite3_backup_finish(backup);
    const std::string reason = sqlite3_errmsg(destination);
    execSqlite(source, "COMMIT", context);
    if (cancelled)
        return -1;
    if (rc != SQLITE_DONE || finished != SQLITE_OK)
        throw Error(context + ": " + reason);
    if (options.onProgress)
        (void)options.onProgress({pages, pages});
    return pages;
}

SteppedSync::SteppedSync(std::string path)
    : m_path(std::move(path))
{}

SteppedSync::~SteppedSync()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void SteppedSync::operator()()
{
    if (m_fd < 0)
        m_fd = ::open(m_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (m_fd >= 0)
        (void)::fdatasync(m_fd);
}

void syncFile(const std::string &path, const std::string &context)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) {
        const std::string reason = errnoText();
        if (fd >= 0)
            ::close(fd);
        throw Error(context + ": " + reason);
    }
    ::close(fd);
}

void syncFolderOf(const std::string &path, const std::string &context)
{
    std::string folder = std::filesystem::path(path).parent_path().string();
    if (folder.empty())
        folder = ".";
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) {
        const std::string reason = errnoText();
        if (fd >= 0)
            ::close(fd);
        throw Error(context + ": " + reason);
    }
    ::close(fd);
}

void requireNewBackupDestination(const std::string &destination)
{
    std::error_code error;
    if (std::filesystem::exists(destination, error)
        || std::filesystem::is_symlink(destination, error)) {
        throw Error("kvs: the backup destination " + destination
                    + " already exists; give a new file name");
    }
}

std::int64_t placeFinishedFile(const std::string &partial,
                               const std::string &destination,
                               const std::string &context)
{
    syncFile(partial, context);
    const auto bytes = static_cast<std::int64_t>(std::filesystem::file_size(partial));
    renameNoReplace(partial, destination, context);
    syncFolderOf(destination, context);
    return bytes;
}

void renameNoReplace(const std::string &from, const std::string &to, const std::string &context)
{
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) != 0)
        throw Error(context + ": " + errnoText());
}

void removeSqliteFiles(const std::string &path) noexcept
{
    std::error_code ignored;
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        std::filesystem::remove(path + suffix, ignored);
}

} // namespace kvs::detail
