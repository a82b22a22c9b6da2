#include "backup/postgres_tools.h"
#include "backup/sqlite_copy.h"

#include <kvs/backup.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/table_names.h>

#include <filesystem>

namespace kvs {

namespace {

// The schema the store lives in: options.schema, or the connection's current one.
std::string schemaOf(detail::PqConnection &pq, const BackupOptions &options)
{
    if (!options.schema.empty())
        return options.schema;
    return detail::valueOf(pq, "SELECT current_schema()::text").value_or("public");
}

std::int64_t rowsOf(detail::PqConnection &pq, const std::string &sqlName)
{
    return std::stoll(detail::valueOf(pq, "SELECT count(*)::text FROM " + sqlName).value_or("0"));
}

// Entries and messages of the store in schema (nullopt: it has no kv table).
struct StoreCounts
{
    std::int64_t entries = 0;
    std::int64_t messages = 0;
};
std::optional<StoreCounts> countsOf(detail::PqConnection &pq, const TableNames &names)
{
    if (!detail::hasTable(pq, names.sqlName("kv")))
        return std::nullopt;
    StoreCounts counts;
    counts.entries = rowsOf(pq, names.sqlName("kv"));
    if (detail::hasTable(pq, names.sqlName("queue")))
        counts.messages = rowsOf(pq, names.sqlName("queue"));
    return counts;
}

// The schema of the archive's <prefix>kv table, from pg_restore --list ("ID; OID OID TABLE
// SCHEMA NAME OWNER").
std::optional<std::string> archiveSchema(const std::string &listing, const std::string &kvName)
{
    std::size_t from = 0;
    while (from < listing.size()) {
        const std::size_t end = listing.find('\n', from);
        const std::string line = listing.substr(from, end - from);
        const std::size_t table = line.find(" TABLE ");
        if (table != std::string::npos && line.find(" TABLE DATA ") == std::string::npos) {
            const std::string rest = line.substr(table + 7);
            const std::size_t space = rest.find(' ');
            if (space != std::string::npos) {
                const std::string schema = rest.substr(0, space);
                const std::string name
                    = rest.substr(space + 1, rest.find(' ', space + 1) - space - 1);
                if (name == kvName)
                    return schema;
            }
        }
        if (end == std::string::npos)
            break;
        from = end + 1;
    }
    return std::nullopt;
}

} // namespace

BackupResult backupPostgresStore(const std::string &connection,
                                 const std::string &destination,
                                 const BackupOptions &options)
{
    detail::requireNewBackupDestination(destination);
    std::error_code error;
    const detail::PgToolTarget target = detail::pgToolTargetOf(connection);
    const std::unique_ptr<detail::PqConnection> pq = detail::checkConnection(connection);
    const std::string database = connectionIdentity(connection);
    if (pq->pooled()) {
        throw Error("kvs: " + database
                    + " is reached through a connection pooler: kvs backup runs pg_dump, which "
                      "needs a session of its own; connect directly or through PgBouncer's "
                      "session pooling");
    }
    const TableNames names(options.tablePrefix, schemaOf(*pq, options));
    const std::optional<StoreCounts> counts = countsOf(*pq, names);
    if (!counts)
        throw Error("kvs: " + names.schema + " has no kvs store (no table " + names.kv + ")");

    const std::string partial = destination + kPartialSuffix;
    std::filesystem::remove(partial, error);
    std::vector<std::string> args
        = {"--format=custom", "--no-owner", "--no-privileges", "--file=" + partial};
    for (const std::string_view label : {"kv", "queue", "meta", "kv_versionstamp"})
        args.push_back("--table=" + names.sqlName(label));
    args.push_back("--dbname=" + target.conninfo);
    const detail::ToolRun dump = detail::runPgTool("pg_dump", args, target, options);
    BackupResult result;
    if (dump.cancelled || dump.exitCode != 0) {
        std::filesystem::remove(partial, error);
        if (dump.cancelled) {
            result.cancelled = true;
            return result;
        }
        throw Error("kvs: pg_dump failed: " + detail::firstErrorLine(dump.errorText, connection));
    }
    const detail::ToolRun list = detail::runPgTool("pg_restore", {"--list", partial}, target, {});
    if (list.exitCode != 0 || !archiveSchema(list.outputText, names.kv)) {
        std::filesystem::remove(partial, error);
        throw Error("kvs: the backup of " + database + " failed its check (pg_restore --list: "
                    + detail::firstErrorLine(list.errorText, connection) + "); " + destination
                    + " was not written");
    }
    const std::string context = "kvs: cannot back up " + database + " to " + destination;
    try {
        result.bytes = detail::placeFinishedFile(partial, destination, context);
    } catch (...) {
        std::filesystem::remove(partial, error);
        throw;
    }
    result.entries = counts->entries;
    return result;
}

RestoreResult restorePostgresStore(const std::string &source,
                                   const std::string &connection,
                                   RestoreOverwrite overwrite,
                                   const BackupOptions &options)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(source, error))
        throw Error("kvs: no backup at " + source);
    if (!detail::isPgDumpArchive(source)) {
        throw Error("kvs: " + source
                    + " is not a kvs PostgreSQL backup (not a pg_dump archive); between SQLite "
                      "and PostgreSQL use kvs export and kvs import");
    }
    const detail::PgToolTarget target = detail::pgToolTargetOf(connection);
    const TableNames unqualified(options.tablePrefix);
    const detail::ToolRun list = detail::runPgTool("pg_restore", {"--list", source}, target, {});
    const std::optional<std::string> schema
        = list.exitCode == 0 ? archiveSchema(list.outputText, unqualified.kv) : std::nullopt;
    if (!schema) {
        throw Error("kvs: " + source + " is not a kvs PostgreSQL backup (no table " + unqualified.kv
                    + " in it)");
    }
    const std::unique_ptr<detail::PqConnection> pq = detail::checkConnection(connection);
    const TableNames names(options.tablePrefix, *schema);
    RestoreResult result;
    if (const std::optional<StoreCounts> held = countsOf(*pq, names)) {
        if (overwrite == RestoreOverwrite::Refuse && (held->entries > 0 || held->messages > 0)) {
            throw Error("kvs: the restore destination " + *schema + " holds "
                        + std::to_string(held->entries) + " entries and "
                        + std::to_string(held->messages)
                        + " messages; restoring replaces them (kvs restore --force)");
        }
        result.replaced = true;
    }
    std::vector<std::string> args
        = {"--single-transaction", "--no-owner", "--no-privileges", "--exit-on-error"};
    if (result.replaced) {
        args.push_back("--clean");
        args.push_back("--if-exists");
    }
    args.push_back("--dbname=" + target.conninfo);
    args.push_back(source);
    const detail::ToolRun restore = detail::runPgTool("pg_restore", args, target, options);
    if (restore.cancelled) {
        result.replaced = false;
        return result;
    }
    if (restore.exitCode != 0) {
        throw Error("kvs: pg_restore failed: "
                    + detail::firstErrorLine(restore.errorText, connection));
    }
    result.entries = countsOf(*pq, names).value_or(StoreCounts{}).entries;
    return result;
}

} // namespace kvs
