#pragma once

#include <QString>

#include <string>

struct pg_conn;

namespace kvs::rawsql {

// PostgreSQL: the server's own reading of a console text, for the read-only check. The text of
// EXPLAIN (VERBOSE, COSTS OFF) of text, one line per plan line, names every function its plan
// calls (views expanded), for checkReadOnlyPostgresPlan(). Sent with the extended protocol as
// the unnamed statement (nothing named is prepared, so a pooler in transaction mode may hand
// the next statement to another server connection), which also makes it one statement whatever
// the text holds; it plans, runs nothing. Throws kvs::DatabaseError with the server's message
// and SQLSTATE (the caller removes the password).
std::string explainPostgresStatement(pg_conn *conn, const QString &text);

} // namespace kvs::rawsql
