#pragma once

#include "postgres/pg_calls.h"
#include "postgres/pg_workers.h"
#include "runtime/future_util.h"

#include <kvs/engine_adapter.h>
#include <kvs/postgres_adapter.h>

#include <atomic>
#include <functional>
#include <memory>
#include <utility>

// The two ways EngineAdapter (kvs/engine_adapter.h) runs PgCalls' operations.
namespace kvs::detail {

// PostgresAdapter's: every call queued to the pool, a statement in one pipeline with the calls
// in flight, an operation of several statements on a connection of its own.
class PgPoolBackend
{
public:
    using Ops = PgCalls;
    static constexpr const char *kName = "postgres";
    // Row locks exist on a transaction's adapter; outside one there is nothing to hold them.
    static constexpr bool kRowLocks = false;

    // TypeError for a bad schema, tablePrefix, pool_max, timeout_ms or connect_timeout.
    PgPoolBackend(const std::string &url, const PostgresAdapterOptions &options);

    template <auto Op, typename... Args>
    auto run(Access, Args &&...args)
    {
        return m_pool.submit((m_calls.*Op)(std::forward<Args>(args)...));
    }

    // Read-write: the migration in one transaction under its advisory lock; read-only: the
    // checks, writing nothing.
    QFuture<void> migrate();
    long long schemaVersion() const noexcept { return m_schemaVersion.load(); }
    // BEGIN, work with the transaction's adapter, COMMIT (ROLLBACK when work throws).
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work);
    QFuture<void> session(std::function<void(SqlAdapter &s)> work);
    QFuture<void> close() { return m_pool.close(); }
    // PostgresAdapter::serverRole(): on a connection of the pool.
    QFuture<ServerRole> serverRole();

private:
    const PostgresAdapterOptions m_options;
    const PgNames m_names;
    PgStatements m_statements;
    PgCalls m_calls{m_statements, m_names};
    std::atomic<long long> m_schemaVersion{0}; // what the last successful migrate() found
    PgWorkers m_pool; // Last: destroyed first (its workers use the statements and names).
};

// The adapter a transaction's or a session's work gets, on a pool thread: every call runs at
// once on the job's connection and returns a finished future. Inside a transaction it has the
// row locks of a concurrent backend (reference gotcha 17).
template <bool InTransaction>
class PgDirectBackend
{
public:
    using Ops = PgCalls;
    static constexpr const char *kName = "postgres";
    static constexpr bool kRowLocks = InTransaction;

    PgDirectBackend(PqConnection &connection, PgCalls &calls, long long schemaVersion)
        : m_connection(connection)
        , m_calls(calls)
        , m_schemaVersion(schemaVersion)
    {}

    template <auto Op, typename... Args>
    auto run(Access, Args &&...args)
    {
        return finishedFuture(
            [&] { return runCall(m_connection, (m_calls.*Op)(std::forward<Args>(args)...)); });
    }

    // Error "kvs: migrate() cannot run inside a transaction" (likewise close(), and a nested
    // transaction()).
    QFuture<void> migrate();
    long long schemaVersion() const noexcept { return m_schemaVersion; }
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work);
    QFuture<void> session(std::function<void(SqlAdapter &s)> work);
    QFuture<void> close();

private:
    PqConnection &m_connection; // Not owned: the pool's, lent to the job.
    PgCalls &m_calls;           // Not owned.
    long long m_schemaVersion;
};

} // namespace kvs::detail
