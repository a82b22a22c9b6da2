#include "rawsql/postgres_console_statement.h"

#include "rawsql/native_handle.h"
#include "rawsql/postgres_read_only_check.h"
#include "rawsql/pq_value.h"
#include "rawsql/raw_sql_connection.h"
#include "rawsql/rawsql_logging.h"
#include "rawsql/single_statement_guard.h"

#include <kvs/errors.h>

#include <QSqlDatabase>

#include <libpq-fe.h>

#include <memory>
#include <string>

namespace kvs::rawsql {
namespace {

struct ResultFree
{
    void operator()(PGresult *result) const noexcept { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultFree>;

bool succeeded(const PGresult *result)
{
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

// An identifier as SQL writes it: quoted, with its quotes doubled.
std::string quotedIdentifier(const QString &name)
{
    std::string quoted = "\"";
    for (const char c : name.toStdString()) {
        quoted += c;
        if (c == '"')
            quoted += '"';
    }
    return quoted + "\"";
}

// The session locks a function took where no check saw it end with the statement: back to the
// savepoint (out of a failed statement's aborted state), unlock, roll back.
constexpr const char *kEndReadOnly = "ROLLBACK TO SAVEPOINT kvs_console; SELECT "
                                     "pg_catalog.pg_advisory_unlock_all(); ROLLBACK";

} // namespace

PostgresConsoleStatement::PostgresConsoleStatement(RawSqlConnection &connection,
                                                   const QString &text,
                                                   bool write)
    : m_connection(connection)
    , m_conn(postgresHandle(connection.database()))
    , m_write(write)
{
    if (!m_conn)
        throw Error("kvs: the SQL console needs Qt's QPSQL driver for PostgreSQL");
    const std::string utf8 = text.toStdString();
    if (!write)
        checkReadOnlyPostgresStatement(utf8); // before the server sees anything
    begin();
    try {
        if (!write && !isExplainStatement(utf8)) {
            std::string plan;
            try {
                plan = explainPostgresStatement(m_conn, text);
            } catch (const DatabaseError &e) {
                throw DatabaseError(
                    m_connection.redacted(QString::fromStdString(e.what())).toStdString(),
                    e.sqlState(),
                    m_connection.redacted(QString::fromStdString(e.detail())).toStdString());
            }
            checkReadOnlyPostgresPlan(plan);
        }
        send(text);
    } catch (...) {
        try {
            end(false);
        } catch (...) { // the statement's own failure is the one to report
        }
        throw;
    }
}

PostgresConsoleStatement::~PostgresConsoleStatement()
{
    try {
        end(false);
    } catch (...) { // a lost connection: nothing is left to end
    }
}

void PostgresConsoleStatement::fail(const PGresult *result, const char *sql)
{
    const char *primary = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    const char *state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    QString message = QString::fromUtf8(primary ? primary : PQerrorMessage(m_conn)).trimmed();
    throw DatabaseError(m_connection.redacted(QStringLiteral("kvs: ") + message).toStdString(),
                        state ? state : "",
                        m_connection.redacted(QString::fromUtf8(sql)).toStdString());
}

void PostgresConsoleStatement::begin()
{
    std::string sql = m_write ? "BEGIN" : "BEGIN READ ONLY";
    // The store's schema first, so "SELECT * FROM kv" reads the store's table.
    if (!m_connection.target().schema.isEmpty())
        sql += "; SET LOCAL search_path TO " + quotedIdentifier(m_connection.target().schema)
               + ", public";
    // A first query fixes the transaction's mode (a SET TRANSACTION READ WRITE fails after it).
    if (!m_write)
        sql += "; SELECT 1; SAVEPOINT kvs_console";
    Result result(PQexec(m_conn, sql.c_str()));
    if (succeeded(result.get())) {
        m_open = true;
        return;
    }
    if (PQtransactionStatus(m_conn) != PQTRANS_IDLE)
        Result(PQexec(m_conn, "ROLLBACK"));
    fail(result.get(), sql.c_str());
}

void PostgresConsoleStatement::send(const QString &text)
{
    const QByteArray sql = text.toUtf8();
    if (!PQsendQueryParams(m_conn, sql.constData(), 0, nullptr, nullptr, nullptr, nullptr, 0))
        fail(nullptr, sql.constData());
    (void)PQsetSingleRowMode(m_conn); // rows one by one; without it, one result holds them all
    advance();
}

void PostgresConsoleStatement::advance()
{
    if (m_current) {
        PQclear(m_current);
        m_current = nullptr;
    }
    m_row = 0;
    while (Result result{PQgetResult(m_conn)}) {
        switch (PQresultStatus(result.get())) {
        case PGRES_SINGLE_TUPLE:
        case PGRES_TUPLES_OK:
            if (!m_returnsRows) {
                m_returnsRows = true;
                for (int i = 0; i < PQnfields(result.get()); ++i)
                    m_columns << QString::fromUtf8(PQfname(result.get(), i));
            }
            if (PQntuples(result.get()) > 0) {
                m_current = result.release();
                return;
            }
            break;
        case PGRES_COMMAND_OK: {
            const std::string count = PQcmdTuples(result.get());
            m_rowsAffected = count.empty() ? -1 : std::stoll(count);
            break;
        }
        case PGRES_EMPTY_QUERY:
            break;
        case PGRES_COPY_OUT:
        case PGRES_COPY_IN:
            drain(); // the console neither shows nor sends COPY data
            break;
        default: {
            const Result failed = std::move(result);
            try {
                fail(failed.get(), "");
            } catch (...) {
                drain();
                throw;
            }
        }
        }
    }
}

void PostgresConsoleStatement::read(int count, QList<QVariantList> &rows)
{
    for (int n = 0; n < count && m_current; ++n) {
        QVariantList row;
        const int fields = PQnfields(m_current);
        row.reserve(fields);
        for (int i = 0; i < fields; ++i)
            row << pqValue(m_current, m_row, i);
        rows << row;
        if (++m_row >= PQntuples(m_current))
            advance();
    }
}

void PostgresConsoleStatement::drain()
{
    while (Result result{PQgetResult(m_conn)}) {
        if (PQresultStatus(result.get()) == PGRES_COPY_OUT) {
            char *buffer = nullptr;
            while (PQgetCopyData(m_conn, &buffer, 0) > 0)
                PQfreemem(buffer);
        } else if (PQresultStatus(result.get()) == PGRES_COPY_IN) {
            (void)PQputCopyEnd(m_conn, "the SQL console sends no COPY data");
        }
    }
}

void PostgresConsoleStatement::end(bool commit)
{
    if (m_current) {
        // Rows remain: the server stops sending them rather than the client reading them all.
        m_connection.interruptNow();
        PQclear(m_current);
        m_current = nullptr;
    }
    drain();
    if (!m_open)
        return;
    m_open = false;
    if (!m_write) {
        if (!endReadOnly())
            qCWarning(lcRawSql) << "the console could not end a read-only statement's transaction";
        return;
    }
    const char *sql = commit ? "COMMIT" : "ROLLBACK";
    Result result(PQexec(m_conn, sql));
    if (commit && !succeeded(result.get()))
        fail(result.get(), sql);
}

bool PostgresConsoleStatement::endReadOnly()
{
    // A cancel meant for the statement (the user's Cancel is repeated until the call ends) can
    // land here: try again.
    for (int attempt = 0; attempt < 5; ++attempt) {
        const PGTransactionStatusType status = PQtransactionStatus(m_conn);
        if (status == PQTRANS_UNKNOWN)
            return true; // the server ended the session, and its locks with it
        const char *sql
            = status == PQTRANS_IDLE ? "SELECT pg_catalog.pg_advisory_unlock_all()" : kEndReadOnly;
        Result result(PQexec(m_conn, sql));
        if (succeeded(result.get()) && PQtransactionStatus(m_conn) == PQTRANS_IDLE)
            return true;
    }
    return false;
}

} // namespace kvs::rawsql
