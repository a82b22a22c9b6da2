#pragma once

#include "rawsql/raw_sql_target.h"

#include <kvs/errors.h>

class QSqlQuery;

namespace kvs::rawsql {

// kvs::DatabaseError from a failed Qt Sql query: "kvs: <driver message>", the password removed,
// the SQLSTATE or SQLite code as Qt reports it in nativeErrorCode().
DatabaseError queryError(const QSqlQuery &query, const RawSqlTarget &target);
// Whether error is how an interrupted call ends: RawSqlWorker's "kvs: cancelled" (stopped
// before it started), SQLite's SQLITE_INTERRUPT, PostgreSQL's query_canceled (57014; a
// statement_timeout raises it too, so a caller also knows whether a user asked).
bool isInterruption(const std::exception &error);
// query.prepare(sql), throwing queryError() when it fails: a failed prepare reported only at
// exec() comes out as the binding's "Parameter count mismatch" instead of the database's reason
// ("file is not a database").
void prepareOrThrow(QSqlQuery &query, const QString &sql, const RawSqlTarget &target);

} // namespace kvs::rawsql
