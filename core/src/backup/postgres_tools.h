#pragma once

#include <kvs/backup.h>

#include <libpq-fe.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// What kvs backup and kvs restore need of PostgreSQL: a connection string split into libpq's
// options and its password (which goes to pg_dump and pg_restore in PGPASSWORD, never on their
// command line), a short libpq session for the checks, and running Debian's pg_dump / pg_restore.
namespace kvs::detail {

struct PgToolTarget
{
    std::string conninfo; // libpq's key='value' form, without the password or kvs's own options
    std::optional<std::string> password;
};

// Throws Error "kvs: cannot read the connection string: ..." (redacted).
[[nodiscard]] PgToolTarget pgToolTargetOf(const std::string &connection);

struct PgConnCloser
{
    void operator()(PGconn *conn) const noexcept { PQfinish(conn); }
};

// A libpq session for a few checks. Throws Error "kvs: cannot connect to PostgreSQL: ...".
class PgCheckSession
{
public:
    PgCheckSession(const PgToolTarget &target, const std::string &connection);
    // The first value of the first row of sql (params as text), nullopt for no row or NULL.
    std::optional<std::string> value(const std::string &sql,
                                     const std::vector<std::string> &params = {});
    // Whether a pooler (PgBouncer) stands between: its backend process id is not the server's.
    bool behindPooler();
    // Runs sql outside any transaction (VACUUM refuses to run in one); throws its error.
    void run(const std::string &sql);

private:
    std::unique_ptr<PGconn, PgConnCloser> m_conn;
    std::string m_connection;
};

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
