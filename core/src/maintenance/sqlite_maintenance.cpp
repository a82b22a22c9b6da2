#include "backup/sqlite_copy.h"

#include <kvs/errors.h>
#include <kvs/maintenance.h>

#include <sqlite3.h>

#include <filesystem>

namespace kvs {

namespace {

constexpr std::size_t kMaxProblems = 20;

void requireFile(const std::string &path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        throw Error("kvs: no database at " + path);
}

std::int64_t sizeOf(const std::string &path)
{
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    return error ? 0 : static_cast<std::int64_t>(size);
}

} // namespace

SqliteCheckResult
checkSqliteStore(const std::string &path, bool full, const std::function<bool()> &keepGoing)
{
    requireFile(path);
    SqliteHandle db = detail::openSqliteReadOnly(path, "the database");
    // SQLite calls the handler every kProgressSteps virtual machine steps; non-zero interrupts.
    constexpr int kProgressSteps = 10000;
    bool cancelled = false;
    std::pair<const std::function<bool()> *, bool *> progress{&keepGoing, &cancelled};
    if (keepGoing) {
        sqlite3_progress_handler(
            db.get(),
            kProgressSteps,
            [](void *context) -> int {
                auto *state
                    = static_cast<std::pair<const std::function<bool()> *, bool *> *>(context);
                if ((*state->first)())
                    return 0;
                *state->second = true;
                return 1;
            },
            &progress);
    }
    const std::string sql = full ? "PRAGMA integrity_check(" + std::to_string(kMaxProblems) + ")"
                                 : "PRAGMA quick_check(" + std::to_string(kMaxProblems) + ")";
    SqliteCheckResult result;
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db.get(), sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
        result.problems.emplace_back(sqlite3_errmsg(db.get()));
        return result;
    }
    SqliteStatementHandle statement(raw);
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(raw, 0));
        result.problems.emplace_back(text != nullptr ? text : "");
    }
    if (cancelled) {
        result.cancelled = true;
        result.problems.clear();
        return result;
    }
    if (rc != SQLITE_DONE)
        result.problems.emplace_back(sqlite3_errmsg(db.get()));
    result.ok = result.problems.size() == 1 && result.problems.front() == "ok";
    if (result.ok)
        result.problems.clear();
    return result;
}

SqliteFileFigures readSqliteFileFigures(const std::string &path)
{
    requireFile(path);
    SqliteHandle db = detail::openSqliteReadOnly(path, "the database");
    const std::string context = "kvs: cannot read " + path;
    SqliteFileFigures figures;
    figures.storage.path = path;
    figures.storage.pageSize = detail::sqliteInt64(db.get(), "PRAGMA page_size", context);
    figures.storage.pageCount = detail::sqliteInt64(db.get(), "PRAGMA page_count", context);
    figures.storage.freePages = detail::sqliteInt64(db.get(), "PRAGMA freelist_count", context);
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db.get(), "PRAGMA journal_mode", -1, &raw, nullptr) != SQLITE_OK)
        throw Error(context + ": " + sqlite3_errmsg(db.get()));
    SqliteStatementHandle mode(raw);
    if (sqlite3_step(raw) == SQLITE_ROW) {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(raw, 0));
        figures.journalMode = text != nullptr ? text : "";
    }
    figures.storage.fileBytes = sizeOf(path);
    figures.storage.walBytes = sizeOf(path + "-wal");
    return figures;
}

SqliteCheckpointResult checkpointSqliteStore(const std::string &path, bool truncate)
{
    requireFile(path);
    SqliteHandle db = detail::openSqliteWritable(path, "the database");
    const std::string context = "kvs: cannot checkpoint " + path;
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db.get(), "PRAGMA journal_mode", -1, &raw, nullptr) != SQLITE_OK)
        throw Error(context + ": " + sqlite3_errmsg(db.get()));
    SqliteStatementHandle mode(raw);
    if (sqlite3_step(raw) != SQLITE_ROW
        || std::string(reinterpret_cast<const char *>(sqlite3_column_text(raw, 0))) != "wal") {
        throw Error("kvs: " + path + " is not in WAL mode (nothing to checkpoint)");
    }
    mode.reset();
    int frames = 0;
    int done = 0;
    const int rc = sqlite3_wal_checkpoint_v2(db.get(),
                                             nullptr,
                                             truncate ? SQLITE_CHECKPOINT_TRUNCATE
                                                      : SQLITE_CHECKPOINT_PASSIVE,
                                             &frames,
                                             &done);
    SqliteCheckpointResult result;
    if (rc == SQLITE_BUSY)
        result.busy = true;
    else if (rc != SQLITE_OK)
        throw Error(context + ": " + sqlite3_errmsg(db.get()));
    result.walFrames = frames;
    result.checkpointed = done;
    result.walBytesAfter = sizeOf(path + "-wal");
    return result;
}

void optimizeSqliteStore(const std::string &path)
{
    requireFile(path);
    SqliteHandle db = detail::openSqliteWritable(path, "the database");
    detail::execSqlite(db.get(), "PRAGMA optimize", "kvs: cannot optimize " + path);
}

SqliteVacuumResult vacuumSqliteStore(const std::string &path)
{
    requireFile(path);
    SqliteHandle db = detail::openSqliteWritable(path, "the database");
    const std::string context = "kvs: cannot vacuum " + path;
    SqliteVacuumResult result;
    result.bytesBefore = sizeOf(path);
    result.freeBytesBefore = detail::sqliteInt64(db.get(), "PRAGMA freelist_count", context)
                             * detail::sqliteInt64(db.get(), "PRAGMA page_size", context);
    detail::execSqlite(db.get(), "VACUUM", context);
    // In WAL mode VACUUM's pages go to the WAL first: a checkpoint puts them in the file.
    sqlite3_wal_checkpoint_v2(db.get(), nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    result.bytesAfter = sizeOf(path);
    return result;
}

} // namespace kvs
