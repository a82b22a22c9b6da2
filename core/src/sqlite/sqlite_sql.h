#pragma once

#include <kvs/table_names.h>

#include <string>

namespace kvs::detail {

// The store's statements, one id each, from the list of the SQLite backend's statements
// (sqlite/sqlite_sql_list.h: each id's parameters and columns are there, beside its SQL).
enum class SqlId {
#define KVS_SQLITE_SQL(id, sql) id,
#include "sqlite/sqlite_sql_list.h"
    Count
};

// The SQL of id for the store's tables (sqlite/sqlite_sql_list.h).
std::string buildSql(SqlId id, const TableNames &names);

} // namespace kvs::detail
