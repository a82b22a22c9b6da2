#pragma once

class QSqlDatabase;
struct pg_conn;
struct sqlite3;

namespace kvs::rawsql {

// The native connection behind an open Qt Sql connection, for what Qt Sql does not offer
// (cancelling, a protocol-level prepare): QPSQL's PGconn (its QVariant names it "pg_conn*"),
// QSQLITE's sqlite3. Null when db is of the other driver or not open.
pg_conn *postgresHandle(const QSqlDatabase &db);
sqlite3 *sqliteHandle(const QSqlDatabase &db);

} // namespace kvs::rawsql
