#pragma once

#include <kvs/sql_adapter.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

// A store that breaks past a known rate, for the capacity search's tests (issue 44): a real
// adapter (SQLite or PostgreSQL) behind the SqlAdapter contract, whose key-value calls beyond
// `rate` per second stall. A token bucket of rate tokens per second holds at most `burst`
// (bursts of a busy test machine pass); a call that finds no token waits `stall` on the calling
// thread before it goes on to the inner adapter, as a store that falls over when overloaded
// would. Below the rate nothing is slowed. Every other call is forwarded as it is.
// Thread rule: safe from any thread, as the inner adapter.
namespace kvs::test {

class StallingAdapter final : public SqlAdapter
{
public:
    using Clock = std::chrono::steady_clock;

    StallingAdapter(std::shared_ptr<SqlAdapter> inner,
                    double rate,
                    double burst,
                    std::chrono::milliseconds stall)
        : m_inner(std::move(inner))
        , m_rate(rate)
        , m_burst(burst)
        , m_stall(stall)
        , m_tokens(burst)
        , m_refilled(Clock::now())
    {}

    // Key-value calls so far, and those of them that stalled.
    std::uint64_t pacedCalls() const noexcept { return m_paced.load(); }
    std::uint64_t stalledCalls() const noexcept { return m_stalled.load(); }

