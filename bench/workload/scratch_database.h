#pragma once

#include "bench/baselines/raw_libpq_baseline.h"
#include "bench/workload/workload_config.h"

#include <string>
#include <vector>

// Where a workload run writes: never into a user's data. On SQLite a scratch file the run
// creates and deletes (or :memory:); on PostgreSQL tables named kvsbench_* that the run creates
// and drops, refused where such tables exist already.
namespace kvs::bench {

// The table prefix of a run's PostgreSQL tables (the reference's own benchmark uses it too).
inline constexpr std::string_view kScratchPrefix = "kvsbench_";

// Claims the run's database on construction and gives it back on destruction: the SQLite file
// and its -wal/-shm are removed, the PostgreSQL tables kvsbench_* dropped (failures ignored).
// Construct it before the store and destroy it after. Thread rule: one thread.
class ScratchDatabase
{
public:
    // Throws kvs::Error "kvs: bench: ..." when config.db names an existing file or is a file: or
    // sqlite: URL (SQLite would open another path than the one checked), a missing
    // scratch folder, both a --db file and a scratch folder, or a PostgreSQL schema that holds
    // kvsbench_ tables already; ConnectionError when PostgreSQL cannot be reached.
    explicit ScratchDatabase(const WorkloadConfig &config);
    ~ScratchDatabase();
    ScratchDatabase(const ScratchDatabase &) = delete;
    ScratchDatabase &operator=(const ScratchDatabase &) = delete;

    // The connection string for the store: the file path, ":memory:", or the URL with
    // pool_max set to the config's pool size when one is given.
    [[nodiscard]] const std::string &connection() const noexcept { return m_connection; }
    [[nodiscard]] bool postgres() const noexcept { return m_postgres; }
    // "sqlite" or "postgres".
    [[nodiscard]] std::string backend() const { return m_postgres ? "postgres" : "sqlite"; }
    // SQLite's library version, or the PostgreSQL server's server_version.
    [[nodiscard]] const std::string &serverVersion() const noexcept { return m_serverVersion; }

    // The kvsbench_ tables and sequences of the connection's current schema, by name (for the
    // guard and its test).
    [[nodiscard]] static std::vector<std::string> scratchRelations(pg_conn *conn);

private:
    void claimSqlite(const WorkloadConfig &config);
    void claimPostgres(const WorkloadConfig &config);
    void dropPostgresTables() noexcept;

    std::string m_connection;
    std::string m_file; // the scratch file to remove; empty for :memory: and PostgreSQL
    bool m_postgres = false;
    std::string m_serverVersion;
    PgConnPtr m_conn; // PostgreSQL: the guard's connection, kept to drop the tables at the end
};

} // namespace kvs::bench
