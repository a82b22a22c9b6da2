#pragma once

#include "store/queue_ops.h"

#include <optional>
#include <string>
#include <vector>

// The queue's reads in both stores: the reference's listDead() and queueStats(), and the
// dashboards' peek() and queueLastId() (not in the reference), each written once (see
// store/op_support.h). ExpiredLeases::Project reads a lease that ended as settling it would
// leave it, without writing.
namespace kvs::detail {

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
