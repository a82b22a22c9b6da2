#pragma once

#include "rawsql/raw_sql_connection.h"
#include "rawsql/statement_result.h"

#include <QElapsedTimer>
#include <QSqlQuery>

#include <memory>
#include <optional>

namespace kvs::rawsql {

class PostgresConsoleStatement;

// Runs one console statement at a time and pages its result.
// SQLite: read-only (the default) on the connection opened read-only, whose authorizer allows
// reads only (sqlite_read_only_authorizer.h), and a statement SQLite marks as writing is refused
// before it runs; writing on the writable connection in autocommit. QSQLITE refuses a text of
// more than one statement.
// PostgreSQL: each statement in a transaction of its own, read-only unless writing, checked,
// and its session locks released after it (postgres_console_statement.h).
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
    // kvs::DatabaseError with the database's message (the statement rolled back), kvs::Error
    // "kvs: the console is read-only: ..." for a refused statement, or kvs::Error "kvs: writing
    // SQL is switched off" when write is asked without a writable connection.
    StatementResult execute(const QString &text, bool write, int pageSize);
    // The next pageSize rows of the open result; an empty, atEnd result when none is open.
    StatementResult fetchMore(int pageSize);
    // Ends the open result: PostgreSQL rolls a read-only statement back, commits a writing one.
    void close();

private:
    StatementResult readPage(int pageSize);
    StatementResult readSqlitePage(int pageSize);
    [[noreturn]] void fail(const QSqlQuery &failed);

    RawSqlConnection &m_readOnly;
    RawSqlConnection *m_writable;          // Not owned; may be null.
    RawSqlConnection *m_current = nullptr; // Not owned: the connection of the open result.
    std::optional<QSqlQuery> m_query;      // SQLite's open result
    std::unique_ptr<PostgresConsoleStatement> m_postgres; // PostgreSQL's open result
    bool m_write = false;
    bool m_rowsPending = false; // SQLite: the open result may have more rows
    QElapsedTimer m_clock;
};

} // namespace kvs::rawsql
