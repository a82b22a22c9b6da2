#pragma once

#include <memory>

struct sqlite3;
struct sqlite3_stmt;

namespace kvs::detail {

// The one place SQLite handles get their deleters (STYLE.md 11): no code path closes by hand.
struct SqliteCloser
{
    void operator()(sqlite3 *db) const noexcept;
};
struct SqliteFinalizer
{
    void operator()(sqlite3_stmt *stmt) const noexcept;
};

using SqliteHandle = std::unique_ptr<sqlite3, SqliteCloser>;
using StatementHandle = std::unique_ptr<sqlite3_stmt, SqliteFinalizer>;

} // namespace kvs::detail
