#pragma once

#include <kvs/sql_adapter.h>

#include <memory>

namespace kvs::detail {

/// What a call does to the database: a backend may run consecutive reads in one snapshot.
enum class Access { Read, Write };

/// The SqlAdapter contract implemented once, for every built-in backend: each call forwards to
/// the backend's operation of the same name, run where the backend runs it (SQLite: its worker
/// thread; PostgreSQL: its pool, in one pipeline with the calls in flight; inside a transaction:
/// at once on the transaction's connection). Backend supplies the operations (Backend::Ops, a
/// class with one member function per call) and how to run them; see core/src/adapter/
/// engine_adapter_impl.h for what a Backend provides. Not for use outside kvs: the public
/// adapters (SQLiteAsyncAdapter, PostgresAdapter) derive from it.
///
/// Thread rule: as SqlAdapter (every method safe from any thread), unless Backend says less.
template <typename Backend>
class EngineAdapter : public SqlAdapter
{
public:
    explicit EngineAdapter(std::unique_ptr<Backend> backend);
    ~EngineAdapter() override;
    EngineAdapter(const EngineAdapter &) = delete;
    EngineAdapter &operator=(const EngineAdapter &) = delete;

    QFuture<void> migrate() override;
    long long schemaVersion() const noexcept override;
    QFuture<std::optional<KvRow>> get(std::string key, std::int64_t now) override;
    QFuture<std::optional<Entry>>
    getEntry(std::string key, std::int64_t now, Key entryKey) override;
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
    QFuture<std::vector<std::string>> listKeys(std::string start,
                                               std::string end,
                                               std::int64_t now,
                                               std::int64_t limit,
                                               bool descending) override;
    QFuture<std::vector<KeyRow>> listKeyRows(std::string start,
                                             std::string end,
                                             std::int64_t now,
                                             std::int64_t limit,
                                             bool descending) override;
    QFuture<ValueScanPage> scanValues(std::string start,
                                      std::string end,
                                      std::int64_t now,
                                      ValuePrefilter prefilter,
                                      std::int64_t limit,
                                      std::int64_t scanLimit) override;
    bool hasSkipScanSteps() const override;
    QFuture<std::vector<SkipScanStep>> skipScanSteps(std::int64_t prefixLength,
                                                     std::string lower,
                                                     std::string upper,
                                                     std::int64_t now,
                                                     std::int64_t steps) override;
    QFuture<std::optional<KvRow>> getRaw(std::string key) override;
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
    QFuture<std::int64_t>
    retryDeadIds(std::string topic, std::vector<std::int64_t> ids, std::int64_t now) override;
    QFuture<std::int64_t>
    deleteMessages(std::string topic, std::vector<std::int64_t> ids, bool deadOnly) override;
    QFuture<std::vector<QueueStats>> queueStats(std::optional<std::string> topic,
                                                std::int64_t now) override;
    QFuture<std::vector<QueueRow>> peek(std::string topic,
                                        PeekStatus status,
                                        std::int64_t afterId,
                                        std::int64_t limit,
                                        std::int64_t now) override;
    QFuture<std::vector<QueueStats>> queueStatsProjected(std::optional<std::string> topic,
                                                         std::int64_t now,
                                                         std::int64_t leasesEndingBy) override;
    QFuture<std::vector<QueueRow>> peekExpiredLeases(std::string topic,
                                                     bool lastAttempt,
                                                     std::int64_t afterId,
                                                     std::int64_t limit,
                                                     std::int64_t now) override;
    QFuture<std::int64_t> queueLastId() override;
    QFuture<void> reset() override;
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work) override;
    QFuture<void> session(std::function<void(SqlAdapter &s)> work) override;
    bool supportsRowLocks() const override;
    QFuture<void> lockKeys(std::vector<std::string> keys) override;
    QFuture<std::optional<std::int64_t>> getVersionForUpdate(std::string key,
                                                             std::int64_t now) override;
    QFuture<std::optional<std::int64_t>> insertIfAbsent(std::string key,
                                                        std::string value,
                                                        std::optional<std::int64_t> expiresAt,
                                                        std::int64_t now,
                                                        std::int64_t version) override;
    QFuture<void> close() override;
    QFuture<void> raw(std::string sql) override;
    const char *backendName() const override;

protected:
    Backend &backend() const noexcept { return *m_backend; }

private:
    std::unique_ptr<Backend> m_backend; // Owned.
};

} // namespace kvs::detail
