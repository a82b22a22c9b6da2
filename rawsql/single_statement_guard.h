#pragma once

#include <QString>

class QSqlDatabase;

namespace kvs::rawsql {

// PostgreSQL: the server-side proof that a console text is one statement. Qt's QPSQL prepares
// with "PREPARE name AS <text>" sent as a simple query, which runs every statement of a text
// such as "SELECT 1; COMMIT; DELETE FROM kv" (the COMMIT would end the read-only transaction).
// The protocol-level prepare (PQprepare) refuses more than one command, so the text is prepared
// that way under kStatementName, and Qt runs "EXECUTE kvs_console": one statement, whatever the
// text holds. Throws kvs::Error with the server's message (password removed by the caller) when
// the text does not prepare.
inline constexpr const char *kStatementName = "kvs_console";
void preparePostgresStatement(const QSqlDatabase &db, const QString &text);
// Drops kStatementName. Requires: it was prepared, and no transaction is open (a failing
// DEALLOCATE would abort one).
void deallocatePostgresStatement(const QSqlDatabase &db);

} // namespace kvs::rawsql
