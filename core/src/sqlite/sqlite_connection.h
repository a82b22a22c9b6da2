#pragma once

#include "sqlite/busy_wait.h"
#include "sqlite/sqlite_statement.h"

#include <kvs/sqlite_handle.h>

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

namespace kvs::detail {

// One SQLite connection with the transaction statements cached. Thread rule: one thread at a
// time (the store's).
class Connection
{
public:
    enum class Mode { ReadWrite, ReadOnly };

    // Opens (ReadWrite creates) the database. Throws DatabaseError naming the path.
    Connection(const std::string &path, Mode mode);

    sqlite3 *handle() const noexcept { return m_db.get(); }
    Mode mode() const noexcept { return m_mode; }

    // Runs SQL text once (DDL, pragmas); throws on failure.
    void exec(std::string_view sql);
    // Runs a one-row, one-column query and returns the column as text, or "" for no row.
    std::string queryText(std::string_view sql);
    std::int64_t changes() const noexcept;

    Statement &beginDeferred();
    Statement &beginImmediate();
    Statement &commitStatement();
    Statement &rollbackStatement();

    // Whether close() checkpoints the WAL. Off while the schema is checked, so that a refused
    // database (newer schema, foreign tables) is left byte for byte as it was, WAL included.
    void setCheckpointOnClose(bool enabled);
    // How long a statement waits for a lock another connection holds before it fails with
    // BusyError (busy_timeout's meaning), trying again every millisecond (BusyWait).
    void setBusyTimeout(std::chrono::milliseconds timeout);

    void close() noexcept;

private:
    Statement &cached(std::unique_ptr<Statement> &slot, const char *sql);

    std::unique_ptr<BusyWait> m_busyWait; // Before m_db: the handle is closed first.
    SqliteHandle m_db;
    Mode m_mode;
    std::unique_ptr<Statement> m_begin;
    std::unique_ptr<Statement> m_beginImmediate;
    std::unique_ptr<Statement> m_commit;
    std::unique_ptr<Statement> m_rollback;
};

// A transaction guard (STYLE.md 12): commit() is explicit, destruction rolls back.
class Transaction
{
public:
    enum class Kind { Deferred, Immediate };
    Transaction(Connection &connection, Kind kind);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    void commit();

private:
    Connection &m_connection;
    bool m_open = true;
};

} // namespace kvs::detail
