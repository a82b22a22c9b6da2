#include "store/queue_ops.h"

#include "store/async_kvstore_state.h"
#include "store/kvstore_state.h"

#include <kvs/value_codec.h>

#include <QUuid>

#include <algorithm>
#include <cmath>

namespace kvs::detail {

EnqueueOp::EnqueueOp(const StoreRules &, const Value &payload, const QueueOptions &options)
    : m_options(options)
{
    validateQueueOptions(options);
    m_payload = encodeValue(payload);
}

EnqueueResult EnqueueOp::finish(std::int64_t id, OpContext &ctx)
{
    if (!(m_options.delay > 0))
        ctx.runtime.queue.notify(m_options.topic);
    return {true, id};
}

DequeueOp::DequeueOp(const StoreRules &rules,
                     const std::string &topic,
                     double limit,
                     const DequeueOptions &options)
    : m_topic(topic)
    , m_limit(checkedLimit("dequeue()", limit))
    , m_visibility(dequeueVisibility(options.visibilityTimeout, rules.queue.visibilityTimeout))
{}

bool DequeueOp::reclaimDue(OpContext &ctx)
{
    // RECLAIM_INTERVAL: at most once a second per store; of two calls at once, one reclaims.
    std::int64_t last = ctx.runtime.lastReclaim.load();
    if (last != 0 && ctx.now - last < kReclaimIntervalMs)
        return false;
    return ctx.runtime.lastReclaim.compare_exchange_strong(last, ctx.now);
}

std::string DequeueOp::newToken()
{
    // One token per call. QUuid::createUuid() draws its 122 random bits from the system CSPRNG
    // in Qt 6 (QRandomGenerator::system(): getrandom / /dev/urandom), as crypto.randomUUID().
    return QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
}

std::vector<QueueMessage> DequeueOp::messages(const std::vector<QueueRow> &rows,
                                              const std::string &token)
{
    std::vector<QueueMessage> messages;
    messages.reserve(rows.size());
    for (const QueueRow &row : rows) {
        QueueMessage message = messageFrom<QueueMessage>(row);
        message.token = token;
        message.lockedUntil = row.lockedUntil.value_or(0);
        messages.push_back(std::move(message));
    }
    // RETURNING has no order; FIFO by (deliver_at, id) is load-bearing (gotcha 10).
    std::sort(messages.begin(), messages.end(), [](const auto &a, const auto &b) {
        return a.deliverAt != b.deliverAt ? a.deliverAt < b.deliverAt : a.id < b.id;
    });
    return messages;
}

AckOp::AckOp(const StoreRules &rules, double id, const std::string &token)
    : m_id(messageId("acknowledge()", id))
    , m_token(token)
    , m_retain(rules.queue.doneRetention != 0)
{
    requireToken("acknowledge()", token);
}

NackOp::NackOp(const StoreRules &rules,
               double id,
               const std::string &token,
               const NackOptions &options)
    : m_id(messageId("nack()", id))
    , m_token(token)
    , m_delay(options.delay)
    , m_config(rules.queue)
{
    requireToken("nack()", token);
    validateNackDelay(options.delay);
    if (options.error)
        m_error = truncateError(*options.error);
}

std::optional<std::int64_t> NackOp::retryAt(const LeaseRow &lease, OpContext &ctx) const
{
    if (lease.attempts >= lease.maxAttempts)
        return std::nullopt;
    const double delay = m_delay ? *m_delay : queueBackoffMs(m_config, lease.attempts);
    return addMs(ctx.now, delay);
}

ExtendLeaseOp::ExtendLeaseOp(const StoreRules &rules,
                             double id,
                             const std::string &token,
                             std::optional<double> visibilityTimeout)
    : m_id(messageId("extendLease()", id))
    , m_token(token)
{
    requireToken("extendLease()", token);
    m_visibility = extendVisibility(visibilityTimeout, rules.queue.visibilityTimeout);
}

bool ExtendLeaseOp::finish(bool extended, OpContext &ctx)
{
    if (extended && m_visibility == 0)
        ctx.runtime.lastReclaim.store(0);
    return extended;
}

std::int64_t CleanQueueOp::doneBefore(const OpContext &ctx) const
{
    return addMs(ctx.now, -m_config.doneRetention);
}

std::optional<std::int64_t> CleanQueueOp::deadBefore(const OpContext &ctx) const
{
    if (!std::isfinite(m_config.deadRetention))
        return std::nullopt;
    return addMs(ctx.now, -m_config.deadRetention);
}

} // namespace kvs::detail

namespace kvs {

// The calls of KVStore and AsyncKVStore that run these operations.

EnqueueResult KVStore::enqueue(const Value &payload, const QueueOptions &options)
{
    return m_state->run<detail::EnqueueOp>(payload, options);
}

QFuture<EnqueueResult> AsyncKVStore::enqueue(const Value &payload, const QueueOptions &options)
{
    return m_state->run<detail::EnqueueOp>(payload, options);
}

std::vector<QueueMessage>
KVStore::dequeue(const std::string &topic, double limit, const DequeueOptions &options)
{
    return m_state->run<detail::DequeueOp>(topic, limit, options);
}

QFuture<std::vector<QueueMessage>>
AsyncKVStore::dequeue(const std::string &topic, double limit, const DequeueOptions &options)
{
    return m_state->run<detail::DequeueOp>(topic, limit, options);
}

bool KVStore::acknowledge(double id, const std::string &token)
{
    return m_state->run<detail::AckOp>(id, token);
}

QFuture<bool> AsyncKVStore::acknowledge(double id, const std::string &token)
{
    return m_state->run<detail::AckOp>(id, token);
}

bool KVStore::nack(double id, const std::string &token, const NackOptions &options)
{
    return m_state->run<detail::NackOp>(id, token, options);
}

QFuture<bool> AsyncKVStore::nack(double id, const std::string &token, const NackOptions &options)
{
    return m_state->run<detail::NackOp>(id, token, options);
}

bool KVStore::extendLease(double id,
                          const std::string &token,
                          std::optional<double> visibilityTimeout)
{
    return m_state->run<detail::ExtendLeaseOp>(id, token, visibilityTimeout);
}

QFuture<bool> AsyncKVStore::extendLease(double id,
                                        const std::string &token,
                                        std::optional<double> visibilityTimeout)
{
    return m_state->run<detail::ExtendLeaseOp>(id, token, visibilityTimeout);
}

std::int64_t KVStore::cleanQueue()
{
    return m_state->run<detail::CleanQueueOp>();
}

QFuture<std::int64_t> AsyncKVStore::cleanQueue()
{
    return m_state->run<detail::CleanQueueOp>();
}

} // namespace kvs