    QFuture<void> migrate() override { return m_inner->migrate(); }
    long long schemaVersion() const noexcept override { return m_inner->schemaVersion(); }
    QFuture<std::optional<KvRow>> get(std::string key, std::int64_t now) override
    {
        pace();
        return m_inner->get(std::move(key), now);
    }
    QFuture<std::optional<Entry>> getEntry(std::string key, std::int64_t now, Key entryKey) override
    {
        pace();
        return m_inner->getEntry(std::move(key), now, std::move(entryKey));
    }
    QFuture<std::vector<KvRow>> getMany(std::vector<std::string> keys, std::int64_t now) override
    {
        pace();
        return m_inner->getMany(std::move(keys), now);
    }
    QFuture<std::int64_t> set(std::string key,
                              std::string value,
                              std::optional<std::int64_t> expiresAt,
                              std::optional<std::int64_t> version) override
    {
        pace();
        return m_inner->set(std::move(key), std::move(value), expiresAt, version);
    }
    QFuture<std::int64_t> nextVersion() override { return m_inner->nextVersion(); }
    QFuture<bool> remove(std::string key) override
    {
        pace();
        return m_inner->remove(std::move(key));
    }
    QFuture<std::optional<std::int64_t>> getVersion(std::string key, std::int64_t now) override
    {
        return m_inner->getVersion(std::move(key), now);
    }
    QFuture<IncrementResult> increment(std::string key,
                                       double delta,
                                       std::int64_t now,
                                       std::optional<std::int64_t> version) override
    {
        pace();
        return m_inner->increment(std::move(key), delta, now, version);
    }
    QFuture<std::vector<KvRow>>
    listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit) override
    {
        pace();
        return m_inner->listAsc(std::move(start), std::move(end), now, limit);
    }
    QFuture<std::vector<KvRow>>
    listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit) override
    {
        pace();
        return m_inner->listDesc(std::move(start), std::move(end), now, limit);
    }
    QFuture<std::vector<std::string>> listKeys(std::string start,
                                               std::string end,
                                               std::int64_t now,
                                               std::int64_t limit,
                                               bool descending) override
    {
        return m_inner->listKeys(std::move(start), std::move(end), now, limit, descending);
    }
    QFuture<std::vector<KeyRow>> listKeyRows(std::string start,
                                             std::string end,
                                             std::int64_t now,
                                             std::int64_t limit,
                                             bool descending) override
    {
        return m_inner->listKeyRows(std::move(start), std::move(end), now, limit, descending);
    }
    bool hasSkipScanSteps() const override { return m_inner->hasSkipScanSteps(); }
    QFuture<std::vector<SkipScanStep>> skipScanSteps(std::int64_t prefixLength,
                                                     std::string lower,
                                                     std::string upper,
                                                     std::int64_t now,
                                                     std::int64_t steps) override
    {
        return m_inner->skipScanSteps(prefixLength, std::move(lower), std::move(upper), now, steps);
    }
    QFuture<std::optional<KvRow>> getRaw(std::string key) override
    {
        return m_inner->getRaw(std::move(key));
    }
    QFuture<std::int64_t> cleanExpired(std::int64_t now) override
    {
        return m_inner->cleanExpired(now);
    }
    bool hasCleanExpiredKeys() const override { return m_inner->hasCleanExpiredKeys(); }
    QFuture<std::vector<std::string>> cleanExpiredKeys(std::int64_t now) override
    {
        return m_inner->cleanExpiredKeys(now);
    }
    QFuture<std::int64_t> enqueue(std::string topic,
                                  std::string payload,
                                  std::int64_t now,
                                  std::int64_t deliverAt,
                                  std::int64_t maxAttempts) override
    {
        pace();
        return m_inner->enqueue(std::move(topic), std::move(payload), now, deliverAt, maxAttempts);
    }
    QFuture<std::int64_t> reclaimLeases(std::int64_t now) override
    {
        return m_inner->reclaimLeases(now);
    }
    QFuture<std::vector<QueueRow>> dequeue(std::string topic,
                                           std::int64_t now,
                                           std::int64_t limit,
                                           std::int64_t lockedUntil,
                                           std::string token) override
    {
        return m_inner->dequeue(std::move(topic), now, limit, lockedUntil, std::move(token));
    }
    QFuture<bool> ack(std::int64_t id, std::string token, std::int64_t now, bool retain) override
    {
        return m_inner->ack(id, std::move(token), now, retain);
    }
    QFuture<std::optional<LeaseRow>> getLease(std::int64_t id, std::string token) override
    {
        return m_inner->getLease(id, std::move(token));
    }
    QFuture<bool> nack(std::int64_t id,
                       std::string token,
                       std::int64_t now,
                       std::optional<std::int64_t> retryAt,
                       std::optional<std::string> error) override
    {
        return m_inner->nack(id, std::move(token), now, retryAt, std::move(error));
    }
    QFuture<bool> extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil) override
    {
        return m_inner->extendLease(id, std::move(token), lockedUntil);
    }
    QFuture<std::int64_t> expireLeases(std::int64_t now) override
    {
        return m_inner->expireLeases(now);
    }
    QFuture<std::int64_t> purgeFinished(std::int64_t doneBefore,
                                        std::optional<std::int64_t> deadBefore) override
    {
        return m_inner->purgeFinished(doneBefore, deadBefore);
    }
    QFuture<std::vector<QueueRow>>
    listDead(std::string topic, std::int64_t limit, std::int64_t afterId) override
    {
        return m_inner->listDead(std::move(topic), limit, afterId);
    }
    QFuture<std::int64_t>
    retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now) override
    {
        return m_inner->retryDead(std::move(topic), id, now);
    }
    QFuture<std::int64_t> deleteDead(std::string topic, std::optional<std::int64_t> id) override
    {
        return m_inner->deleteDead(std::move(topic), id);
    }
    QFuture<std::vector<QueueStats>> queueStats(std::optional<std::string> topic,
                                                std::int64_t now) override
    {
        return m_inner->queueStats(std::move(topic), now);
    }
    QFuture<std::vector<QueueRow>> peek(std::string topic,
                                        PeekStatus status,
                                        std::int64_t afterId,
                                        std::int64_t limit,
                                        std::int64_t now) override
    {
        return m_inner->peek(std::move(topic), status, afterId, limit, now);
    }
    QFuture<void> reset() override { return m_inner->reset(); }
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work) override
    {
        pace();
        return m_inner->transaction(std::move(work));
    }
    QFuture<void> session(std::function<void(SqlAdapter &s)> work) override
    {
        pace();
        return m_inner->session(std::move(work));
    }
    bool supportsRowLocks() const override { return m_inner->supportsRowLocks(); }
    QFuture<void> lockKeys(std::vector<std::string> keys) override
    {
        return m_inner->lockKeys(std::move(keys));
    }
    QFuture<std::optional<std::int64_t>> getVersionForUpdate(std::string key,
                                                             std::int64_t now) override
    {
        return m_inner->getVersionForUpdate(std::move(key), now);
    }
    QFuture<std::optional<std::int64_t>> insertIfAbsent(std::string key,
                                                        std::string value,
                                                        std::optional<std::int64_t> expiresAt,
                                                        std::int64_t now,
                                                        std::int64_t version) override
    {
        return m_inner->insertIfAbsent(std::move(key), std::move(value), expiresAt, now, version);
    }
    QFuture<void> close() override { return m_inner->close(); }
    QFuture<void> raw(std::string sql) override { return m_inner->raw(std::move(sql)); }
    const char *backendName() const override { return m_inner->backendName(); }

private:
    // Takes a token, or stalls when there is none.
    void pace()
    {
        ++m_paced;
        {
            std::lock_guard lock(m_mutex);
            const Clock::time_point now = Clock::now();
            const double elapsed = std::chrono::duration<double>(now - m_refilled).count();
            m_refilled = now;
            m_tokens = std::min(m_burst, m_tokens + elapsed * m_rate);
            if (m_tokens >= 1) {
                m_tokens -= 1;
                return;
            }
        }
        ++m_stalled;
        std::this_thread::sleep_for(m_stall);
    }

    std::shared_ptr<SqlAdapter> m_inner;
    const double m_rate;
    const double m_burst;
    const std::chrono::milliseconds m_stall;
    std::mutex m_mutex;
    double m_tokens;              // Guarded by m_mutex.
    Clock::time_point m_refilled; // Guarded by m_mutex.
    std::atomic<std::uint64_t> m_paced{0};
    std::atomic<std::uint64_t> m_stalled{0};
};

} // namespace kvs::test
