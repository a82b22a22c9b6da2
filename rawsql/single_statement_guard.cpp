#include "rawsql/single_statement_guard.h"

#include "rawsql/native_handle.h"

#include <kvs/errors.h>

#include <QSqlDatabase>
#include <QSqlDriver>
#include <QVariant>

#include <libpq-fe.h>

#include <memory>
#include <string>

namespace kvs::rawsql {
namespace {

PGconn *connectionOf(const QSqlDatabase &db)
{
    PGconn *conn = postgresHandle(db);
    if (!conn)
        throw Error("kvs: the SQL console needs Qt's QPSQL driver for PostgreSQL");
    return conn;
}

struct ResultFree
{
    void operator()(PGresult *result) const noexcept { PQclear(result); }
};

std::string trimmed(const char *text)
{
    std::string s = text ? text : "";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
        s.pop_back();
    return s;
}

// The server's refusal of sql, with its SQLSTATE (a cancel is 57014).
[[noreturn]] void throwFailure(PGconn *conn, const PGresult *result, const std::string &sql)
{
    // The primary message only ("cannot insert multiple commands ..."), without the
    // "ERROR:  " and the LINE lines around it.
    const char *primary = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    const std::string why = primary ? trimmed(primary) : trimmed(PQerrorMessage(conn));
    const char *state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    throw DatabaseError("kvs: " + why, state ? state : "", sql);
}

} // namespace

void preparePostgresStatement(const QSqlDatabase &db, const QString &text)
{
    PGconn *conn = connectionOf(db);
    const QByteArray sql = text.toUtf8();
    std::unique_ptr<PGresult, ResultFree> result(
        PQprepare(conn, kStatementName, sql.constData(), 0, nullptr));
    if (!result || PQresultStatus(result.get()) != PGRES_COMMAND_OK)
        throwFailure(conn, result.get(), sql.toStdString());
}

std::string explainPostgresStatement(const QSqlDatabase &db, const QString &text)
{
    PGconn *conn = connectionOf(db);
    const QByteArray sql = "EXPLAIN (VERBOSE, COSTS OFF) " + text.toUtf8();
    std::unique_ptr<PGresult, ResultFree> result(
        PQexecParams(conn, sql.constData(), 0, nullptr, nullptr, nullptr, nullptr, 0));
    if (!result || PQresultStatus(result.get()) != PGRES_TUPLES_OK)
        throwFailure(conn, result.get(), sql.toStdString());
    std::string plan;
    for (int row = 0; row < PQntuples(result.get()); ++row) {
        plan += PQgetvalue(result.get(), row, 0);
        plan += '\n';
    }
    return plan;
}

bool releasePostgresSessionState(const QSqlDatabase &db)
{
    PGconn *conn = connectionOf(db);
    for (int attempt = 0; attempt < 5; ++attempt) {
        std::unique_ptr<PGresult, ResultFree> result(
            PQexec(conn, "SELECT pg_catalog.pg_advisory_unlock_all()"));
        if (result && PQresultStatus(result.get()) == PGRES_TUPLES_OK)
            return true;
        if (PQstatus(conn) != CONNECTION_OK)
            return true; // the server ended the session, and its locks with it
    }
    return false;
}

void deallocatePostgresStatement(const QSqlDatabase &db)
{
    PGconn *conn = connectionOf(db);
    // Appended, not "DEALLOCATE " + name: GCC 12 warns (-Warray-bounds) about that one.
    std::string sql = "DEALLOCATE ";
    sql.append(kStatementName);
    std::unique_ptr<PGresult, ResultFree> result(PQexec(conn, sql.c_str()));
}

} // namespace kvs::rawsql
