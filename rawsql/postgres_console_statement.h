#pragma once

#include <QList>
#include <QStringList>
#include <QVariant>

struct pg_conn;
struct pg_result;

namespace kvs::rawsql {

class RawSqlConnection;

// One console statement on a PostgreSQL connection (QPSQL's PGconn, driven through libpq), in
// a transaction of its own, every step of it inside that transaction so that a pooler in
// transaction mode (PgBouncer) keeps it on one server connection:
// - read-only: BEGIN READ ONLY, the store's schema first on the search path (SET LOCAL), a
//   first query that fixes the transaction's mode, a savepoint; the client's check
//   (postgres_read_only_check.h) before anything is sent, the plan check after; at the end,
//   back to the savepoint, pg_advisory_unlock_all() (a session lock outlives a rollback), and
//   ROLLBACK;
// - writing: BEGIN, the search path, and COMMIT at the end (ROLLBACK after a failure).
// The text goes out with the extended protocol as the unnamed statement, so the server takes
// exactly one statement (it refuses "SELECT 1; COMMIT; DELETE FROM kv"), and no prepared
// statement outlives the call; its rows come in single-row mode, page by page as asked.
// Thread rule: the connection's thread.
class PostgresConsoleStatement
{
public:
    // Begins, checks and sends text. Throws kvs::Error "kvs: the console is read-only: ..." for
    // a refused statement, kvs::DatabaseError with the server's message (password removed) and
    // SQLSTATE; the transaction is over by then.
    PostgresConsoleStatement(RawSqlConnection &connection, const QString &text, bool write);
    // Ends the transaction if end() did not (as a rollback), swallowing what fails.
    ~PostgresConsoleStatement();
    PostgresConsoleStatement(const PostgresConsoleStatement &) = delete;
    PostgresConsoleStatement &operator=(const PostgresConsoleStatement &) = delete;

    bool returnsRows() const { return m_returnsRows; }
    const QStringList &columns() const { return m_columns; }
    qint64 rowsAffected() const { return m_rowsAffected; }
    // Whether rows may remain to be read.
    bool hasMoreRows() const { return m_current != nullptr; }

    // Appends up to count rows to rows. Throws kvs::DatabaseError when the statement fails on
    // the way (a cancel is SQLSTATE 57014); the transaction is then still open (end() it).
    void read(int count, QList<QVariantList> &rows);
    // Stops the rows still coming (a cancel request, not reading them all) and ends the
    // transaction: read-only as above; writing with COMMIT when commit, else ROLLBACK. Throws
    // kvs::DatabaseError when the COMMIT fails.
    void end(bool commit);

private:
    [[noreturn]] void fail(const pg_result *result, const char *sql);
    void begin();
    void send(const QString &text);
    // The next result of the statement into m_current (null at its end), for read().
    void advance();
    void drain();
    bool endReadOnly();

    RawSqlConnection &m_connection;
    pg_conn *m_conn; // Not owned: QPSQL's.
    bool m_write;
    bool m_open = false;            // the transaction is open
    pg_result *m_current = nullptr; // Owned: rows not read yet (one, in single-row mode)
    int m_row = 0;                  // the next row of m_current
    bool m_returnsRows = false;
    QStringList m_columns;
    qint64 m_rowsAffected = -1;
};

} // namespace kvs::rawsql
