#include "bench/history/history_file_check.h"

#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/sqlite_handle.h>

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace kvs::bench {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string &path, const std::string &reason)
{
    throw Error("kvs: cannot open the benchmark history " + path + ": " + reason);
}

[[noreturn]] void notAHistory(const std::string &path, const std::string &why)
{
    fail(path, "it is not a benchmark history (" + why + ")");
}

// Creates path empty with mode 0600 (by open(2) itself, so no other user can ever read it) and
// its folder with 0700.
void createPrivately(const std::string &path)
{
    std::error_code error;
    const fs::path folder = fs::path(path).parent_path();
    if (!folder.empty() && !fs::exists(folder, error)) {
        if (!fs::create_directories(folder, error))
            fail(path, "cannot create its folder (" + error.message() + ")");
        fs::permissions(folder, fs::perms::owner_all, error);
    }
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        fail(path, std::strerror(errno));
    ::close(fd);
}

// The first 16 bytes of every SQLite database file.
bool startsLikeSqlite(const std::string &path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
    if (fd < 0)
        fail(path, std::strerror(errno));
    char header[16] = {};
    const ssize_t got = ::read(fd, header, sizeof header);
    ::close(fd);
    return got == sizeof header && std::memcmp(header, "SQLite format 3", 16) == 0;
}

std::int64_t countOf(sqlite3 *db, const std::string &sql, const std::string &bound = {})
{
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
        return -1;
    const SqliteStatementHandle statement(raw);
    if (!bound.empty())
        sqlite3_bind_blob(raw, 1, bound.data(), int(bound.size()), SQLITE_STATIC);
    return sqlite3_step(raw) == SQLITE_ROW ? sqlite3_column_int64(raw, 0) : -1;
}

// Reads the file as it is: immutable (no lock, no -shm) unless a -wal holds changes, which only
// a regular read-only open sees.
void requireHistoryContent(const std::string &path)
{
    std::error_code error;
    const bool wal = fs::exists(path + "-wal", error);
    const std::string uri = "file:" + path + (wal ? "?mode=ro" : "?mode=ro&immutable=1");
    sqlite3 *raw = nullptr;
    const int opened = sqlite3_open_v2(
        uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
    const SqliteHandle db(raw);
    if (opened != SQLITE_OK)
        fail(path, sqlite3_errmsg(raw));
    sqlite3_stmt *tablesRaw = nullptr;
    if (sqlite3_prepare_v2(db.get(),
                           "SELECT name FROM sqlite_master WHERE type = 'table'",
                           -1,
                           &tablesRaw,
                           nullptr)
        != SQLITE_OK)
        notAHistory(path, sqlite3_errmsg(db.get()));
    const SqliteStatementHandle tables(tablesRaw);
    static const std::set<std::string> kvsTables{
        "kv", "queue", "meta", "kv_versionstamp", "sqlite_sequence"};
    std::set<std::string> found;
    while (sqlite3_step(tablesRaw) == SQLITE_ROW) {
        const std::string name = reinterpret_cast<const char *>(sqlite3_column_text(tablesRaw, 0));
        if (!kvsTables.count(name))
            notAHistory(path, "it holds the table " + name);
        found.insert(name);
    }
    if (!found.count("kv"))
        notAHistory(path, "not a kvs database");
    const std::string marker = encodeKey(historyMarkerKey());
    if (countOf(db.get(), "SELECT count(*) FROM kv WHERE key = ?1", marker) == 1)
        return;
    // Made before the mark: runs ["run", n] and ["last_id"] only, and no queue.
    const std::string runs = encodeKey(Key{"run"});
    std::string runsEnd = runs;
    runsEnd.back() = '\x01'; // past every key below ["run"] (their parts follow a 0x00 end)
    const std::string lastId = encodeKey(Key{"last_id"});
    sqlite3_stmt *otherRaw = nullptr;
    sqlite3_prepare_v2(db.get(),
                       "SELECT count(*) FROM kv WHERE NOT (key > ?1 AND key < ?2) AND key <> ?3",
                       -1,
                       &otherRaw,
                       nullptr);
    const SqliteStatementHandle other(otherRaw);
    sqlite3_bind_blob(otherRaw, 1, runs.data(), int(runs.size()), SQLITE_STATIC);
    sqlite3_bind_blob(otherRaw, 2, runsEnd.data(), int(runsEnd.size()), SQLITE_STATIC);
    sqlite3_bind_blob(otherRaw, 3, lastId.data(), int(lastId.size()), SQLITE_STATIC);
    const std::int64_t others
        = otherRaw && sqlite3_step(otherRaw) == SQLITE_ROW ? sqlite3_column_int64(otherRaw, 0) : -1;
    const std::int64_t total = countOf(db.get(), "SELECT count(*) FROM kv");
    const std::int64_t messages
        = found.count("queue") ? countOf(db.get(), "SELECT count(*) FROM queue") : 0;
    // An empty kvs database is a history opened before the mark, that saved no run yet.
    if (others != 0 || total < 0 || messages != 0)
        notAHistory(path, "a kvs database with other data");
}

} // namespace

Key historyMarkerKey()
{
    return Key{"kvs_bench_history"};
}

HistoryFile requireBenchmarkHistory(const std::string &path)
{
    struct stat status
    {};
    if (::lstat(path.c_str(), &status) != 0) {
        if (errno != ENOENT)
            fail(path, std::strerror(errno));
        createPrivately(path);
        return HistoryFile::New;
    }
    if (S_ISLNK(status.st_mode))
        fail(path, "it is a symbolic link (not followed)");
    if (!S_ISREG(status.st_mode))
        fail(path, "it is not a regular file");
    if (status.st_size == 0)
        return HistoryFile::New;
    if (!startsLikeSqlite(path))
        notAHistory(path, "not a SQLite database");
    requireHistoryContent(path);
    return HistoryFile::Existing;
}

} // namespace kvs::bench
