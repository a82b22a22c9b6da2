#pragma once

#include <memory>

struct sqlite3;
struct sqlite3_stmt;

namespace kvs {

/// The one place SQLite handles get their deleters (STYLE.md 11): no code path closes by hand.
/// Public so that the store's SQLite backend and the tools that open a SQLite file beside it (the
/// benchmark's raw baselines, its history file) hold their handles alike; the deleters live in
/// kvs_core, which links SQLite, so this header needs only the forward declarations above.
struct SqliteCloser
{
    /// sqlite3_close_v2.
    void operator()(sqlite3 *db) const noexcept;
};
struct SqliteFinalizer
{
    /// sqlite3_finalize.
    void operator()(sqlite3_stmt *stmt) const noexcept;
};

using SqliteHandle = std::unique_ptr<sqlite3, SqliteCloser>;
using SqliteStatementHandle = std::unique_ptr<sqlite3_stmt, SqliteFinalizer>;

} // namespace kvs
