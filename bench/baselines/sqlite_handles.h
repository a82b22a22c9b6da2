#pragma once

#include <memory>

struct sqlite3;
struct sqlite3_stmt;

// The RAII holders of the bench's own SQLite handles (STYLE.md 11; the core's live in a private
// header of kvs_core, which the bench does not see).
namespace kvs::bench {

struct SqliteCloser
{
    void operator()(sqlite3 *db) const noexcept;
};
struct StatementFinalizer
{
    void operator()(sqlite3_stmt *statement) const noexcept;
};
using SqlitePtr = std::unique_ptr<sqlite3, SqliteCloser>;
using StatementPtr = std::unique_ptr<sqlite3_stmt, StatementFinalizer>;

} // namespace kvs::bench
