#pragma once

#include "rawsql/raw_sql_target.h"

#include <kvs/errors.h>

class QSqlQuery;

namespace kvs::rawsql {

// kvs::DatabaseError from a failed Qt Sql query: "kvs: <driver message>", the password removed,
// the SQLSTATE or SQLite code as Qt reports it in nativeErrorCode().
DatabaseError queryError(const QSqlQuery &query, const RawSqlTarget &target);
// query.prepare(sql), throwing queryError() when it fails: a failed prepare reported only at
// exec() comes out as the binding's "Parameter count mismatch" instead of the database's reason
// ("file is not a database").
void prepareOrThrow(QSqlQuery &query, const QString &sql, const RawSqlTarget &target);

} // namespace kvs::rawsql
