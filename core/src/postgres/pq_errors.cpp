#include "postgres/pq_errors.h"

#include <kvs/connection_string.h>

#include <libpq-fe.h>

#include <cstring>

namespace kvs::detail {

namespace {

bool contains(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

std::string field(pg_result *result, int code)
{
    const char *value = result ? PQresultErrorField(result, code) : nullptr;
    return value ? value : "";
}

} // namespace

std::string firstLine(const char *message)
{
    std::string line(message ? message : "");
    const std::size_t end = line.find('\n');
    if (end != std::string::npos)
        line.resize(end);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r'))
        line.pop_back();
    return line;
}

ConnectionError connectError(pg_conn *conn, const std::string &target, const std::string &conninfo)
{
    // libpq 15 says "connection to server at \"h\" (ip), port p failed: <why>" per address it
    // tried; the reason after the last "failed: " is what a user needs.
    std::string message = firstLine(PQerrorMessage(conn));
    const std::size_t failed = message.rfind("failed: ");
    if (failed != std::string::npos)
        message = message.substr(failed + 8);
    // The server's own words come as "FATAL:  ..."; the severity adds nothing for a user.
    for (const char *severity : {"FATAL:  ", "ERROR:  "}) {
        if (message.rfind(severity, 0) == 0)
            message = message.substr(std::strlen(severity));
    }
    using Step = ConnectionError::Step;
    Step step = Step::Connect;
    std::string sqlState;
    if (contains(message, "could not translate host name")) {
        step = Step::Resolve;
    } else if (contains(message, "password authentication failed")
               || contains(message, "no password supplied")
               || contains(message, "authentication failed")
               || contains(message, "no pg_hba.conf entry")) {
        step = Step::Authenticate;
        sqlState = "28P01";
    } else if (contains(message, "does not exist") && contains(message, "database")) {
        step = Step::Database;
        sqlState = "3D000";
    } else if (contains(message, "SSL") || contains(message, "TLS")
               || contains(message, "certificate")) {
        step = Step::Tls;
    }
    const std::string where = target.empty() ? "" : " at " + target;
    return ConnectionError(
        redactSecrets("kvs: cannot connect to PostgreSQL" + where + ": " + message, conninfo),
        step,
        sqlState);
}

std::exception_ptr
statementError(pg_result *result, const std::string &sql, const std::string &target)
{
    const std::string sqlState = field(result, PG_DIAG_SQLSTATE);
    std::string primary = field(result, PG_DIAG_MESSAGE_PRIMARY);
    if (primary.empty())
        primary = firstLine(result ? PQresultErrorMessage(result) : "no result");
    // Connection exceptions (08) and the server ending the session: admin or crash shutdown
    // (57P01..57P03) and the idle session timeout (57P05).
    if (sqlState.rfind("08", 0) == 0 || sqlState == "57P01" || sqlState == "57P02"
        || sqlState == "57P03" || sqlState == "57P05") {
        return std::make_exception_ptr(
            ConnectionError("kvs: lost the connection to PostgreSQL at " + target + ": " + primary,
                            ConnectionError::Step::Lost,
                            sqlState));
    }
    std::string detail = "SQLSTATE " + sqlState + "; statement: " + sql;
    const std::string serverDetail = field(result, PG_DIAG_MESSAGE_DETAIL);
    if (!serverDetail.empty())
        detail += "; detail: " + serverDetail;
    return std::make_exception_ptr(DatabaseError("kvs: PostgreSQL: " + primary, sqlState, detail));
}

} // namespace kvs::detail
