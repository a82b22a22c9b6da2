#include "bench/workload/scratch_database.h"

#include "bench/measure/database_files.h"

#include <kvs/async_kvstore.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/json_line.h>
#include <kvs/password_command.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <system_error>
#include <unistd.h>

namespace kvs::bench {

namespace {

namespace fs = std::filesystem;

struct PgResultCloser
{
    void operator()(PGresult *result) const noexcept { PQclear(result); }
};
using PgResultPtr = std::unique_ptr<PGresult, PgResultCloser>;

constexpr const char *kScratchRelationsSql
    = "SELECT c.relkind, quote_ident(n.nspname) || '.' || quote_ident(c.relname), c.relname"
      " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
      " WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'S', 'v', 'm')"
      " AND c.relname LIKE 'kvsbench\\_%' ORDER BY c.relname";

std::string withPoolSize(std::string url, int poolSize)
{
    if (poolSize <= 0 || takeConnectionParameter(url, "pool_max", false))
        return url;
    const std::string pool = "pool_max=" + std::to_string(poolSize);
    if (url.rfind("postgres://", 0) == 0 || url.rfind("postgresql://", 0) == 0)
        return url + (url.find('?') == std::string::npos ? "?" : "&") + pool;
    return url + " " + pool;
}

std::string libpqConninfo(std::string url)
{
    (void)takeConnectionParameter(url, "pool_max", true);
    (void)takeConnectionParameter(url, "timeout_ms", true);
    return url;
}

// A name no other run of this process or another picks: pid, time and a counter.
std::string scratchFileName()
{
    static std::atomic<int> counter{0};
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    return "kvsbench-" + std::to_string(getpid()) + "-"
           + std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(now).count())
           + "-" + std::to_string(counter++) + ".sqlite";
}

} // namespace

ScratchDatabase::ScratchDatabase(const WorkloadConfig &config)
    : m_postgres(isPostgresUrl(config.db))
{
    if (m_postgres)
        claimPostgres(config);
    else
        claimSqlite(config);
}

ScratchDatabase::~ScratchDatabase()
{
    if (m_postgres)
        dropPostgresTables();
    else if (!m_file.empty())
        DatabaseFiles::removeAll(m_file);
}

void ScratchDatabase::claimSqlite(const WorkloadConfig &config)
{
    m_serverVersion = sqlite3_libversion();
    std::error_code error;
    if (!config.scratchFolder.empty()) {
        if (!config.db.empty())
            throw Error("kvs: bench: give either --db or --scratch-dir, not both");
        if (!fs::is_directory(config.scratchFolder, error))
            throw Error("kvs: bench: the scratch folder " + jsonQuoted(config.scratchFolder)
                        + " is not a folder");
        m_file = (fs::path(config.scratchFolder) / scratchFileName()).string();
        m_connection = m_file;
        return;
    }
    if (config.db.empty())
        throw Error("kvs: bench needs --db (a new SQLite file, :memory: or a postgres:// URL) "
                    "or --scratch-dir");
    m_connection = config.db;
    if (config.db == ":memory:")
        return;
    // SQLite opens "file:NAME" as a URI and the async store strips "sqlite://" and "file://":
    // the file written would not be the path checked here, so only plain paths are taken.
    if (config.db.rfind("file:", 0) == 0 || config.db.rfind("sqlite:", 0) == 0) {
        throw Error("kvs: bench: give the scratch file as a plain path, not a URL ("
                    + jsonQuoted(config.db) + ")");
    }
    if (fs::exists(config.db, error) || error) {
        throw Error("kvs: bench: " + jsonQuoted(config.db)
                    + " exists; a workload run writes only to a SQLite file it creates and "
                      "deletes (give a path that does not exist, :memory:, or --scratch-dir)");
    }
    m_file = config.db;
}

void ScratchDatabase::claimPostgres(const WorkloadConfig &config)
{
    m_connection = withPoolSize(config.db, config.poolSize);
    m_conn.reset(PQconnectdb(withCommandPassword(libpqConninfo(config.db)).c_str()));
    if (PQstatus(m_conn.get()) != CONNECTION_OK) {
        const std::string message = PQerrorMessage(m_conn.get());
        m_conn.reset();
        throw ConnectionError(redactSecrets("kvs: bench: cannot connect to "
                                                + redactedConnection(config.db) + ": " + message,
                                            config.db),
                              ConnectionError::Step::Connect);
    }
    // The drops' "does not exist, skipping" notices are expected, not news for the user.
    PQsetNoticeProcessor(
        m_conn.get(), [](void *, const char *) {}, nullptr);
    const char *version = PQparameterStatus(m_conn.get(), "server_version");
    m_serverVersion = version ? version : "";
    const std::vector<std::string> existing = scratchRelations(m_conn.get());
    if (!existing.empty()) {
        std::string names;
        for (const std::string &name : existing)
            names += (names.empty() ? "" : ", ") + name;
        m_conn.reset(); // nothing of ours to drop
        throw Error("kvs: bench: the schema already holds " + names
                    + "; a workload run creates its own kvsbench_ tables and drops them at the "
                      "end, and never uses tables it did not create (drop them if an earlier "
                      "run left them)");
    }
}

std::vector<std::string> ScratchDatabase::scratchRelations(pg_conn *conn)
{
    const PgResultPtr result(PQexec(conn, kScratchRelationsSql));
    if (PQresultStatus(result.get()) != PGRES_TUPLES_OK)
        throw DatabaseError(
            std::string("kvs: bench: ") + PQerrorMessage(conn), "", kScratchRelationsSql);
    std::vector<std::string> names;
    for (int row = 0; row < PQntuples(result.get()); ++row)
        names.emplace_back(PQgetvalue(result.get(), row, 2));
    return names;
}

void ScratchDatabase::dropPostgresTables() noexcept
{
    if (!m_conn)
        return;
    const PgResultPtr result(PQexec(m_conn.get(), kScratchRelationsSql));
    if (PQresultStatus(result.get()) != PGRES_TUPLES_OK)
        return;
    // Tables first (CASCADE takes their owned sequences), then any sequence left.
    for (const char kind : {'r', 'p', 'v', 'm', 'S'}) {
        for (int row = 0; row < PQntuples(result.get()); ++row) {
            if (PQgetvalue(result.get(), row, 0)[0] != kind)
                continue;
            const std::string what = kind == 'S'   ? "SEQUENCE"
                                     : kind == 'v' ? "VIEW"
                                     : kind == 'm' ? "MATERIALIZED VIEW"
                                                   : "TABLE";
            const std::string sql
                = "DROP " + what + " IF EXISTS " + PQgetvalue(result.get(), row, 1) + " CASCADE";
            PQclear(PQexec(m_conn.get(), sql.c_str()));
        }
    }
}

} // namespace kvs::bench
