#pragma once

#include <kvs/connection_tls.h>
#include <kvs/engine_adapter.h>

#include <QFuture>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace kvs {

namespace detail {
class PgPoolBackend;
}

/// Options of PostgresAdapter (the reference's PostgresAdapterOptions, plus the read-only open
/// and the consent to migrate that an inspector needs).
struct PostgresAdapterOptions
{
    std::string tablePrefix; // as KVStoreOptions::tablePrefix
    std::string schema;      // tables in this schema (created if missing); "" = search_path's
    /// Connections in the pool; 0 = the URL's pool_max parameter, or 4.
    int poolSize = 0;
    /// How long a connection attempt may take; 0 = the URL's connect_timeout, or 10 s.
    std::chrono::milliseconds connectTimeout{0};
    /// How long a call may wait for the server's answer before it is cancelled, its connection
    /// dropped and it fails with ConnectionError (Timeout); 0 = none. The URL's timeout_ms
    /// parameter wins.
    std::chrono::milliseconds callTimeout{0};
    bool readOnly = false; // no migration, no DDL; the store refuses writes
    bool migrate = true;   // false: an older schema is refused, left untouched
};

/// What the server a PostgresAdapter's pool reaches is now: a primary, or a hot standby (a read
/// replica in recovery) and how far behind its primary it is. With several hosts in the URL
/// (libpq's failover, target_session_attrs) server says which one answered.
struct ServerRole
{
    std::string server;   ///< "host:port/database" of the connection that answered
    bool standby = false; ///< pg_is_in_recovery()
    /// A standby's primary, "host:port" as its WAL receiver names it (pg_stat_wal_receiver);
    /// "" when the user may not see it (neither superuser nor pg_read_all_stats) or it streams
    /// from none (restoring from an archive).
    std::string primary;
    /// A standby's replay lag: 0 when the WAL positions received and replayed are equal,
    /// otherwise now() - pg_last_xact_replay_timestamp(); nullopt when unknown (nothing replayed
    /// since it started) and on a primary.
    std::optional<double> replayLagSeconds;
    /// The TLS of the connection that answered (every connection of the pool has the URL's).
    ConnectionTls tls;
};

/// The PostgreSQL adapter of AsyncKVStore (the reference's PostgresAdapter) on libpq: a small
/// pool of connections, each on a worker thread of its own, in pipeline mode: statements queued
/// while a connection is busy go out together in one round trip. Prepared statements with binary
/// parameters (bytea never escaped), versionstamps from the sequence inline in the upsert,
/// increment() as one NUMERIC upsert, pickers in MATERIALIZED CTEs with FOR UPDATE SKIP LOCKED,
/// transactions with per-key advisory locks (FNV-1a ids a JavaScript kvs process computes too),
/// the migration in one transaction under its advisory lock. TLS as the URL asks (sslmode).
///
/// url: "postgres://user:password@host:port/database?sslmode=...&pool_max=N&connect_timeout=S
/// &timeout_ms=MS", or the same in libpq's key=value form (any libpq parameter; pool_max and
/// timeout_ms are ours and not passed on). TypeError "kvs: timeout_ms must be an integer >= 1,
/// got \"X\"" (likewise pool_max, connect_timeout). Nothing connects before the first
/// call; a call on a connection that cannot be made fails with ConnectionError saying which step
/// failed (resolve, connect, TLS, authenticate, database), and the next call tries again.
/// Thread rule: safe from any thread. TypeError "kvs: schema must match
/// /^[A-Za-z_][A-Za-z0-9_]*$/ (at most 63 characters), got \"S\"" and the tablePrefix error.
class PostgresAdapter final : public detail::EngineAdapter<detail::PgPoolBackend>
{
public:
    explicit PostgresAdapter(const std::string &url, PostgresAdapterOptions options = {});
    ~PostgresAdapter() override;

    /// What the server is now (ServerRole, with the connection's TLS), read on a connection of
    /// the pool (connected first if needed: after a failover, the host that takes it now); it
    /// reads and writes nothing of kvs's. Fails as a call does (ConnectionError when no server can
    /// be reached).
    [[nodiscard]] QFuture<ServerRole> serverRole();

private:
    static std::unique_ptr<detail::PgPoolBackend>
    makeBackend(const std::string &url, const PostgresAdapterOptions &options);
};

} // namespace kvs
