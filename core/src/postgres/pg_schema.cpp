#include "postgres/pg_schema.h"

#include "codec/legacy_keys.h"
#include "postgres/pq_transaction.h"
#include "rules/schema_rules.h"

#include <kvs/errors.h>
#include <kvs/types.h>

#include <algorithm>
#include <initializer_list>
#include <vector>

namespace kvs::detail {

namespace {

std::vector<std::string>
columnsOf(PqConnection &connection, const PgNames &names, const std::string &table)
{
    PqParams params;
    params.text(table);
    const PqResult result = connection.exec(
        "SELECT column_name::text FROM information_schema.columns WHERE table_schema = "
            + names.schemaExpression() + " AND table_name = $1",
        params);
    std::vector<std::string> columns;
    for (int row = 0; row < result.rows(); ++row)
        columns.emplace_back(result.bytes(row, 0));
    return columns;
}

// The tables of the store's schema (for "not a kvs database" messages).
std::vector<std::string> tablesOf(PqConnection &connection, const PgNames &names)
{
    const PqResult result = connection.exec(
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = "
        + names.schemaExpression() + " AND table_type = 'BASE TABLE' ORDER BY table_name");
    std::vector<std::string> tables;
    for (int row = 0; row < result.rows(); ++row)
        tables.emplace_back(result.bytes(row, 0));
    return tables;
}

bool hasTable(const std::vector<std::string> &tables, const std::string &name)
{
    return std::find(tables.begin(), tables.end(), name) != tables.end();
}

// The columns of table as PostgreSQL has them (schema_rules.h checks them).
void requireColumns(PqConnection &connection,
                    const PgNames &names,
                    const std::string &table,
                    Columns required,
                    Columns alsoRequired = {})
{
    detail::requireColumns(columnsOf(connection, names, table), table, required, alsoRequired);
}

long long storedVersion(PqConnection &connection, const PgNames &names)
{
    const PqResult result
        = connection.exec("SELECT value FROM " + names.meta + " WHERE key = 'schema_version'");
    if (result.rows() == 0 || result.isNull(0, 0))
        return 0;
    return parseSchemaVersion(std::string(result.bytes(0, 0)));
}

void stepToVersion1(PqConnection &c, const PgNames &names)
{
    // The 0.3 layout: INTEGER version and a SERIAL id, widened by step 2.
    c.exec("CREATE TABLE IF NOT EXISTS " + names.kv
           + " (key BYTEA PRIMARY KEY, value BYTEA NOT NULL, version INTEGER NOT NULL, expires_at "
             "BIGINT)");
    c.exec(
        "CREATE TABLE IF NOT EXISTS " + names.queue
        + " (id SERIAL PRIMARY KEY, topic TEXT NOT NULL, payload BYTEA NOT NULL, status TEXT NOT "
          "NULL, enqueued_at BIGINT NOT NULL, deliver_at BIGINT NOT NULL, attempts INTEGER NOT "
          "NULL, max_attempts INTEGER NOT NULL)");
    // Verified before anything is indexed or altered.
    requireColumns(c, names, names.tables.kv, kKvColumns);
    requireColumns(c, names, names.tables.queue, kQueueV1Columns);
    c.exec("CREATE INDEX IF NOT EXISTS " + names.tables.index("kv_expires") + " ON " + names.kv
           + " (expires_at) WHERE expires_at IS NOT NULL");
    c.exec("CREATE INDEX IF NOT EXISTS " + names.tables.index("queue_pending") + " ON "
           + names.queue + " (topic, status, deliver_at)");
}

void stepToVersion2(PqConnection &c, const PgNames &names, std::int64_t now)
{
    for (const char *column :
         {"locked_until BIGINT", "lease_token TEXT", "last_error TEXT", "finished_at BIGINT"})
        c.exec("ALTER TABLE " + names.queue + " ADD COLUMN IF NOT EXISTS " + column);
    // A lease from before leases had an end is expired; done rows age from now.
    c.exec("UPDATE " + names.queue
           + " SET locked_until = 0 WHERE status = 'processing' AND locked_until IS NULL");
    c.exec("UPDATE " + names.queue + " SET finished_at = " + std::to_string(now)
           + " WHERE status = 'done' AND finished_at IS NULL");
    c.exec("CREATE INDEX IF NOT EXISTS " + names.tables.index("queue_lease") + " ON " + names.queue
           + " (status, locked_until) WHERE status = 'processing'");
    c.exec("CREATE INDEX IF NOT EXISTS " + names.tables.index("queue_finished") + " ON "
           + names.queue + " (status, finished_at) WHERE finished_at IS NOT NULL");
    // KVS-17: 64-bit versions and ids. Each rewrites its table once under an exclusive lock.
    c.exec("ALTER TABLE " + names.kv + " ALTER COLUMN version TYPE BIGINT");
    c.exec("ALTER TABLE " + names.queue + " ALTER COLUMN id TYPE BIGINT");
    PqParams params;
    params.text(names.queue);
    const PqResult sequence = c.exec("SELECT pg_get_serial_sequence($1, 'id')", params);
    if (sequence.rows() == 1 && !sequence.isNull(0, 0))
        c.exec("ALTER SEQUENCE " + std::string(sequence.bytes(0, 0)) + " AS BIGINT");
}

void rekeyMinusZero(PqConnection &c, const PgNames &names)
{
    // Candidates hold 0.4's -0 bytes or a negative bigint's 04 00; rekeyLegacyKey decides.
    const PqResult candidates
        = c.exec("SELECT key FROM " + names.kv
                 + " WHERE position('\\x030000000000000000'::bytea in key) > 0 OR "
                   "position('\\x0400'::bytea in key) > 0");
    for (int row = 0; row < candidates.rows(); ++row) {
        const std::string old(candidates.bytes(row, 0));
        const std::optional<std::string> rekeyed = rekeyLegacyKey(old);
        if (!rekeyed)
            continue;
        PqParams exists;
        exists.bytes(*rekeyed);
        const bool taken
            = c.exec("SELECT 1 FROM " + names.kv + " WHERE key = $1", exists).rows() > 0;
        PqParams move;
        move.bytes(old);
        if (taken) { // ["x", -0] next to ["x", 0]: the existing row is kept, the old one goes
            c.exec("DELETE FROM " + names.kv + " WHERE key = $1", move);
        } else {
            move.bytes(*rekeyed);
            c.exec("UPDATE " + names.kv + " SET key = $2 WHERE key = $1", move);
        }
    }
}

void stepToVersion3(PqConnection &c, const PgNames &names)
{
    c.exec("CREATE SEQUENCE IF NOT EXISTS " + names.versionstamp + " AS BIGINT");
    // The counter never moves backwards (a lost meta row may run this again): at least the
    // highest version a row carries, or 1 unused on an empty table.
    c.exec("SELECT setval('" + names.versionstamp
           + "', GREATEST((SELECT COALESCE(MAX(version), 1) "
             "FROM "
           + names.kv + "), (SELECT last_value FROM " + names.versionstamp
           + ")), (SELECT COUNT(*) > 0 FROM " + names.kv + ") OR (SELECT is_called FROM "
           + names.versionstamp + "))");
    rekeyMinusZero(c, names);
}

void writeVersion(PqConnection &c, const PgNames &names)
{
    // UPDATE, then INSERT: an application's meta(key, value) without a key constraint passes
    // the column check (gotcha 22), and ON CONFLICT would need one.
    const std::string text = "'" + std::to_string(kSchemaVersion) + "'";
    const PqResult updated
        = c.exec("UPDATE " + names.meta + " SET value = " + text + " WHERE key = 'schema_version'");
    if (updated.affected() == 0)
        c.exec("INSERT INTO " + names.meta + " (key, value) VALUES ('schema_version', " + text
               + ")");
}

} // namespace

void migratePostgres(PqConnection &connection, const PgNames &names, std::int64_t now, bool migrate)
{
    PqTransaction transaction(connection); // rolled back when a step below throws
    {
        PqParams lock;
        lock.int8(migrationLockId(names));
        connection.exec("SELECT pg_advisory_xact_lock($1)", lock);
        if (!names.tables.schema.empty())
            connection.exec("CREATE SCHEMA IF NOT EXISTS "
                            + TableNames::quoted(names.tables.schema));
        const std::vector<std::string> tables = tablesOf(connection, names);
        const bool hasKv = hasTable(tables, names.tables.kv);
        // Without consent, a schema holding an application's tables but no kvs ones does not
        // get kvs tables added to it (as on SQLite).
        if (!migrate && !hasKv && !tables.empty()) {
            const std::string found = joinNames(tables);
            throw NotKvsDatabaseError("kvs: the PostgreSQL database at " + connection.target()
                                          + " is not a kvs database (no \"" + names.tables.kv
                                          + "\" table; tables found: " + found
                                          + "); open it with migration allowed to add the kvs "
                                            "tables",
                                      found);
        }
        if (hasTable(tables, names.tables.meta))
            requireColumns(connection, names, names.tables.meta, kMetaColumns);
        if (hasKv)
            requireColumns(connection, names, names.tables.kv, kKvColumns);
        if (hasTable(tables, names.tables.queue))
            requireColumns(connection, names, names.tables.queue, kQueueV1Columns);
        connection.exec("CREATE TABLE IF NOT EXISTS " + names.meta
                        + " (key TEXT PRIMARY KEY, value TEXT)");
        const long long version = storedVersion(connection, names);
        if (!migrate && hasKv && version < kSchemaVersion) {
            const long long shown = version == 0 ? 1 : version;
            throw SchemaOutdatedError("kvs: the database schema is version " + std::to_string(shown)
                                          + ", older than this kvs release ("
                                          + std::to_string(kSchemaVersion)
                                          + "); open it with migration allowed to upgrade it",
                                      shown);
        }
        if (version < 1)
            stepToVersion1(connection, names);
        if (version < 2)
            stepToVersion2(connection, names, now);
        if (version < 3)
            stepToVersion3(connection, names);
        if (version != kSchemaVersion)
            writeVersion(connection, names);
        requireColumns(connection, names, names.tables.kv, kKvColumns);
        requireColumns(connection, names, names.tables.queue, kQueueV1Columns, kQueueV2Columns);
        transaction.commit();
    }
}

long long checkPostgresReadOnly(PqConnection &connection, const PgNames &names)
{
    const std::vector<std::string> tables = tablesOf(connection, names);
    if (!hasTable(tables, names.tables.kv)) {
        const std::string found = joinNames(tables);
        throw NotKvsDatabaseError(
            "kvs: the PostgreSQL database at " + connection.target()
                + " is not a kvs database (no \"" + names.tables.kv + "\" table; "
                + (found.empty() ? "no tables" : "tables found: " + found) + ")",
            found);
    }
    requireColumns(connection, names, names.tables.kv, kKvColumns);
    if (hasTable(tables, names.tables.queue))
        requireColumns(connection, names, names.tables.queue, kQueueV1Columns);
    long long version = 0;
    if (hasTable(tables, names.tables.meta)) {
        requireColumns(connection, names, names.tables.meta, kMetaColumns);
        version = storedVersion(connection, names);
    }
    return version == 0 ? 1 : version; // a kv table without a version is kvs <= 0.3's layout
}

} // namespace kvs::detail
