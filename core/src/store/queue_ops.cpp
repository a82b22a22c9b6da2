#include "store/queue_ops.h"

#include <kvs/value_codec.h>

#include <QUuid>

#include <algorithm>
#include <cmath>

namespace kvs::detail {

namespace {

// The fields every message kind shares.
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

std::optional<std::int64_t> messageIdOf(const char *operation, std::optional<double> id)
{
    return id ? std::optional(messageId(operation, *id)) : std::nullopt;
}

} // namespace

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

std::vector<QueueRow>
mergedPage(std::vector<QueueRow> a, const std::vector<QueueRow> &b, std::int64_t limit)
{
    std::vector<QueueRow> merged;
    merged.reserve(a.size() + b.size());
    std::size_t i = 0;
    std::size_t j = 0;
    while (static_cast<std::int64_t>(merged.size()) < limit && (i < a.size() || j < b.size())) {
        if (j == b.size() || (i < a.size() && a[i].id <= b[j].id)) {
            if (j < b.size() && a[i].id == b[j].id)
                ++j;
            merged.push_back(std::move(a[i++]));
        } else {
            merged.push_back(b[j++]);
        }
    }
    return merged;
}

ListDeadOp::ListDeadOp(const StoreRules &rules,
                       const std::string &topic,
                       const ListDeadOptions &options)
    : m_topic(topic)
    , m_limit(checkedLimit("listDead()", options.limit))
    , m_after(0)
    , m_expireFirst(!rules.readOnly)
    , m_project(options.expiredLeases == ExpiredLeases::Project)
{
    validateListDeadAfter(options.after);
    m_after = static_cast<std::int64_t>(options.after);
}

std::vector<QueueDeadMessage> ListDeadOp::messages(const std::vector<QueueRow> &rows)
{
    std::vector<QueueDeadMessage> messages;
    messages.reserve(rows.size());
    for (const QueueRow &row : rows) {
        QueueDeadMessage message = messageFrom<QueueDeadMessage>(row);
        message.failedAt = row.finishedAt.value_or(0);
        messages.push_back(std::move(message));
    }
    return messages;
}

RetryDeadOp::RetryDeadOp(const StoreRules &, const std::string &topic, std::optional<double> id)
    : m_topic(topic)
    , m_id(messageIdOf("retryDead()", id))
{}

std::int64_t RetryDeadOp::finish(std::int64_t retried, OpContext &ctx)
{
    if (retried > 0)
        ctx.runtime.queue.notify(m_topic);
    return retried;
}

DeleteDeadOp::DeleteDeadOp(const StoreRules &, const std::string &topic, std::optional<double> id)
    : m_topic(topic)
    , m_id(messageIdOf("deleteDead()", id))
{}

std::vector<QueueStats> QueueStatsOp::finish(std::vector<QueueStats> stats, OpContext &)
{
    if (m_topic && stats.empty())
        stats.push_back(QueueStats{*m_topic, 0, 0, 0, 0, 0, std::nullopt, 0});
    return stats;
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

PeekOp::PeekOp(const StoreRules &, const std::string &topic, const PeekOptions &options)
    : m_topic(topic)
    , m_options(options)
    , m_limit(checkedLimit("peek()", options.limit))
{}

std::vector<QueuePeekMessage> PeekOp::finish(const std::vector<QueueRow> &rows, OpContext &)
{
    std::vector<QueuePeekMessage> messages;
    messages.reserve(rows.size());
    for (const QueueRow &row : rows) {
        QueuePeekMessage message = messageFrom<QueuePeekMessage>(row);
        message.lockedUntil = row.lockedUntil;
        messages.push_back(std::move(message));
    }
    return messages;
}

} // namespace kvs::detail
