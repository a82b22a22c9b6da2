#include "sqlite/sqlite_open.h"

#include "rules/schema_rules.h"
#include "sqlite/sqlite_schema.h"

#include <kvs/errors.h>
#include <kvs/types.h>

#include <algorithm>
#include <chrono>
#include <thread>

namespace kvs::detail {

namespace {

// The busy timeout of the reference: how long an opener waits for the others.
constexpr std::chrono::milliseconds kBusyTimeout{5000};

// Switches the file to WAL, waiting for other openers as busy_timeout would. SQLite's busy
// handler does not cover this switch: the pragma reads the header in a read transaction, then
// upgrades it to write the file format, and SQLite refuses such an upgrade at once, without its
// handler, while another connection holds a write lock (the deadlock case of sqlite3_busy_handler).
// So several processes opening one new file at the same moment could fail with "database is
// locked"; here the switch is tried again, with a growing pause, until the timeout.
void switchToWal(Connection &connection)
{
    const auto deadline = std::chrono::steady_clock::now() + kBusyTimeout;
    std::chrono::milliseconds pause{1};
    for (;;) {
        try {
            const std::string mode = connection.queryText("PRAGMA journal_mode = WAL");
            // "memory" for a :memory: database, which has no WAL.
            if (mode == "wal" || mode == "memory" || std::chrono::steady_clock::now() >= deadline)
                return;
        } catch (const BusyError &) {
            if (std::chrono::steady_clock::now() >= deadline)
                throw;
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(50));
    }
}

void applyPragmas(Connection &connection, bool writable, const std::string &durability)
{
    // The busy wait, cache_size and mmap_size are per connection and never write the file.
    connection.setBusyTimeout(kBusyTimeout);
    connection.exec("PRAGMA cache_size = -65536");
    connection.exec("PRAGMA mmap_size = 268435456");
    if (!writable)
        return;
    switchToWal(connection);
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
    connection.setBusyTimeout(kBusyTimeout);
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
