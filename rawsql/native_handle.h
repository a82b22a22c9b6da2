#pragma once

class QSqlDatabase;
class QSqlQuery;
struct pg_conn;
struct sqlite3;
struct sqlite3_stmt;

namespace kvs::rawsql {

// The native connection behind an open Qt Sql connection, for what Qt Sql does not offer
// (cancelling, a protocol-level prepare): QPSQL's PGconn (its QVariant names it "pg_conn*"),
// QSQLITE's sqlite3. Null when db is of the other driver or not open.
pg_conn *postgresHandle(const QSqlDatabase &db);
sqlite3 *sqliteHandle(const QSqlDatabase &db);
// QSQLITE's prepared statement behind a prepared query; null when there is none.
sqlite3_stmt *sqliteStatementHandle(const QSqlQuery &query);

} // namespace kvs::rawsql
