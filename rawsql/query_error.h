#pragma once

#include "rawsql/raw_sql_target.h"

#include <kvs/errors.h>

class QSqlQuery;

namespace kvs::rawsql {

// kvs::DatabaseError from a failed Qt Sql query: "kvs: <driver message>", the password removed,
// the SQLSTATE or SQLite code as Qt reports it in nativeErrorCode().
DatabaseError queryError(const QSqlQuery &query, const RawSqlTarget &target);

} // namespace kvs::rawsql
