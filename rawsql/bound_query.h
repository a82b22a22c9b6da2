#pragma once

#include "rawsql/raw_sql_target.h"

#include <QString>
#include <QVariantList>

class QSqlQuery;

namespace kvs::rawsql {

// Runs sql, whose ? placeholders take values in order, on query (forward only), throwing
// queryError() when it fails. SQLite: a prepared statement with the values bound. PostgreSQL:
// the values written into the text as literals and run as one simple query, because Qt's QPSQL
// prepares a bound query with a named SQL PREPARE, which PgBouncer in transaction pooling may
// send to another server connection than its EXECUTE (and which outlives the query there).
// Values: null, integers, QByteArray (bytea) and QString (text); the literals are written in
// hex, so no quoting or standard_conforming_strings setting can change what they say.
void runBoundQuery(QSqlQuery &query,
                   const QString &sql,
                   const QVariantList &values,
                   const RawSqlTarget &target);

// The PostgreSQL literal runBoundQuery() writes for value.
QString postgresLiteral(const QVariant &value);

} // namespace kvs::rawsql
