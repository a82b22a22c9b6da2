#pragma once

#include "queue/queue_rules.h"
#include "rules/validation.h"
#include "store/op_support.h"
#include "store/store_runtime.h"

#include <kvs/sql_adapter.h>
#include <kvs/value_codec.h>

#include <optional>
#include <string>
#include <vector>

// The queue operations of both stores that produce and consume messages (reference "Queue
// model (0.4)": enqueue() through extendLease()) and the queue's maintenance (cleanQueue()),
// each written once: see store/op_support.h for the shape of an operation. The argument rules
// and messages are queue/queue_rules.h's; the reads are store/queue_read_ops.h's, the actions on
// dead and chosen messages store/queue_admin_ops.h's.
namespace kvs::detail {

// The fields every message kind (QueueMessage, QueueDeadMessage, QueuePeekMessage) shares.
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

class EnqueueOp
{
public:
    static constexpr const char *kName = "enqueue()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    EnqueueOp(const StoreRules &rules, const Value &payload, const QueueOptions &options);
    const std::string &topic() const noexcept { return m_options.topic; }
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        return s.enqueue(m_options.topic,
                         m_payload,
                         ctx.now,
                         addMs(ctx.now, m_options.delay),
                         static_cast<std::int64_t>(m_options.maxAttempts));
    }
    // A due message wakes this store's listeners of the topic.
    EnqueueResult finish(std::int64_t id, OpContext &ctx);

private:
    QueueOptions m_options;
    std::string m_payload;
};

// At most once a second per store, expired leases of every topic go back to pending first; then
// up to limit due messages are leased under one new token, FIFO by (deliver_at, id).
class DequeueOp
{
public:
    static constexpr const char *kName = "dequeue()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Session;

    DequeueOp(const StoreRules &rules,
              const std::string &topic,
              double limit,
              const DequeueOptions &options);
    template <typename S>
    std::vector<QueueMessage> call(S &s, OpContext &ctx)
    {
        if (reclaimDue(ctx))
            valueOf(s.reclaimLeases(ctx.now));
        const std::string token = newToken();
        return messages(
            valueOf(s.dequeue(m_topic, ctx.now, m_limit, addMs(ctx.now, m_visibility), token)),
            token);
    }
    std::vector<QueueMessage> finish(std::vector<QueueMessage> messages, OpContext &)
    {
        return messages;
    }

private:
    static bool reclaimDue(OpContext &ctx);
    static std::string newToken();
    static std::vector<QueueMessage> messages(const std::vector<QueueRow> &rows,
                                              const std::string &token);

    std::string m_topic;
    std::int64_t m_limit;
    double m_visibility;
};

// acknowledge().
class AckOp
{
public:
    static constexpr const char *kName = "acknowledge()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    AckOp(const StoreRules &rules, double id, const std::string &token);
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        return s.ack(m_id, m_token, ctx.now, m_retain);
    }
    bool finish(bool acknowledged, OpContext &) { return acknowledged; }

private:
    std::int64_t m_id;
    std::string m_token;
    bool m_retain; // doneRetention > 0: kept as done instead of deleted
};

// Reads the lease's attempts, then one conditional UPDATE: no transaction needed, attempts only
// change on a dequeue, which also changes the token. On its last attempt the message goes dead,
// otherwise pending again after options.delay or the backoff.
class NackOp
{
public:
    static constexpr const char *kName = "nack()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Session;

    NackOp(const StoreRules &rules,
           double id,
           const std::string &token,
           const NackOptions &options);
    template <typename S>
    bool call(S &s, OpContext &ctx)
    {
        const std::optional<LeaseRow> lease = valueOf(s.getLease(m_id, m_token));
        if (!lease)
            return false;
        return valueOf(s.nack(m_id, m_token, ctx.now, retryAt(*lease, ctx), m_error));
    }
    bool finish(bool nacked, OpContext &) { return nacked; }

private:
    // nullopt: dead; RangeError from a backoff function that returns a bad delay.
    std::optional<std::int64_t> retryAt(const LeaseRow &lease, OpContext &ctx) const;

    std::int64_t m_id;
    std::string m_token;
    std::optional<double> m_delay;
    std::optional<std::string> m_error;
    const QueueConfig &m_config;
};

class ExtendLeaseOp
{
public:
    static constexpr const char *kName = "extendLease()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    ExtendLeaseOp(const StoreRules &rules,
                  double id,
                  const std::string &token,
                  std::optional<double> visibilityTimeout);
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        return s.extendLease(m_id, m_token, addMs(ctx.now, m_visibility));
    }
    // A release (0) is visible to this store's next dequeue at once.
    bool finish(bool extended, OpContext &ctx);

private:
    std::int64_t m_id;
    std::string m_token;
    double m_visibility;
};

// Maintenance: dead-letters expired last-attempt leases, deletes done messages older than
// doneRetention and dead ones older than deadRetention (when finite), in one transaction (the
// write lock taken once). Answers the rows changed.
class CleanQueueOp
{
public:
    static constexpr const char *kName = "cleanQueue()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Transaction;

    explicit CleanQueueOp(const StoreRules &rules)
        : m_config(rules.queue)
    {}
    template <typename S>
    std::int64_t call(S &s, OpContext &ctx)
    {
        const std::int64_t expired = valueOf(s.expireLeases(ctx.now));
        return expired + valueOf(s.purgeFinished(doneBefore(ctx), deadBefore(ctx)));
    }
    std::int64_t finish(std::optional<std::int64_t> changed, OpContext &)
    {
        return changed.value_or(0);
    }

private:
    std::int64_t doneBefore(const OpContext &ctx) const;
    std::optional<std::int64_t> deadBefore(const OpContext &ctx) const;

    const QueueConfig &m_config;
};

} // namespace kvs::detail
