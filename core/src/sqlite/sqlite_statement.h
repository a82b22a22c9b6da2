#pragma once

#include <kvs/sqlite_handle.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kvs::detail {

// A prepared statement, prepared once and reused (STYLE.md 12). Blob and text parameters are
// bound without a copy (SQLITE_STATIC): the caller keeps them alive until the statement is
// reset, which StatementScope does at the end of each use. Thread rule: its connection's.
class Statement
{
public:
    Statement(sqlite3 *db, std::string_view sql);

    void bindBlob(int index, std::string_view bytes);
    void bindText(int index, std::string_view text);
    void bindInt64(int index, std::int64_t value);
    void bindDouble(int index, double value);
    void bindNull(int index);
    void bindOptionalInt64(int index, std::optional<std::int64_t> value);

    // Advances: true when a row is ready, false when done. Throws DatabaseError / BusyError.
    bool step();
    // Runs a statement that returns no row to read.
    void run();
    void reset() noexcept;

    int columnType(int index) const;
    bool columnIsNull(int index) const;
    std::int64_t columnInt64(int index) const;
    double columnDouble(int index) const;
    // A view of the column's bytes (BLOB or TEXT), valid until the next step or reset.
    std::string_view columnBytes(int index) const;
    std::optional<std::int64_t> columnOptionalInt64(int index) const;

    const char *sql() const noexcept;

private:
    void check(int rc) const;

    sqlite3 *m_db; // Not owned.
    SqliteStatementHandle m_stmt;
};

// Resets a statement when a use of it ends, also by exception.
class StatementScope
{
public:
    explicit StatementScope(Statement &stmt)
        : m_stmt(stmt)
    {}
    ~StatementScope() { m_stmt.reset(); }
    StatementScope(const StatementScope &) = delete;
    StatementScope &operator=(const StatementScope &) = delete;
    Statement *operator->() { return &m_stmt; }
    Statement &operator*() { return m_stmt; }

private:
    Statement &m_stmt;
};

// Throws the core's error for a failed SQLite call: BusyError for SQLITE_BUSY / SQLITE_LOCKED,
// else DatabaseError; the message is "kvs: " + SQLite's message, the detail names the code and
// the statement.
[[noreturn]] void throwSqliteError(sqlite3 *db, int rc, std::string_view context);

} // namespace kvs::detail
