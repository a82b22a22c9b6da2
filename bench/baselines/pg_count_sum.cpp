#include "bench/baselines/pg_count_sum.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/password_command.h>

#include <libpq-fe.h>

#include <memory>

namespace kvs::bench {

CountSum pgCountSum(const std::string &url, const std::string &table)
{
    std::string plain = url;
    (void)takeConnectionParameter(plain, "pool_max", true);
    (void)takeConnectionParameter(plain, "timeout_ms", true);
    const std::unique_ptr<PGconn, decltype(&PQfinish)> conn(
        PQconnectdb(withCommandPassword(plain).c_str()), &PQfinish);
    if (PQstatus(conn.get()) != CONNECTION_OK)
        throw ConnectionError(
            redactSecrets(std::string("kvs: bench: ") + PQerrorMessage(conn.get()), url),
            ConnectionError::Step::Connect);
    const std::string sql = "SELECT count(*), coalesce(sum(octet_length(value)), 0) FROM " + table;
    const std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn.get(), sql.c_str()),
                                                               &PQclear);
    if (PQresultStatus(result.get()) != PGRES_TUPLES_OK)
        throw DatabaseError(std::string("kvs: bench: ") + PQresultErrorMessage(result.get()), 0);
    return CountSum{std::stoll(PQgetvalue(result.get(), 0, 0)),
                    std::stoll(PQgetvalue(result.get(), 0, 1))};
}

} // namespace kvs::bench
