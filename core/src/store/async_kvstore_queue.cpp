// AsyncKVStore's queue (reference "Queue model (0.4)" through cleanQueue()), on the adapter's
// queue calls. The rules and messages are KVStore's (queue_rules.h).
#include "queue/queue_rules.h"
#include "runtime/clock.h"
#include "store/async_kvstore_state.h"
#include "store/validation.h"

#include <kvs/value_codec.h>

#include <QUuid>

#include <algorithm>

namespace kvs {

namespace {

template <typename Message>
Message messageFrom(const QueueRow &row)
{
    Message message;
    message.id = row.id;
    message.topic = row.topic;
    message.payload = decodeValue(row.payload);
    message.enqueuedAt = row.enqueuedAt;
    message.deliverAt = row.deliverAt;
    message.attempts = row.attempts;
    message.maxAttempts = row.maxAttempts;
    message.lastError = row.lastError;
    return message;
}

template <typename T, typename Fn>
QFuture<T> guarded(Fn &&fn)
{
    try {
        return fn();
    } catch (...) {
        return detail::failedFuture<T>(std::current_exception());
    }
}

} // namespace

QFuture<EnqueueResult> AsyncKVStore::enqueue(const Value &payload, const QueueOptions &options)
{
    return guarded<EnqueueResult>([&] {
        m_state->requireWritable("enqueue()");
        detail::validateQueueOptions(options);
        std::string encoded = encodeValue(payload);
        return m_state->whenReady<EnqueueResult>(
            [state = m_state, encoded, options](SqlAdapter &adapter) {
                const std::int64_t now = detail::nowMs();
                return adapter
                    .enqueue(options.topic,
                             encoded,
                             now,
                             detail::addMs(now, options.delay),
                             static_cast<std::int64_t>(options.maxAttempts))
                    .then(QtFuture::Launch::Sync, [state, options](std::int64_t id) {
                        if (!(options.delay > 0)) // a due message wakes the topic's listeners
                            state->queue->notify(options.topic);
                        return EnqueueResult{true, id};
                    });
            });
    });
}

QFuture<std::vector<QueueMessage>>
AsyncKVStore::dequeue(const std::string &topic, double limit, const DequeueOptions &options)
{
    using Result = std::vector<QueueMessage>;
    return guarded<Result>([&] {
        m_state->requireWritable("dequeue()");
        const std::int64_t rows = detail::checkedLimit("dequeue()", limit);
        const double visibility = detail::dequeueVisibility(
            options.visibilityTimeout, m_state->settings.queue.visibilityTimeout);
        return m_state->whenReady<Result>(
            [state = m_state, topic, rows, visibility](SqlAdapter &adapter) {
                const std::int64_t now = detail::nowMs();
                // One token per call, from the system CSPRNG (QUuid::createUuid in Qt 6).
                const std::string token
                    = QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
                const std::int64_t lockedUntil = detail::addMs(now, visibility);
                const auto pick = [&adapter, topic, now, rows, lockedUntil, token] {
                    return adapter.dequeue(topic, now, rows, lockedUntil, token)
                        .then(QtFuture::Launch::Sync, [token](const std::vector<QueueRow> &picked) {
                            Result messages;
                            for (const QueueRow &row : picked) {
                                QueueMessage message = messageFrom<QueueMessage>(row);
                                message.token = token;
                                message.lockedUntil = row.lockedUntil.value_or(0);
                                messages.push_back(std::move(message));
                            }
                            // RETURNING has no order; FIFO by (deliver_at, id) is load-bearing.
                            std::sort(
                                messages.begin(), messages.end(), [](const auto &a, const auto &b) {
                                    return a.deliverAt != b.deliverAt ? a.deliverAt < b.deliverAt
                                                                      : a.id < b.id;
                                });
                            return messages;
                        });
                };
                // At most once a second per store, expired leases of every topic go back first.
                std::int64_t last = state->lastReclaim.load();
                if (last != 0 && now - last < detail::kReclaimIntervalMs)
                    return pick();
                if (!state->lastReclaim.compare_exchange_strong(last, now))
                    return pick(); // another call reclaims
                return adapter.reclaimLeases(now)
                    .then(QtFuture::Launch::Sync, [pick](std::int64_t) { return pick(); })
                    .unwrap();
            });
    });
}

QFuture<bool> AsyncKVStore::acknowledge(double id, const std::string &token)
{
    return guarded<bool>([&] {
        m_state->requireWritable("acknowledge()");
        const std::int64_t row = detail::messageId("acknowledge()", id);
        detail::requireToken("acknowledge()", token);
        const bool retain = m_state->settings.queue.doneRetention != 0;
        return m_state->whenReady<bool>([row, token, retain](SqlAdapter &adapter) {
            return adapter.ack(row, token, detail::nowMs(), retain);
        });
    });
}

QFuture<bool> AsyncKVStore::nack(double id, const std::string &token, const NackOptions &options)
{
    return guarded<bool>([&] {
        m_state->requireWritable("nack()");
        const std::int64_t row = detail::messageId("nack()", id);
        detail::requireToken("nack()", token);
        detail::validateNackDelay(options.delay);
        const std::optional<std::string> error
            = options.error ? std::optional(detail::truncateError(*options.error)) : std::nullopt;
        return m_state->whenReady<bool>(
            [state = m_state, row, token, options, error](SqlAdapter &adapter) {
                // getLease, then one conditional UPDATE: attempts only change on a dequeue, which
                // also changes the token.
                return adapter.getLease(row, token)
                    .then(QtFuture::Launch::Sync,
                          [state, &adapter, row, token, options, error](
                              const std::optional<LeaseRow> &lease) -> QFuture<bool> {
                              if (!lease)
                                  return detail::readyFuture(false);
                              const std::int64_t now = detail::nowMs();
                              std::optional<std::int64_t> retryAt;
                              if (lease->attempts < lease->maxAttempts) {
                                  const double delay
                                      = options.delay ? *options.delay
                                                      : detail::queueBackoffMs(
                                                          state->settings.queue, lease->attempts);
                                  retryAt = detail::addMs(now, delay);
                              }
                              return adapter.nack(row, token, now, retryAt, error);
                          })
                    .unwrap();
            });
    });
}

QFuture<bool> AsyncKVStore::extendLease(double id,
                                        const std::string &token,
                                        std::optional<double> visibilityTimeout)
{
    return guarded<bool>([&] {
        m_state->requireWritable("extendLease()");
        const std::int64_t row = detail::messageId("extendLease()", id);
        detail::requireToken("extendLease()", token);
        const double visibility = detail::extendVisibility(
            visibilityTimeout, m_state->settings.queue.visibilityTimeout);
        return m_state->whenReady<bool>(
            [state = m_state, row, token, visibility](SqlAdapter &adapter) {
                return adapter.extendLease(row, token, detail::addMs(detail::nowMs(), visibility))
                    .then(QtFuture::Launch::Sync, [state, visibility](bool extended) {
                        if (extended && visibility == 0)
                            state->lastReclaim.store(0); // this store's next dequeue reclaims it
                        return extended;
                    });
            });
    });
}

QFuture<std::vector<QueueDeadMessage>> AsyncKVStore::listDead(const std::string &topic,
                                                              const ListDeadOptions &options)
{
    using Result = std::vector<QueueDeadMessage>;
    return guarded<Result>([&] {
        m_state->requireOpen();
        const std::int64_t rows = detail::checkedLimit("listDead()", options.limit);
        detail::validateListDeadAfter(options.after);
        const auto after = static_cast<std::int64_t>(options.after);
        return m_state->whenReady<Result>(
            [state = m_state, topic, rows, after](SqlAdapter &adapter) {
                const auto read = [&adapter, topic, rows, after] {
                    return adapter.listDead(topic, rows, after)
                        .then(QtFuture::Launch::Sync, [](const std::vector<QueueRow> &dead) {
                            Result messages;
                            for (const QueueRow &row : dead) {
                                QueueDeadMessage message = messageFrom<QueueDeadMessage>(row);
                                message.failedAt = row.finishedAt.value_or(0);
                                messages.push_back(std::move(message));
                            }
                            return messages;
                        });
                };
                // A read-only store reads without the lease expiry (a write), as KVStore does.
                if (state->readOnly)
                    return read();
                return adapter.expireLeases(detail::nowMs())
                    .then(QtFuture::Launch::Sync, [read](std::int64_t) { return read(); })
                    .unwrap();
            });
    });
}

QFuture<std::int64_t> AsyncKVStore::retryDead(const std::string &topic, std::optional<double> id)
{
    return guarded<std::int64_t>([&] {
        m_state->requireWritable("retryDead()");
        const std::optional<std::int64_t> row
            = id ? std::optional(detail::messageId("retryDead()", *id)) : std::nullopt;
        return m_state->whenReady<std::int64_t>([state = m_state, topic, row](SqlAdapter &adapter) {
            return adapter.retryDead(topic, row, detail::nowMs())
                .then(QtFuture::Launch::Sync, [state, topic](std::int64_t retried) {
                    if (retried > 0)
                        state->queue->notify(topic);
                    return retried;
                });
        });
    });
}

QFuture<std::int64_t> AsyncKVStore::deleteDead(const std::string &topic, std::optional<double> id)
{
    return guarded<std::int64_t>([&] {
        m_state->requireWritable("deleteDead()");
        const std::optional<std::int64_t> row
            = id ? std::optional(detail::messageId("deleteDead()", *id)) : std::nullopt;
        return m_state->whenReady<std::int64_t>(
            [topic, row](SqlAdapter &adapter) { return adapter.deleteDead(topic, row); });
    });
}

QFuture<std::vector<QueueStats>> AsyncKVStore::queueStats(const std::optional<std::string> &topic)
{
    using Result = std::vector<QueueStats>;
    return guarded<Result>([&] {
        m_state->requireOpen();
        return m_state->whenReady<Result>([state = m_state, topic](SqlAdapter &adapter) {
            const auto read = [&adapter, topic] {
                return adapter.queueStats(topic, detail::nowMs())
                    .then(QtFuture::Launch::Sync, [topic](Result stats) {
                        if (topic && stats.empty())
                            stats.push_back(QueueStats{*topic, 0, 0, 0, 0, 0, std::nullopt});
                        return stats;
                    });
            };
            if (state->readOnly)
                return read();
            return adapter.expireLeases(detail::nowMs())
                .then(QtFuture::Launch::Sync, [read](std::int64_t) { return read(); })
                .unwrap();
        });
    });
}

QFuture<std::int64_t> AsyncKVStore::cleanQueue()
{
    return guarded<std::int64_t>([&] {
        m_state->requireWritable("cleanQueue()");
        return m_state->whenReady<std::int64_t>([state = m_state](SqlAdapter &adapter) {
            const std::int64_t now = detail::nowMs();
            const QueueConfig &config = state->settings.queue;
            const std::optional<std::int64_t> deadBefore
                = std::isfinite(config.deadRetention)
                      ? std::optional(detail::addMs(now, -config.deadRetention))
                      : std::nullopt;
            const std::int64_t doneBefore = detail::addMs(now, -config.doneRetention);
            return adapter.expireLeases(now)
                .then(QtFuture::Launch::Sync,
                      [&adapter, doneBefore, deadBefore](std::int64_t expired) {
                          return adapter.purgeFinished(doneBefore, deadBefore)
                              .then(QtFuture::Launch::Sync,
                                    [expired](std::int64_t purged) { return expired + purged; });
                      })
                .unwrap();
        });
    });
}

QFuture<std::vector<QueuePeekMessage>> AsyncKVStore::peek(const std::string &topic,
                                                          const PeekOptions &options)
{
    using Result = std::vector<QueuePeekMessage>;
    return guarded<Result>([&] {
        m_state->requireOpen();
        const std::int64_t rows = detail::checkedLimit("peek()", options.limit);
        return m_state->whenReady<Result>([topic, options, rows](SqlAdapter &adapter) {
            return adapter.peek(topic, options.status, options.afterId, rows, detail::nowMs())
                .then(QtFuture::Launch::Sync, [](const std::vector<QueueRow> &peeked) {
                    Result messages;
                    for (const QueueRow &row : peeked) {
                        QueuePeekMessage message = messageFrom<QueuePeekMessage>(row);
                        message.lockedUntil = row.lockedUntil;
                        messages.push_back(std::move(message));
                    }
                    return messages;
                });
        });
    });
}

} // namespace kvs
