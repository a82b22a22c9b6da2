#include "postgres/pq_errors.h"

#include <kvs/connection_string.h>

#include <libpq-fe.h>

#include <cstring>
#include <set>
#include <vector>

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

// libpq 15 says, per address it tried: connection to server at "HOST" (IP), port PORT failed:
// WHY (or: on socket "PATH" failed: WHY), the second line of one a hint. With several hosts
// (a URL listing a primary and its standbys) each reason belongs to its host: "HOST:PORT/DB:
// WHY" for each, or empty when libpq tried one address only.
std::string perHostReasons(pg_conn *conn, const std::string &message)
{
    std::vector<std::string> reasons;
    std::set<std::string> wheres;
    std::size_t start = 0;
    while (start < message.size()) {
        std::size_t end = message.find('\n', start);
        if (end == std::string::npos)
            end = message.size();
        const std::string line = message.substr(start, end - start);
        start = end + 1;
        const std::size_t failed = line.find(" failed: ");
        if (line.rfind("connection to server ", 0) != 0 || failed == std::string::npos)
            continue;
        std::string where;
        const std::size_t open = line.find('"');
        const std::size_t close = open == std::string::npos ? open : line.find('"', open + 1);
        if (close != std::string::npos)
            where = line.substr(open + 1, close - open - 1);
        const std::size_t port = line.rfind(", port ", failed);
        if (port != std::string::npos)
            where += ":" + line.substr(port + 7, failed - port - 7);
        std::string why = firstLine(line.c_str() + failed + 9);
        for (const char *severity : {"FATAL:  ", "ERROR:  "}) {
            if (why.rfind(severity, 0) == 0)
                why = why.substr(std::strlen(severity));
        }
        const char *db = PQdb(conn);
        wheres.insert(where);
        reasons.push_back(where + "/" + (db ? db : "") + ": " + why);
    }
    // One host with several addresses (localhost: ::1 and 127.0.0.1) says it as one host does.
    if (wheres.size() < 2)
        return {};
    std::string text;
    for (const std::string &reason : reasons)
        text += (text.empty() ? "" : "; ") + reason;
    return text;
}

} // namespace

std::string timeoutText(std::chrono::milliseconds timeout)
{
    return timeout.count() % 1000 == 0 ? std::to_string(timeout.count() / 1000) + " s"
                                       : std::to_string(timeout.count()) + " ms";
}

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
    // tried; the reason after the last "failed: " is what a user needs, with several hosts
    // each one's.
    const std::string all = PQerrorMessage(conn) ? PQerrorMessage(conn) : "";
    const std::string hosts = perHostReasons(conn, all);
    std::string message = firstLine(all.c_str());
    const std::size_t failed = message.rfind("failed: ");
    if (failed != std::string::npos)
        message = message.substr(failed + 8);
    // The server's own words come as "FATAL:  ..."; the severity adds nothing for a user.
    for (const char *severity : {"FATAL:  ", "ERROR:  "}) {
        if (message.rfind(severity, 0) == 0)
            message = message.substr(std::strlen(severity));
    }
    if (!hosts.empty())
        message = hosts; // each host's reason, and the step of any of them
    using Step = ConnectionError::Step;
    Step step = Step::Connect;
    std::string sqlState;
    if (contains(message, "could not translate host name")) {
        step = Step::Resolve;
    } else if (contains(message, "password authentication failed")
               || contains(message, "no password supplied")
               || contains(message, "authentication failed")
               || contains(message, "no pg_hba.conf entry")
               // A cert login without a client certificate, a line that rejects: the server
               // refused the login, whatever TLS did before.
               || contains(message, "requires a valid client certificate")
               || contains(message, "pg_hba.conf rejects connection")) {
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
    if (!hosts.empty()) {
        return ConnectionError(
            redactSecrets("kvs: cannot connect to PostgreSQL at any of its hosts: " + message,
                          conninfo),
            step,
            sqlState);
    }
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
