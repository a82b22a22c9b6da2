#include "conformance/forwarding_adapter.h"

#include <utility>

namespace kvs::test {

ForwardingAdapter::ForwardingAdapter(std::shared_ptr<SqlAdapter> inner)
    : m_owned(std::move(inner))
    , m_inner(*m_owned)
{}

ForwardingAdapter::ForwardingAdapter(SqlAdapter &inner)
    : m_inner(inner)
{}

ForwardingAdapter::~ForwardingAdapter() = default;

QFuture<void> ForwardingAdapter::migrate()
{
    return m_inner.migrate();
}

QFuture<std::optional<KvRow>> ForwardingAdapter::get(std::string key, std::int64_t now)
{
    return m_inner.get(std::move(key), now);
}

QFuture<std::int64_t> ForwardingAdapter::set(std::string key,
                                             std::string value,
                                             std::optional<std::int64_t> expiresAt,
                                             std::optional<std::int64_t> version)
{
    return m_inner.set(std::move(key), std::move(value), expiresAt, version);
}

QFuture<std::int64_t> ForwardingAdapter::nextVersion()
{
    return m_inner.nextVersion();
}

QFuture<bool> ForwardingAdapter::remove(std::string key)
{
    return m_inner.remove(std::move(key));
}

QFuture<std::optional<std::int64_t>> ForwardingAdapter::getVersion(std::string key,
                                                                   std::int64_t now)
{
    return m_inner.getVersion(std::move(key), now);
}

QFuture<IncrementResult> ForwardingAdapter::increment(std::string key,
                                                      double delta,
                                                      std::int64_t now,
                                                      std::optional<std::int64_t> version)
{
    return m_inner.increment(std::move(key), delta, now, version);
}

QFuture<std::vector<KvRow>>
ForwardingAdapter::listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return m_inner.listAsc(std::move(start), std::move(end), now, limit);
}

QFuture<std::vector<KvRow>> ForwardingAdapter::listDesc(std::string start,
                                                        std::string end,
                                                        std::int64_t now,
                                                        std::int64_t limit)
{
    return m_inner.listDesc(std::move(start), std::move(end), now, limit);
}

QFuture<std::int64_t> ForwardingAdapter::cleanExpired(std::int64_t now)
{
    return m_inner.cleanExpired(now);
}

bool ForwardingAdapter::hasCleanExpiredKeys() const
{
    return m_inner.hasCleanExpiredKeys();
}

QFuture<std::vector<std::string>> ForwardingAdapter::cleanExpiredKeys(std::int64_t now)
{
    return m_inner.cleanExpiredKeys(now);
}

QFuture<std::int64_t> ForwardingAdapter::enqueue(std::string topic,
                                                 std::string payload,
                                                 std::int64_t now,
                                                 std::int64_t deliverAt,
                                                 std::int64_t maxAttempts)
{
    return m_inner.enqueue(std::move(topic), std::move(payload), now, deliverAt, maxAttempts);
}

QFuture<std::int64_t> ForwardingAdapter::reclaimLeases(std::int64_t now)
{
    return m_inner.reclaimLeases(now);
}

QFuture<std::vector<QueueRow>> ForwardingAdapter::dequeue(std::string topic,
                                                          std::int64_t now,
                                                          std::int64_t limit,
                                                          std::int64_t lockedUntil,
                                                          std::string token)
{
    return m_inner.dequeue(std::move(topic), now, limit, lockedUntil, std::move(token));
}

QFuture<bool>
ForwardingAdapter::ack(std::int64_t id, std::string token, std::int64_t now, bool retain)
{
    return m_inner.ack(id, std::move(token), now, retain);
}

QFuture<std::optional<LeaseRow>> ForwardingAdapter::getLease(std::int64_t id, std::string token)
{
    return m_inner.getLease(id, std::move(token));
}

QFuture<bool> ForwardingAdapter::nack(std::int64_t id,
                                      std::string token,
                                      std::int64_t now,
                                      std::optional<std::int64_t> retryAt,
                                      std::optional<std::string> error)
{
    return m_inner.nack(id, std::move(token), now, retryAt, std::move(error));
}

QFuture<bool>
ForwardingAdapter::extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil)
{
    return m_inner.extendLease(id, std::move(token), lockedUntil);
}

QFuture<std::int64_t> ForwardingAdapter::expireLeases(std::int64_t now)
{
    return m_inner.expireLeases(now);
}

QFuture<std::int64_t> ForwardingAdapter::purgeFinished(std::int64_t doneBefore,
                                                       std::optional<std::int64_t> deadBefore)
{
    return m_inner.purgeFinished(doneBefore, deadBefore);
}

QFuture<std::vector<QueueRow>>
ForwardingAdapter::listDead(std::string topic, std::int64_t limit, std::int64_t afterId)
{
    return m_inner.listDead(std::move(topic), limit, afterId);
}

QFuture<std::int64_t>
ForwardingAdapter::retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now)
{
    return m_inner.retryDead(std::move(topic), id, now);
}

QFuture<std::int64_t> ForwardingAdapter::deleteDead(std::string topic,
                                                    std::optional<std::int64_t> id)
{
    return m_inner.deleteDead(std::move(topic), id);
}

QFuture<std::vector<QueueStats>> ForwardingAdapter::queueStats(std::optional<std::string> topic,
                                                               std::int64_t now)
{
    return m_inner.queueStats(std::move(topic), now);
}

QFuture<std::vector<QueueRow>> ForwardingAdapter::peek(std::string topic,
                                                       PeekStatus status,
                                                       std::int64_t afterId,
                                                       std::int64_t limit,
                                                       std::int64_t now)
{
    return m_inner.peek(std::move(topic), status, afterId, limit, now);
}

QFuture<void> ForwardingAdapter::reset()
{
    return m_inner.reset();
}

QFuture<void> ForwardingAdapter::transaction(std::function<void(SqlAdapter &tx)> work)
{
    return m_inner.transaction([work = std::move(work)](SqlAdapter &tx) {
        ForwardingAdapter forwarded(tx);
        work(forwarded);
    });
}

QFuture<void> ForwardingAdapter::close()
{
    return m_inner.close();
}

QFuture<void> ForwardingAdapter::raw(std::string sql)
{
    return m_inner.raw(std::move(sql));
}

const char *ForwardingAdapter::backendName() const
{
    return m_inner.backendName();
}

} // namespace kvs::test
