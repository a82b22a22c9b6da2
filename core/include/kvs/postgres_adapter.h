#pragma once

#include <kvs/sql_adapter.h>

#include <chrono>
#include <memory>
#include <string>

namespace kvs {

namespace detail {
class PostgresAdapterImpl;
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
    bool readOnly = false; // no migration, no DDL; the store refuses writes
    bool migrate = true;   // false: an older schema is refused, left untouched
};

/// The PostgreSQL adapter of AsyncKVStore (the reference's PostgresAdapter) on libpq: a small
/// pool of connections, each on a worker thread of its own, in pipeline mode: statements queued
/// while a connection is busy go out together in one round trip. Prepared statements with binary
/// parameters (bytea never escaped), versionstamps from the sequence inline in the upsert,
/// increment() as one NUMERIC upsert, pickers in MATERIALIZED CTEs with FOR UPDATE SKIP LOCKED,
/// transactions with per-key advisory locks (FNV-1a ids a JavaScript kvs process computes too),
/// the migration in one transaction under its advisory lock. TLS as the URL asks (sslmode).
///
/// url: "postgres://user:password@host:port/database?sslmode=...&pool_max=N&connect_timeout=S"
/// (any libpq parameter; pool_max is ours and not passed on). Nothing connects before the first
/// call; a call on a connection that cannot be made fails with ConnectionError saying which step
/// failed (resolve, connect, TLS, authenticate, database), and the next call tries again.
/// Thread rule: safe from any thread. TypeError "kvs: schema must match
/// /^[A-Za-z_][A-Za-z0-9_]*$/ (at most 63 characters), got \"S\"" and the tablePrefix error.
class PostgresAdapter final : public SqlAdapter
{
public:
    explicit PostgresAdapter(const std::string &url, PostgresAdapterOptions options = {});
    ~PostgresAdapter() override;
    PostgresAdapter(const PostgresAdapter &) = delete;
    PostgresAdapter &operator=(const PostgresAdapter &) = delete;

    QFuture<void> migrate() override;
    long long schemaVersion() const noexcept override;
    QFuture<std::optional<KvRow>> get(std::string key, std::int64_t now) override;
    QFuture<std::optional<Entry>>
    getEntry(std::string key, std::int64_t now, Key entryKey) override;
    QFuture<std::optional<KvRow>> getRaw(std::string key) override;
    QFuture<std::vector<std::string>> listKeys(std::string start,
                                               std::string end,
                                               std::int64_t now,
                                               std::int64_t limit,
                                               bool descending) override;
    QFuture<std::vector<KvRow>> getMany(std::vector<std::string> keys, std::int64_t now) override;
    QFuture<std::int64_t> set(std::string key,
                              std::string value,
                              std::optional<std::int64_t> expiresAt,
                              std::optional<std::int64_t> version) override;
    QFuture<std::int64_t> nextVersion() override;
    QFuture<bool> remove(std::string key) override;
    QFuture<std::optional<std::int64_t>> getVersion(std::string key, std::int64_t now) override;
    QFuture<IncrementResult> increment(std::string key,
                                       double delta,
                                       std::int64_t now,
                                       std::optional<std::int64_t> version) override;
    QFuture<std::vector<KvRow>>
    listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit) override;
    QFuture<std::vector<KvRow>>
    listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit) override;
    QFuture<std::int64_t> cleanExpired(std::int64_t now) override;
    QFuture<std::vector<std::string>> cleanExpiredKeys(std::int64_t now) override;
    QFuture<std::int64_t> enqueue(std::string topic,
                                  std::string payload,
                                  std::int64_t now,
                                  std::int64_t deliverAt,
                                  std::int64_t maxAttempts) override;
    QFuture<std::int64_t> reclaimLeases(std::int64_t now) override;
    QFuture<std::vector<QueueRow>> dequeue(std::string topic,
                                           std::int64_t now,
                                           std::int64_t limit,
                                           std::int64_t lockedUntil,
                                           std::string token) override;
    QFuture<bool> ack(std::int64_t id, std::string token, std::int64_t now, bool retain) override;
    QFuture<std::optional<LeaseRow>> getLease(std::int64_t id, std::string token) override;
    QFuture<bool> nack(std::int64_t id,
                       std::string token,
                       std::int64_t now,
                       std::optional<std::int64_t> retryAt,
                       std::optional<std::string> error) override;
    QFuture<bool>
    extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil) override;
    QFuture<std::int64_t> expireLeases(std::int64_t now) override;
    QFuture<std::int64_t> purgeFinished(std::int64_t doneBefore,
                                        std::optional<std::int64_t> deadBefore) override;
    QFuture<std::vector<QueueRow>>
    listDead(std::string topic, std::int64_t limit, std::int64_t afterId) override;
    QFuture<std::int64_t>
    retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now) override;
    QFuture<std::int64_t> deleteDead(std::string topic, std::optional<std::int64_t> id) override;
    QFuture<std::vector<QueueStats>> queueStats(std::optional<std::string> topic,
                                                std::int64_t now) override;
    QFuture<std::vector<QueueRow>> peek(std::string topic,
                                        PeekStatus status,
                                        std::int64_t afterId,
                                        std::int64_t limit,
                                        std::int64_t now) override;
    QFuture<void> reset() override;
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work) override;
    QFuture<void> close() override;
    QFuture<void> raw(std::string sql) override;
    const char *backendName() const override { return "postgres"; }
    bool hasCleanExpiredKeys() const override { return true; }
    // Row locks exist on the transaction's adapter (PgSession); calls here outside a
    // transaction have nothing to hold them.

private:
    std::unique_ptr<detail::PostgresAdapterImpl> m_impl; // Owned.
};

} // namespace kvs
