#pragma once

#include "queue/queue_rules.h"
#include "rules/validation.h"
#include "store/op_support.h"
#include "store/store_runtime.h"

#include <kvs/sql_adapter.h>

#include <optional>
#include <string>
#include <vector>

// The queue operations of both stores (reference "Queue model (0.4)" through cleanQueue()),
// each written once: see store/op_support.h for the shape of an operation. The argument rules
// and messages are queue/queue_rules.h's.
namespace kvs::detail {

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

// Merges two pages ordered by id (ids > the same after) into the first limit rows; an id in
// both (a lease settled between the two reads) is kept once.
std::vector<QueueRow>
mergedPage(std::vector<QueueRow> a, const std::vector<QueueRow> &b, std::int64_t limit);

// First dead-letters leases that expired on their last attempt ('lease expired'), unless the
// store is read-only (a read-only store reads without that write). ExpiredLeases::Project
// writes nothing and lists those leases among the dead instead.
class ListDeadOp
{
public:
    static constexpr const char *kName = "listDead()";
    static constexpr bool kWrites = false;
    static constexpr OpKind kKind = OpKind::Session;

    ListDeadOp(const StoreRules &rules, const std::string &topic, const ListDeadOptions &options);
    template <typename S>
    std::vector<QueueDeadMessage> call(S &s, OpContext &ctx)
    {
        if (m_project) {
            // The leases first: one settled in between is then also in the dead page.
            std::vector<QueueRow> expired
                = valueOf(s.peekExpiredLeases(m_topic, true, m_after, m_limit, ctx.now));
            for (QueueRow &row : expired)
                row.lastError = "lease expired";
            return messages(
                mergedPage(valueOf(s.listDead(m_topic, m_limit, m_after)), expired, m_limit));
        }
        if (m_expireFirst)
            valueOf(s.expireLeases(ctx.now));
        return messages(valueOf(s.listDead(m_topic, m_limit, m_after)));
    }
    std::vector<QueueDeadMessage> finish(std::vector<QueueDeadMessage> messages, OpContext &)
    {
        return messages;
    }

private:
    static std::vector<QueueDeadMessage> messages(const std::vector<QueueRow> &rows);

    std::string m_topic;
    std::int64_t m_limit;
    std::int64_t m_after;
    bool m_expireFirst;
    bool m_project;
};

class RetryDeadOp
{
public:
    static constexpr const char *kName = "retryDead()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    RetryDeadOp(const StoreRules &rules, const std::string &topic, std::optional<double> id);
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        return s.retryDead(m_topic, m_id, ctx.now);
    }
    // Retried messages wake this store's listeners of the topic.
    std::int64_t finish(std::int64_t retried, OpContext &ctx);

private:
    std::string m_topic;
    std::optional<std::int64_t> m_id;
};

class DeleteDeadOp
{
public:
    static constexpr const char *kName = "deleteDead()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    DeleteDeadOp(const StoreRules &rules, const std::string &topic, std::optional<double> id);
    template <typename S>
    auto call(S &s, OpContext &)
    {
        return s.deleteDead(m_topic, m_id);
    }
    std::int64_t finish(std::int64_t deleted, OpContext &) { return deleted; }

private:
    std::string m_topic;
    std::optional<std::int64_t> m_id;
};

// As listDead(): lease expiry first unless read-only. A named topic without messages gets one
// all-zero entry.
class QueueStatsOp
{
public:
    static constexpr const char *kName = "queueStats()";
    static constexpr bool kWrites = false;
    static constexpr OpKind kKind = OpKind::Session;

    QueueStatsOp(const StoreRules &rules,
                 const std::optional<std::string> &topic,
                 const QueueStatsOptions &options)
        : m_topic(topic)
        , m_expireFirst(!rules.readOnly)
        , m_project(options.expiredLeases == ExpiredLeases::Project)
        , m_leasesEndingWithin(leasesEndingWithin(options.leasesEndingWithin))
    {}
    template <typename S>
    std::vector<QueueStats> call(S &s, OpContext &ctx)
    {
        if (m_project)
            return valueOf(
                s.queueStatsProjected(m_topic, ctx.now, addMs(ctx.now, m_leasesEndingWithin)));
        if (m_expireFirst)
            valueOf(s.expireLeases(ctx.now));
        return valueOf(s.queueStats(m_topic, ctx.now));
    }
    std::vector<QueueStats> finish(std::vector<QueueStats> stats, OpContext &);

private:
    std::optional<std::string> m_topic;
    bool m_expireFirst;
    bool m_project;
    double m_leasesEndingWithin;
};

// The queue's id counter (dashboards: the enqueue rate); a read.
class QueueLastIdOp
{
public:
    static constexpr const char *kName = "queueLastId()";
    static constexpr bool kWrites = false;
    static constexpr OpKind kKind = OpKind::Call;

    explicit QueueLastIdOp(const StoreRules &) {}
    template <typename S>
    auto call(S &s, OpContext &)
    {
        return s.queueLastId();
    }
    std::int64_t finish(std::int64_t lastId, OpContext &) { return lastId; }
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

// Not in the reference: a read-only page of a topic's messages of one status, by id, without
// leasing or changing anything (dashboards). ExpiredLeases::Project moves expired leases from
// Processing to Pending (attempts left) or out of the listing (last attempt: dead).
class PeekOp
{
public:
    static constexpr const char *kName = "peek()";
    static constexpr bool kWrites = false;
    static constexpr OpKind kKind = OpKind::Session;

    // RangeError "kvs: peek() limit must be an integer >= 1, got X" (capped at 1000).
    PeekOp(const StoreRules &rules, const std::string &topic, const PeekOptions &options);
    template <typename S>
    std::vector<QueueRow> call(S &s, OpContext &ctx)
    {
        const bool project = m_options.expiredLeases == ExpiredLeases::Project;
        if (project && m_options.status == PeekStatus::Pending) {
            std::vector<QueueRow> expired
                = valueOf(s.peekExpiredLeases(m_topic, false, m_options.afterId, m_limit, ctx.now));
            return mergedPage(
                valueOf(s.peek(m_topic, PeekStatus::Pending, m_options.afterId, m_limit, ctx.now)),
                expired,
                m_limit);
        }
        if (!project || m_options.status != PeekStatus::Processing)
            return valueOf(s.peek(m_topic, m_options.status, m_options.afterId, m_limit, ctx.now));
        // Live leases only: pages until limit of them, or the end.
        std::vector<QueueRow> live;
        std::int64_t after = m_options.afterId;
        for (;;) {
            const std::vector<QueueRow> page
                = valueOf(s.peek(m_topic, PeekStatus::Processing, after, m_limit, ctx.now));
            for (const QueueRow &row : page) {
                if (row.lockedUntil.value_or(0) > ctx.now
                    && static_cast<std::int64_t>(live.size()) < m_limit)
                    live.push_back(row);
            }
            if (static_cast<std::int64_t>(page.size()) < m_limit
                || static_cast<std::int64_t>(live.size()) >= m_limit)
                return live;
            after = page.back().id;
        }
    }
    std::vector<QueuePeekMessage> finish(const std::vector<QueueRow> &rows, OpContext &);

private:
    std::string m_topic;
    PeekOptions m_options;
    std::int64_t m_limit;
};

} // namespace kvs::detail
