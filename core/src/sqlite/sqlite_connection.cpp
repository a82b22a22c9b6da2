#include "sqlite/sqlite_connection.h"

#include <kvs/errors.h>

#include <sqlite3.h>

#include <sys/stat.h>

namespace kvs::detail {

namespace {

// The file a path names, or "" for a database without one (":memory:", a temporary one) or a
// URI whose file is not plain to see.
std::string fileOf(const std::string &path)
{
    if (path.empty() || path == ":memory:" || path.rfind("file:", 0) == 0)
        return {};
    return path;
}

// Refuses what is not a regular file before SQLite opens it: opening a named pipe blocks until a
// writer comes, forever for a database reader; a directory or a device is no database either.
// An absent path is left to the open (a writer creates it, a reader fails).
void requireRegularFile(const std::string &path)
{
    const std::string file = fileOf(path);
    struct stat info
    {};
    if (file.empty() || ::stat(file.c_str(), &info) != 0 || S_ISREG(info.st_mode))
        return;
    const char *kind = S_ISFIFO(info.st_mode)                           ? "a named pipe"
                       : S_ISDIR(info.st_mode)                          ? "a directory"
                       : S_ISSOCK(info.st_mode)                         ? "a socket"
                       : S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode) ? "a device"
                                                                        : "a special file";
    throw DatabaseError("kvs: cannot open database \"" + path + "\": it is " + kind
                            + ", not a database file",
                        SQLITE_CANTOPEN,
                        "refused before sqlite3_open_v2: not a regular file");
}

} // namespace

void Connection::setBusyTimeout(std::chrono::milliseconds timeout)
{
    m_busyWait = std::make_unique<BusyWait>(timeout);
    m_busyWait->install(m_db.get());
}

Connection::Connection(const std::string &path, Mode mode)
    : m_mode(mode)
{
    requireRegularFile(path);
    // SQLITE_OPEN_READONLY is the URI's mode=ro: SQLite never writes the file through this
    // connection, so an inspector cannot change what it looks at.
    const int flags = mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY
                                             : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    sqlite3 *raw = nullptr;
    // SQLITE_OPEN_URI: a "file:..." path is a URI on every SQLite build, not only Debian's.
    const int rc = sqlite3_open_v2(
        path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nullptr);
    m_db.reset(raw);
    if (rc != SQLITE_OK) {
        const std::string reason = raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc);
        throw DatabaseError("kvs: cannot open database \"" + path + "\": " + reason,
                            rc,
                            "sqlite3_open_v2 result code " + std::to_string(rc));
    }
    sqlite3_extended_result_codes(raw, 1);
}

void Connection::exec(std::string_view sql)
{
    const std::string text(sql);
    char *error = nullptr;
    const int rc = sqlite3_exec(m_db.get(), text.c_str(), nullptr, nullptr, &error);
    sqlite3_free(error);
    if (rc != SQLITE_OK)
        throwSqliteError(m_db.get(), rc, sql);
}

std::string Connection::queryText(std::string_view sql)
{
    Statement stmt(m_db.get(), sql);
    if (!stmt.step())
        return {};
    const std::string_view bytes = stmt.columnBytes(0);
    return std::string(bytes);
}

std::int64_t Connection::changes() const noexcept
{
    return sqlite3_changes64(m_db.get());
}

Statement &Connection::cached(std::unique_ptr<Statement> &slot, const char *sql)
{
    if (!slot)
        slot = std::make_unique<Statement>(m_db.get(), sql);
    return *slot;
}

Statement &Connection::beginDeferred()
{
    return cached(m_begin, "BEGIN");
}

Statement &Connection::beginImmediate()
{
    return cached(m_beginImmediate, "BEGIN IMMEDIATE");
}

Statement &Connection::commitStatement()
{
    return cached(m_commit, "COMMIT");
}

Statement &Connection::rollbackStatement()
{
    return cached(m_rollback, "ROLLBACK");
}

void Connection::setCheckpointOnClose(bool enabled)
{
    int ignored = 0;
    sqlite3_db_config(m_db.get(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, enabled ? 0 : 1, &ignored);
}

void Connection::close() noexcept
{
    m_begin.reset();
    m_beginImmediate.reset();
    m_commit.reset();
    m_rollback.reset();
    m_db.reset();
}

Transaction::Transaction(Connection &connection, Kind kind)
    : m_connection(connection)
{
    Statement &begin
        = kind == Kind::Immediate ? connection.beginImmediate() : connection.beginDeferred();
    StatementScope scope(begin);
    scope->run();
}

Transaction::~Transaction()
{
    if (!m_open)
        return;
    // Never throws (STYLE.md 10): a failed rollback leaves SQLite to roll back on close.
    try {
        if (sqlite3_get_autocommit(m_connection.handle()) == 0) {
            StatementScope scope(m_connection.rollbackStatement());
            scope->run();
        }
    } catch (...) {
    }
}

void Transaction::commit()
{
    StatementScope scope(m_connection.commitStatement());
    scope->run();
    m_open = false;
}

} // namespace kvs::detail
