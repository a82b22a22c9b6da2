#pragma once

#include "postgres/pq_connection.h"
#include "postgres/pq_params.h"

#include <kvs/backup.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// What kvs backup and kvs restore need of PostgreSQL: a connection string split into libpq's
// options and its password (which goes to pg_dump and pg_restore in PGPASSWORD, never on their
// command line), a connection for the checks, and running Debian's pg_dump / pg_restore.
namespace kvs::detail {

struct PgToolTarget
{
    std::string conninfo; // libpq's key='value' form, without the password or kvs's own options
    std::optional<std::string> password;
};

// Throws Error "kvs: cannot read the connection string: ..." (redacted).
[[nodiscard]] PgToolTarget pgToolTargetOf(const std::string &connection);

// The store's own kind of connection (postgres/pq_connection.h: its errors, its pooler
// detection) for the checks around a tool, kvs's own options taken out. Throws ConnectionError.
[[nodiscard]] std::unique_ptr<PqConnection> checkConnection(const std::string &connection);

// The text of the one row's one column sql answers (nullopt for NULL).
[[nodiscard]] std::optional<std::string>
valueOf(PqConnection &pq, const std::string &sql, const PqParams &params = {});

// Whether the table (or sequence) sqlName, as written in SQL, exists.
[[nodiscard]] bool hasTable(PqConnection &pq, const std::string &sqlName);

// Whether the file at path starts as a pg_dump archive ("PGDMP").
[[nodiscard]] bool isPgDumpArchive(const std::string &path);

struct ToolRun
{
    int exitCode = -1;
    bool cancelled = false;
    std::string errorText; // stderr
    std::string outputText;
};

// Runs Debian's PostgreSQL 15 program (pg_dump, pg_restore) with args, PGPASSWORD set from target
// when it has one; asks onProgress every 100 ms (false: the program is killed). Throws Error "kvs:
// no NAME found (install postgresql-client-15)".
[[nodiscard]] ToolRun runPgTool(const std::string &name,
                                const std::vector<std::string> &args,
                                const PgToolTarget &target,
                                const BackupOptions &options);

// The first line of a tool's stderr that says what went wrong ("pg_dump: error: ..."), redacted.
[[nodiscard]] std::string firstErrorLine(const std::string &errorText,
                                         const std::string &connection);

} // namespace kvs::detail
