#pragma once

#include "postgres/pg_names.h"
#include "postgres/pq_connection.h"

#include <cstdint>

namespace kvs::detail {

// The PostgreSQL side of "Schema versions": everything in one transaction under the advisory
// lock of migrate:<meta table> (so concurrent openers, JavaScript ones included, wait for each
// other), CREATE SCHEMA IF NOT EXISTS when a schema is set, the steps 0 -> 3 (step 2's BIGINT
// rewrites and sequence, step 3's versionstamp sequence and the -0 rekey with position()), and the
// column checks that refuse a foreign table untouched. migrate false refuses an older schema
// (SchemaOutdatedError) instead. A newer schema throws SchemaTooNewError and changes nothing.
// Runs BEGIN / COMMIT itself; on any error the transaction is rolled back.
void migratePostgres(PqConnection &connection,
                     const PgNames &names,
                     std::int64_t now,
                     bool migrate);

// A read-only open: checks the tables (NotKvsDatabaseError naming what it found without a kv
// table; ForeignTableError; SchemaTooNewError) and writes nothing. Returns the schema version of
// the tables (1 for kvs <= 0.3 tables without a meta row).
long long checkPostgresReadOnly(PqConnection &connection, const PgNames &names);

} // namespace kvs::detail
