#pragma once

#include <kvs/errors.h>

#include <chrono>
#include <exception>
#include <string>

struct pg_conn;
struct pg_result;

// libpq's failures as the core's errors (STYLE.md 8): one clear message per failure, the SQLSTATE
// and the statement kept for the details pane, never the password.
namespace kvs::detail {

// The first line of a libpq message, trimmed.
std::string firstLine(const char *message);

// A timeout as the messages say it: "10 s" for whole seconds, else "250 ms".
std::string timeoutText(std::chrono::milliseconds timeout);

// Why a connection attempt failed, as ConnectionError with the step: Resolve ("could not
// translate host name"), Connect (refused, unreachable, timed out), Tls, Authenticate (28P01,
// 28000), Database (3D000). target is "host:port/database" when known. The message is redacted
// against conninfo (kvs::redactSecrets): libpq's parse errors quote the string, password and all.
ConnectionError connectError(pg_conn *conn, const std::string &target, const std::string &conninfo);

// A statement the server answered with an error. SQLSTATE class 08 and the shutdown codes
// (57P01..57P03) are ConnectionError (Lost): the connection is gone. Others are DatabaseError
// "kvs: PostgreSQL: <primary message>" with the SQLSTATE, the statement and the detail.
std::exception_ptr
statementError(pg_result *result, const std::string &sql, const std::string &target);

} // namespace kvs::detail
