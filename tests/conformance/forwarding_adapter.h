#pragma once

#include <kvs/sql_adapter.h>

#include <memory>

namespace kvs::test {

// An adapter of the kind the reference's users write ("SqlAdapter contract (for custom
// adapters)"), for the conformance suite's "async-custom" backend: each call of the contract is
// forwarded to an inner adapter (a SQLiteAsyncAdapter there), and the optional calls a user's
// adapter may well lack are left to the contract's defaults, so AsyncKVStore runs the code paths
// such an adapter gets:
//   - session(): multi-step operations run on a thread of kvs's own pool, waiting there on this
//     adapter's futures (the built-in adapters run them on their own threads);
//   - getEntry() (get() plus a continuation), getMany() (key by key with get(), no snapshot
//     guarantee), listKeys() (whole rows from listAsc / listDesc), getRaw() (get() at the
//     earliest time);
//   - lockKeys / getVersionForUpdate / insertIfAbsent (supportsRowLocks() false): SQLite runs one
//     transaction at a time, so atomic() needs no row locks (reference gotcha 17);
//   - schemaVersion() (0: an adapter that does not say).
// transaction() hands its work a forwarder of the inner transaction's adapter, as a user's
// adapter hands its own class.
//
// One optional call is forwarded all the same: cleanExpiredKeys() (with hasCleanExpiredKeys()).
// Without it the reference's cleanExpired() only returns the count and sends watchers no expiry
// tombstones; the suite expects tombstones on every backend, so the forwarder keeps it and the
// suite's expectations hold unchanged.
//
// Thread rule: safe from any thread, as the inner adapter.
class ForwardingAdapter final : public SqlAdapter
{
public:
    explicit ForwardingAdapter(std::shared_ptr<SqlAdapter> inner);
    ~ForwardingAdapter() override;
    ForwardingAdapter(const ForwardingAdapter &) = delete;
    ForwardingAdapter &operator=(const ForwardingAdapter &) = delete;

    QFuture<void> migrate() override;
    QFuture<std::optional<KvRow>> get(std::string key, std::int64_t now) override;
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
    bool hasCleanExpiredKeys() const override;
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
    const char *backendName() const override;

private:
    // A transaction's adapter: forwards to the inner transaction's, which outlives it.
    explicit ForwardingAdapter(SqlAdapter &inner);

    std::shared_ptr<SqlAdapter> m_owned; // Owned; null for a transaction's adapter.
    SqlAdapter &m_inner;                 // Not owned (m_owned's, or the inner transaction's).
};

} // namespace kvs::test
