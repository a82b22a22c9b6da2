#include "store/queue_read_ops.h"

#include "store/async_kvstore_state.h"
#include "store/kvstore_state.h"

namespace kvs::detail {

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

std::vector<QueueStats> QueueStatsOp::finish(std::vector<QueueStats> stats, OpContext &)
{
    if (m_topic && stats.empty())
        stats.push_back(QueueStats{*m_topic, 0, 0, 0, 0, 0, std::nullopt, 0});
    return stats;
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

namespace kvs {

// The calls of KVStore and AsyncKVStore that run these operations.

std::vector<QueueDeadMessage> KVStore::listDead(const std::string &topic,
                                                const ListDeadOptions &options)
{
    return m_state->run<detail::ListDeadOp>(topic, options);
}

QFuture<std::vector<QueueDeadMessage>> AsyncKVStore::listDead(const std::string &topic,
                                                              const ListDeadOptions &options)
{
    return m_state->run<detail::ListDeadOp>(topic, options);
}

std::vector<QueueStats> KVStore::queueStats(const std::optional<std::string> &topic,
                                            const QueueStatsOptions &options)
{
    return m_state->run<detail::QueueStatsOp>(topic, options);
}

QFuture<std::vector<QueueStats>> AsyncKVStore::queueStats(const std::optional<std::string> &topic,
                                                          const QueueStatsOptions &options)
{
    return m_state->run<detail::QueueStatsOp>(topic, options);
}

std::int64_t KVStore::queueLastId()
{
    return m_state->run<detail::QueueLastIdOp>();
}

QFuture<std::int64_t> AsyncKVStore::queueLastId()
{
    return m_state->run<detail::QueueLastIdOp>();
}

std::vector<QueuePeekMessage> KVStore::peek(const std::string &topic, const PeekOptions &options)
{
    return m_state->run<detail::PeekOp>(topic, options);
}

QFuture<std::vector<QueuePeekMessage>> AsyncKVStore::peek(const std::string &topic,
                                                          const PeekOptions &options)
{
    return m_state->run<detail::PeekOp>(topic, options);
}

} // namespace kvs
