#include "sqlite/sqlite_statement.h"

#include <kvs/errors.h>

#include <sqlite3.h>

namespace kvs {

void SqliteCloser::operator()(sqlite3 *db) const noexcept
{
    sqlite3_close_v2(db);
}

void SqliteFinalizer::operator()(sqlite3_stmt *stmt) const noexcept
{
    sqlite3_finalize(stmt);
}

} // namespace kvs

namespace kvs::detail {

void throwSqliteError(sqlite3 *db, int rc, std::string_view context)
{
    const int extended = db ? sqlite3_extended_errcode(db) : rc;
    const std::string message
        = std::string("kvs: ") + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    std::string detail
        = "SQLite result code " + std::to_string(extended) + " (" + sqlite3_errstr(rc) + ")";
    if (!context.empty())
        detail += " while running: " + std::string(context);
    const int primary = rc & 0xff;
    if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED)
        throw BusyError(message, extended, detail);
    throw DatabaseError(message, extended, detail);
}

Statement::Statement(sqlite3 *db, std::string_view sql)
    : m_db(db)
{
    sqlite3_stmt *raw = nullptr;
    const int rc = sqlite3_prepare_v3(
        db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &raw, nullptr);
    m_stmt.reset(raw);
    if (rc != SQLITE_OK)
        throwSqliteError(db, rc, sql);
}

void Statement::check(int rc) const
{
    if (rc != SQLITE_OK)
        throwSqliteError(m_db, rc, sql());
}

void Statement::bindBlob(int index, std::string_view bytes)
{
    // A zero-length blob must stay a BLOB (not NULL): give SQLite a non-null pointer.
    static const char kEmpty = 0;
    // The 64-bit forms: a size over 2 GiB gets SQLITE_TOOBIG, not a negative int.
    check(sqlite3_bind_blob64(m_stmt.get(),
                              index,
                              bytes.empty() ? &kEmpty : bytes.data(),
                              static_cast<sqlite3_uint64>(bytes.size()),
                              SQLITE_STATIC));
}

void Statement::bindText(int index, std::string_view text)
{
    check(sqlite3_bind_text64(m_stmt.get(),
                              index,
                              text.data(),
                              static_cast<sqlite3_uint64>(text.size()),
                              SQLITE_STATIC,
                              SQLITE_UTF8));
}

void Statement::bindInt64(int index, std::int64_t value)
{
    check(sqlite3_bind_int64(m_stmt.get(), index, value));
}

void Statement::bindDouble(int index, double value)
{
    check(sqlite3_bind_double(m_stmt.get(), index, value));
}

void Statement::bindNull(int index)
{
    check(sqlite3_bind_null(m_stmt.get(), index));
}

void Statement::bindOptionalInt64(int index, std::optional<std::int64_t> value)
{
    if (value)
        bindInt64(index, *value);
    else
        bindNull(index);
}

bool Statement::step()
{
    const int rc = sqlite3_step(m_stmt.get());
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    throwSqliteError(m_db, rc, sql());
}

void Statement::run()
{
    while (step()) {
    }
}

void Statement::reset() noexcept
{
    sqlite3_reset(m_stmt.get());
}

int Statement::columnType(int index) const
{
    return sqlite3_column_type(m_stmt.get(), index);
}

bool Statement::columnIsNull(int index) const
{
    return columnType(index) == SQLITE_NULL;
}

std::int64_t Statement::columnInt64(int index) const
{
    return sqlite3_column_int64(m_stmt.get(), index);
}

double Statement::columnDouble(int index) const
{
    return sqlite3_column_double(m_stmt.get(), index);
}

std::string_view Statement::columnBytes(int index) const
{
    // sqlite3_column_blob returns a TEXT value's bytes unchanged, so rows that old versions
    // stored as TEXT read the same way.
    const void *data = sqlite3_column_blob(m_stmt.get(), index);
    const int size = sqlite3_column_bytes(m_stmt.get(), index);
    if (!data)
        return {};
    return {static_cast<const char *>(data), static_cast<std::size_t>(size)};
}

std::optional<std::int64_t> Statement::columnOptionalInt64(int index) const
{
    if (columnIsNull(index))
        return std::nullopt;
    return columnInt64(index);
}

const char *Statement::sql() const noexcept
{
    return sqlite3_sql(m_stmt.get());
}

} // namespace kvs::detail
