#include "sqlite/sqlite_schema.h"

#include "codec/legacy_keys.h"
#include "rules/schema_rules.h"

#include <kvs/errors.h>
#include <kvs/types.h>

#include <algorithm>
#include <initializer_list>

namespace kvs::detail {

namespace {

// SQLite matches identifiers without regard to ASCII case: "App_kv" is the table "app_kv".
bool sameTableName(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) {
            return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
        };
        if (lower(a[i]) != lower(b[i]))
            return false;
    }
    return true;
}

std::string q(const std::string &name)
{
    return TableNames::quoted(name);
}

std::vector<std::string> columnsOf(Connection &connection, const std::string &table)
{
    Statement stmt(connection.handle(), "SELECT name FROM pragma_table_info(?1)");
    stmt.bindText(1, table);
    std::vector<std::string> columns;
    while (stmt.step())
        columns.emplace_back(stmt.columnBytes(0));
    return columns;
}

// The columns of table as SQLite has them (schema_rules.h checks them).
void requireColumns(Connection &connection,
                    const std::string &table,
                    Columns required,
                    Columns alsoRequired = {})
{
    detail::requireColumns(columnsOf(connection, table), table, required, alsoRequired);
}

long long readStoredVersion(Connection &connection, const TableNames &names)
{
    Statement stmt(connection.handle(),
                   "SELECT value FROM " + q(names.meta) + " WHERE key = 'schema_version'");
    if (!stmt.step() || stmt.columnIsNull(0))
        return 0;
    return parseSchemaVersion(std::string(stmt.columnBytes(0)));
}

void stepToVersion1(Connection &connection, const TableNames &names)
{
    connection.exec("CREATE TABLE IF NOT EXISTS " + q(names.kv)
                    + " (key BLOB PRIMARY KEY, value BLOB NOT NULL, version INTEGER NOT NULL, "
                      "expires_at INTEGER)");
    connection.exec("CREATE TABLE IF NOT EXISTS " + q(names.queue)
                    + " (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, payload BLOB "
                      "NOT NULL, status TEXT NOT NULL, enqueued_at INTEGER NOT NULL, deliver_at "
                      "INTEGER NOT NULL, attempts INTEGER NOT NULL, max_attempts INTEGER NOT "
                      "NULL)");
    // Verified before anything is indexed or altered.
    requireColumns(connection, names.kv, kKvColumns);
    requireColumns(connection, names.queue, kQueueV1Columns);
    connection.exec("CREATE INDEX IF NOT EXISTS " + names.index("kv_expires") + " ON " + q(names.kv)
                    + " (expires_at) WHERE expires_at IS NOT NULL");
    connection.exec("CREATE INDEX IF NOT EXISTS " + names.index("queue_pending") + " ON "
                    + q(names.queue) + " (topic, status, deliver_at)");
}

void stepToVersion2(Connection &connection, const TableNames &names, std::int64_t now)
{
    const std::vector<std::string> present = columnsOf(connection, names.queue);
    const std::pair<const char *, const char *> added[] = {{"locked_until", "INTEGER"},
                                                           {"lease_token", "TEXT"},
                                                           {"last_error", "TEXT"},
                                                           {"finished_at", "INTEGER"}};
    for (const auto &[column, type] : added) {
        if (std::find(present.begin(), present.end(), column) == present.end())
            connection.exec("ALTER TABLE " + q(names.queue) + " ADD COLUMN " + column + " " + type);
    }
    // A lease from before leases had an end is treated as expired; done rows age from now.
    connection.exec("UPDATE " + q(names.queue)
                    + " SET locked_until = 0 WHERE status = 'processing' AND locked_until IS NULL");
    connection.exec("UPDATE " + q(names.queue) + " SET finished_at = " + std::to_string(now)
                    + " WHERE status = 'done' AND finished_at IS NULL");
    connection.exec("CREATE INDEX IF NOT EXISTS " + names.index("queue_lease") + " ON "
                    + q(names.queue) + " (status, locked_until) WHERE status = 'processing'");
    connection.exec("CREATE INDEX IF NOT EXISTS " + names.index("queue_finished") + " ON "
                    + q(names.queue) + " (status, finished_at) WHERE finished_at IS NOT NULL");
}

