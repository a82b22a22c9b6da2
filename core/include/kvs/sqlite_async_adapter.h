#pragma once

#include <kvs/sql_adapter.h>

#include <atomic>
#include <memory>
#include <string>

namespace kvs {

namespace detail {
class SqliteWorker;
}

/// Options of SQLiteAsyncAdapter (the reference's SQLiteAdapterOptions, plus the read-only open
/// and the consent to migrate that an inspector needs, as KVStoreOptions has them).
struct SQLiteAdapterOptions
{
    std::string tablePrefix;           // as KVStoreOptions::tablePrefix
    std::string durability = "normal"; // "normal" or "full"
    bool readOnly = false;             // SQLite mode=ro: no migration, every write refused
    bool migrate = true;               // false: an older schema is refused, left untouched
};

/// The SQLite adapter of AsyncKVStore (the reference's SQLiteAsyncAdapter): one connection, owned
/// by one worker thread of its own, and a serial queue in front of it: one statement or one
/// whole transaction() at a time, so a statement issued while a transaction runs waits for it
/// (reference "SQLite (AsyncKVStore via bun:sql)"). The worker drains every request queued
/// when it wakes in one go, so requests in flight share wake-ups, and runs consecutive reads of
/// that batch in one read transaction (SQLite's file locks taken once, not once per read); a
/// write among them ends it, and commits before its own future finishes. getMany is one IN
/// statement.
///
/// database: a file path, "sqlite://PATH", "file://PATH" or ":memory:" (a private in-memory
/// database of this adapter). The file is opened on the worker by the first request; an open
/// that fails fails that request and is tried again by the next one. Thread rule: safe from any
/// thread.
class SQLiteAsyncAdapter final : public SqlAdapter
{
public:
    explicit SQLiteAsyncAdapter(const std::string &database, SQLiteAdapterOptions options = {});
    /// Finishes the queued requests, closes the connection and ends the worker thread.
    ~SQLiteAsyncAdapter() override;
    SQLiteAsyncAdapter(const SQLiteAsyncAdapter &) = delete;
    SQLiteAsyncAdapter &operator=(const SQLiteAsyncAdapter &) = delete;

    /// The file path the database string names (":memory:" as is).
    const std::string &path() const noexcept;

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
    bool hasCleanExpiredKeys() const override { return true; }
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
    const char *backendName() const override { return "sqlite"; }

private:
    std::unique_ptr<detail::SqliteWorker> m_worker; // Owned.
    // What the last successful migrate() found; shared with the migration job, which may end
    // after the adapter (a worker destroyed from its own continuation finishes its queue alone).
    std::shared_ptr<std::atomic<long long>> m_schemaVersion
        = std::make_shared<std::atomic<long long>>(0);
};

} // namespace kvs
