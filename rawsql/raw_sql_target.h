#pragma once

#include <QString>

#include <string>

class QSqlDatabase;

namespace kvs::rawsql {

// The database a Tables view or SQL console reads: an SQLite file, or a PostgreSQL server
// named by a libpq connection string (URL or key=value, password included: held in memory
// only, handed to the driver, never put in a connection name, a message or a log), with the
// store's table prefix and (PostgreSQL) schema. A value type; safe from any thread.
struct RawSqlTarget
{
    enum class Kind { Sqlite, Postgres };

    Kind kind = Kind::Sqlite;
    QString sqlitePath;
    std::string postgresConnection;
    QString tablePrefix;
    QString schema; // PostgreSQL; "" = the server's search_path

    bool isPostgres() const { return kind == Kind::Postgres; }
    // For messages: the file, or the connection string with its password removed.
    QString displayName() const;
};

// Sets up db (a fresh QSQLITE or QPSQL connection) for target: the SQLite file read-only
// (SQLITE_OPEN_READONLY and a mode=ro URI) unless writable; the PostgreSQL parts libpq parses
// out of the connection string, every other libpq parameter passed through as a connect option,
// kvs's own (pool_max, timeout_ms) dropped, and no startup option of kvs's own (a pooler such
// as PgBouncer refuses them: read-only and the schema are set per transaction). Throws
// kvs::Error with a message free of the password when the string does not parse.
void configureDatabase(QSqlDatabase &db, const RawSqlTarget &target, bool writable);

} // namespace kvs::rawsql
