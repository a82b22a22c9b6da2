#pragma once

#include "rawsql/raw_sql_connection.h"
#include "rawsql/statement_result.h"

#include <QElapsedTimer>
#include <QSqlQuery>

#include <optional>

namespace kvs::rawsql {

// Runs one console statement at a time and pages its result.
// Read-only (the default): on SQLite the connection is opened read-only; on PostgreSQL the
// statement runs inside BEGIN READ ONLY, after a first query that fixes the transaction's mode
// (so a SET TRANSACTION READ WRITE in the text fails), on a connection whose transactions are
// read-only by default, and is rolled back when its result is closed. Writing: SQLite's writable
// connection in autocommit; PostgreSQL inside BEGIN ... COMMIT at close. Either way the text is
// exactly one statement: QSQLITE refuses a second, and PostgreSQL's protocol-level prepare does
// (see single_statement_guard.h).
// Thread rule: on the connections' thread.
class StatementRunner
{
public:
    // The connections are not owned; writable may be null (writing is then refused).
    StatementRunner(RawSqlConnection &readOnly, RawSqlConnection *writable);
    ~StatementRunner();
    StatementRunner(const StatementRunner &) = delete;
    StatementRunner &operator=(const StatementRunner &) = delete;

    // Closes any open result, runs text, returns its first pageSize rows. Throws
    // kvs::DatabaseError with the driver's message (the statement rolled back), or kvs::Error
    // "kvs: writing SQL is switched off" when write is asked without a writable connection.
    StatementResult execute(const QString &text, bool write, int pageSize);
    // The next pageSize rows of the open result; an empty, atEnd result when none is open.
    StatementResult fetchMore(int pageSize);
    // Ends the open result: PostgreSQL rolls a read-only statement back, commits a writing one.
    void close();

private:
    StatementResult readPage(int pageSize);
    void begin(RawSqlConnection &connection, bool write);
    void end(bool commit);
    [[noreturn]] void fail(const QSqlQuery &failed);

    RawSqlConnection &m_readOnly;
    RawSqlConnection *m_writable;          // Not owned; may be null.
    RawSqlConnection *m_current = nullptr; // Not owned: the connection of the open result.
    std::optional<QSqlQuery> m_query;
    bool m_write = false;
    bool m_inTransaction = false;
    bool m_prepared = false;
    bool m_rowsPending = false; // the open result may have more rows
    QElapsedTimer m_clock;
};

} // namespace kvs::rawsql
