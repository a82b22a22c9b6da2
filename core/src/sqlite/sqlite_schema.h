#pragma once

#include "sqlite/sqlite_connection.h"

#include <kvs/table_names.h>

#include <cstdint>
#include <string>
#include <vector>

namespace kvs::detail {

// What a database holds before anything is changed: read with plain SELECTs, no write.
struct SchemaProbe
{
    // The meta row's schema_version, or 0 when there is none (a new database, or kvs <= 0.3).
    long long storedVersion = 0;
    bool hasKvTable = false;
    std::vector<std::string> tables; // every user table, sorted

    // The version to show a user: kvs <= 0.3 tables without a meta row are version 1.
    long long effectiveVersion() const
    {
        return storedVersion == 0 && hasKvTable ? 1 : storedVersion;
    }
};

// Reads the schema state. Throws SchemaTooNewError for a version above kSchemaVersion and Error
// for a version that is not an integer.
SchemaProbe probeSchema(Connection &connection, const TableNames &names);

// Throws ForeignTableError for an existing table of a kvs name that lacks the kvs columns of
// the probed version. Reads only.
void checkForeignTables(Connection &connection, const TableNames &names, const SchemaProbe &probe);

// Runs the missing steps 0 -> 3 and verifies every table. Requires: the caller holds
// BEGIN IMMEDIATE and rolls back on an exception.
void migrateSchema(Connection &connection, const TableNames &names, std::int64_t now);

} // namespace kvs::detail
