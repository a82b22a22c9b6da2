#include "sqlite/sqlite_open.h"

#include "sqlite/sqlite_schema.h"
#include "store/schema_rules.h"

#include <kvs/errors.h>
#include <kvs/types.h>

namespace kvs::detail {

namespace {

void applyPragmas(Connection &connection, bool writable, const std::string &durability)
{
    // busy_timeout, cache_size and mmap_size are per connection and never write the file.
    connection.exec("PRAGMA busy_timeout = 5000");
    connection.exec("PRAGMA cache_size = -65536");
    connection.exec("PRAGMA mmap_size = 268435456");
    if (!writable)
        return;
    connection.exec("PRAGMA journal_mode = WAL");
    connection.exec(durability == "full" ? "PRAGMA synchronous = FULL"
                                         : "PRAGMA synchronous = NORMAL");
}

} // namespace

long long
openSchemaReadOnly(Connection &connection, const TableNames &names, const std::string &path)
{
    applyPragmas(connection, false, {});
    const SchemaProbe probe = probeSchema(connection, names);
    if (!probe.hasKvTable) {
        const std::string found = probe.tables.empty() ? "the database has no tables"
                                                       : "tables found: " + joinNames(probe.tables);
        throw NotKvsDatabaseError("kvs: \"" + path + "\" is not a kvs database (no \"" + names.kv
                                      + "\" table; " + found + ")",
                                  joinNames(probe.tables));
    }
    checkForeignTables(connection, names, probe);
    return probe.effectiveVersion();
}

long long openSchemaReadWrite(Connection &connection,
                              const TableNames &names,
                              const std::string &path,
                              const std::string &durability,
                              bool migrate,
                              std::int64_t now)
{
    // Until the schema is known to be ours, closing must not checkpoint: a refused database keeps
    // its file and WAL bytes as they were (SQLite may leave an empty -shm beside a WAL file).
    connection.setCheckpointOnClose(false);
    connection.exec("PRAGMA busy_timeout = 5000");
    const SchemaProbe probe = probeSchema(connection, names);
    checkForeignTables(connection, names, probe);
    // Without consent, a database that holds other tables but no kvs ones is not turned into
    // one (that would add tables and switch it to WAL).
    if (!migrate && !probe.hasKvTable && !probe.tables.empty()) {
        throw NotKvsDatabaseError("kvs: \"" + path + "\" is not a kvs database (no \"" + names.kv
                                      + "\" table; tables found: " + joinNames(probe.tables)
                                      + "); open it with migration allowed to add the kvs tables",
                                  joinNames(probe.tables));
    }
    if (!migrate && probe.hasKvTable && probe.storedVersion < kSchemaVersion) {
        const long long version = probe.effectiveVersion();
        throw SchemaOutdatedError("kvs: the database schema is version " + std::to_string(version)
                                      + ", older than this kvs release ("
                                      + std::to_string(kSchemaVersion)
                                      + "); open it with migration allowed to upgrade it",
                                  version);
    }
    applyPragmas(connection, true, durability);
    {
        Transaction tx(connection, Transaction::Kind::Immediate);
        migrateSchema(connection, names, now);
        tx.commit();
    }
    connection.setCheckpointOnClose(true);
    return kSchemaVersion;
}

} // namespace kvs::detail
