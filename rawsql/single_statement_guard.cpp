#include "rawsql/single_statement_guard.h"

#include <kvs/errors.h>

#include <libpq-fe.h>

#include <memory>

namespace kvs::rawsql {
namespace {

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

std::string explainPostgresStatement(PGconn *conn, const QString &text)
{
    const QByteArray sql = "EXPLAIN (VERBOSE, COSTS OFF) " + text.toUtf8();
    std::unique_ptr<PGresult, ResultFree> result(
        PQexecParams(conn, sql.constData(), 0, nullptr, nullptr, nullptr, nullptr, 0));
    if (!result || PQresultStatus(result.get()) != PGRES_TUPLES_OK) {
        // The primary message only ("cannot insert multiple commands ..."), without the
        // "ERROR:  " and the LINE lines around it (whose positions count the EXPLAIN too).
        const char *primary
            = result ? PQresultErrorField(result.get(), PG_DIAG_MESSAGE_PRIMARY) : nullptr;
        const char *state = result ? PQresultErrorField(result.get(), PG_DIAG_SQLSTATE) : nullptr;
        throw DatabaseError("kvs: " + trimmed(primary ? primary : PQerrorMessage(conn)),
                            state ? state : "",
                            sql.toStdString());
    }
    std::string plan;
    for (int row = 0; row < PQntuples(result.get()); ++row) {
        plan += PQgetvalue(result.get(), row, 0);
        plan += '\n';
    }
    return plan;
}

} // namespace kvs::rawsql
