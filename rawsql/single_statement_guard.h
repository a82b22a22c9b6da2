#pragma once

#include <QString>

class QSqlDatabase;

namespace kvs::rawsql {

// PostgreSQL: the server-side proof that a console text is one statement. Qt's QPSQL prepares
// with "PREPARE name AS <text>" sent as a simple query, which runs every statement of a text
// such as "SELECT 1; COMMIT; DELETE FROM kv" (the COMMIT would end the read-only transaction).
// The protocol-level prepare (PQprepare) refuses more than one command, so the text is prepared
// that way under kStatementName, and Qt runs "EXECUTE kvs_console": one statement, whatever the
// text holds. Throws kvs::DatabaseError with the server's message and SQLSTATE (password
// removed by the caller) when the text does not prepare.
inline constexpr const char *kStatementName = "kvs_console";
void preparePostgresStatement(const QSqlDatabase &db, const QString &text);
// Drops kStatementName. Requires: it was prepared, and no transaction is open (a failing
// DEALLOCATE would abort one).
void deallocatePostgresStatement(const QSqlDatabase &db);

// The text of EXPLAIN (VERBOSE, COSTS OFF) of text, one line per plan line: the server's own
// reading of the statement, which names every function its plan calls (views expanded), for
// checkReadOnlyPostgresPlan(). Sent as an unnamed extended-protocol statement, so it too is one
// statement whatever the text holds; it plans, runs nothing. Throws kvs::DatabaseError with
// the server's message and SQLSTATE.
std::string explainPostgresStatement(const QSqlDatabase &db, const QString &text);

// Ends what a read-only statement may have left in the session (advisory locks taken by a
// function the checks do not know), after its transaction ended. A cancel meant for the
// statement that lands here is outlasted by trying again. Returns whether it succeeded.
bool releasePostgresSessionState(const QSqlDatabase &db);

} // namespace kvs::rawsql
