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

} // namespace

void preparePostgresStatement(const QSqlDatabase &db, const QString &text)
{
    PGconn *conn = connectionOf(db);
    const QByteArray sql = text.toUtf8();
    std::unique_ptr<PGresult, ResultFree> result(
        PQprepare(conn, kStatementName, sql.constData(), 0, nullptr));
    if (!result || PQresultStatus(result.get()) != PGRES_COMMAND_OK) {
        const std::string why
            = result ? trimmed(PQresultErrorMessage(result.get())) : trimmed(PQerrorMessage(conn));
        throw Error("kvs: " + why);
    }
}

void deallocatePostgresStatement(const QSqlDatabase &db)
{
    PGconn *conn = connectionOf(db);
    std::unique_ptr<PGresult, ResultFree> result(
        PQexec(conn, (std::string("DEALLOCATE ") + kStatementName).c_str()));
}

} // namespace kvs::rawsql
