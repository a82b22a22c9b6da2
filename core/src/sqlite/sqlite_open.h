#pragma once

#include "sqlite/sqlite_connection.h"

#include <kvs/table_names.h>

#include <cstdint>
#include <string>

// Opening a kvs database on a fresh connection, shared by KVStore and SQLiteAsyncAdapter: the
// pragmas, the schema checks and (read-write) the migration, with the same errors for both.
namespace kvs::detail {

// Sets the read pragmas and checks that the database holds kvs tables (NotKvsDatabaseError,
// naming the tables it has, otherwise; ForeignTableError). Writes nothing. Returns the schema
// version found.
long long
openSchemaReadOnly(Connection &connection, const TableNames &names, const std::string &path);

// Sets the pragmas (WAL, synchronous per durability) and migrates to kSchemaVersion in one
// BEGIN IMMEDIATE. Without migrate, a database at an older schema (SchemaOutdatedError) or one
// that holds other tables but no kvs ones (NotKvsDatabaseError) is refused untouched. A newer
// schema (SchemaTooNewError) and foreign tables are refused untouched, WAL included. Returns
// kSchemaVersion.
long long openSchemaReadWrite(Connection &connection,
                              const TableNames &names,
                              const std::string &path,
                              const std::string &durability,
                              bool migrate,
                              std::int64_t now);

} // namespace kvs::detail