void rekeyMinusZero(Connection &connection, const TableNames &names)
{
    // Candidates hold 0.4's -0 bytes or a negative bigint's 04 00; rekeyLegacyKey decides.
    Statement candidates(connection.handle(),
                         "SELECT key FROM " + q(names.kv)
                             + " WHERE instr(key, X'030000000000000000') > 0"
                               " OR instr(key, X'0400') > 0");
    std::vector<std::pair<std::string, std::string>> moves;
    while (candidates.step()) {
        const std::string old(candidates.columnBytes(0));
        if (auto rekeyed = rekeyLegacyKey(old))
            moves.emplace_back(old, std::move(*rekeyed));
    }
    if (moves.empty())
        return;
    Statement exists(connection.handle(), "SELECT 1 FROM " + q(names.kv) + " WHERE key = ?1");
    Statement remove(connection.handle(), "DELETE FROM " + q(names.kv) + " WHERE key = ?1");
    Statement update(connection.handle(), "UPDATE " + q(names.kv) + " SET key = ?2 WHERE key = ?1");
    for (const auto &[old, rekeyed] : moves) {
        exists.bindBlob(1, rekeyed);
        const bool taken = exists.step();
        exists.reset();
        // ["x", -0] next to ["x", 0]: the existing row is kept, the old one goes.
        Statement &change = taken ? remove : update;
        change.bindBlob(1, old);
        if (!taken)
            change.bindBlob(2, rekeyed);
        change.run();
        change.reset();
    }
}

void stepToVersion3(Connection &connection, const TableNames &names)
{
    connection.exec("CREATE TABLE IF NOT EXISTS " + q(names.versionstamp)
                    + " (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)");
    // Idempotent: the counter may exist already (a lost meta row); it never moves backwards, so
    // no version a row already carries is handed out again.
    connection.exec("INSERT INTO " + q(names.versionstamp) + " (id, version) VALUES (1, (SELECT "
                    + "COALESCE(MAX(version), 0) FROM " + q(names.kv)
                    + ")) ON CONFLICT(id) DO UPDATE SET version = max(version, excluded.version)");
    rekeyMinusZero(connection, names);
}

} // namespace

SchemaProbe probeSchema(Connection &connection, const TableNames &names)
{
    SchemaProbe probe;
    Statement tables(connection.handle(),
                     "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                     "'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    bool hasMeta = false;
    while (tables.step()) {
        std::string name(tables.columnBytes(0));
        hasMeta = hasMeta || sameTableName(name, names.meta);
        probe.hasKvTable = probe.hasKvTable || sameTableName(name, names.kv);
        probe.tables.push_back(std::move(name));
    }
    if (hasMeta) {
        requireColumns(connection, names.meta, kMetaColumns);
        probe.storedVersion = readStoredVersion(connection, names);
    }
    return probe;
}

void checkForeignTables(Connection &connection, const TableNames &names, const SchemaProbe &probe)
{
    const auto has = [&](const std::string &table) {
        return std::any_of(probe.tables.begin(), probe.tables.end(), [&](const std::string &name) {
            return sameTableName(name, table);
        });
    };
    if (has(names.kv))
        requireColumns(connection, names.kv, kKvColumns);
    if (has(names.queue)) {
        requireColumns(connection,
                       names.queue,
                       kQueueV1Columns,
                       probe.storedVersion >= 2 ? kQueueV2Columns : Columns{});
    }
    if (has(names.versionstamp))
        requireColumns(connection, names.versionstamp, kVersionstampColumns);
}

void migrateSchema(Connection &connection, const TableNames &names, std::int64_t now)
{
    connection.exec("CREATE TABLE IF NOT EXISTS " + q(names.meta)
                    + " (key TEXT PRIMARY KEY, value TEXT)");
    requireColumns(connection, names.meta, kMetaColumns);
    // Read again inside the transaction: another process may have migrated meanwhile.
    const long long version = readStoredVersion(connection, names);
    if (version < 1)
        stepToVersion1(connection, names);
    if (version < 2)
        stepToVersion2(connection, names, now);
    if (version < 3)
        stepToVersion3(connection, names);
    if (version != kSchemaVersion) {
        // UPDATE, then INSERT: an application's meta(key, value) without a key constraint passes
        // the column check (gotcha 22), and ON CONFLICT would need one.
        const std::string text = "'" + std::to_string(kSchemaVersion) + "'";
        connection.exec("UPDATE " + q(names.meta) + " SET value = " + text
                        + " WHERE key = 'schema_version'");
        if (connection.changes() == 0) {
            connection.exec("INSERT INTO " + q(names.meta)
                            + " (key, value) VALUES ('schema_version', " + text + ")");
        }
    }
    requireColumns(connection, names.kv, kKvColumns);
    requireColumns(connection, names.queue, kQueueV1Columns, kQueueV2Columns);
    requireColumns(connection, names.versionstamp, kVersionstampColumns);
}

} // namespace kvs::detail
