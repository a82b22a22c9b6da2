#pragma once

#include "store/op_support.h"
#include "store/queue_ops.h"
#include "store/store_runtime.h"

#include <kvs/sql_adapter.h>

#include <optional>
#include <string>
#include <vector>

// Operator actions on a queue, not in the reference: what a dashboard or `kvs queue` does to
// many messages at once (retry or delete a selection, move a corrected payload). Each is one
// statement or one transaction, written once for both stores (see store/op_support.h).
namespace kvs::detail {

// At most this many ids per call: a bulk job sends batches, so that no transaction holds the
// write lock for long.
inline constexpr std::size_t kMaxMessageIds = 1000;

// The ids as integers. RangeError "kvs: <operation> takes at most 1000 ids, got N"; TypeError
// "kvs: <operation> needs an integer message id, got X".
std::vector<std::int64_t> messageIdsOf(const char *operation, const std::vector<double> &ids);

class RetryDeadMessagesOp
{
public:
    static constexpr const char *kName = "retryDeadMessages()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    RetryDeadMessagesOp(const StoreRules &rules,
                        const std::string &topic,
                        const std::vector<double> &ids);
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        return s.retryDeadIds(m_topic, m_ids, ctx.now);
    }
    // Retried messages wake this store's listeners of the topic.
    std::int64_t finish(std::int64_t retried, OpContext &ctx);

private:
    std::string m_topic;
    std::vector<std::int64_t> m_ids;
};

class DeleteMessagesOp
{
public:
    static constexpr const char *kName = "deleteMessages()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    // deadOnly: deleteDeadMessages(), which leaves a message that is no longer dead alone.
    DeleteMessagesOp(const StoreRules &rules,
                     const std::string &topic,
                     const std::vector<double> &ids,
                     bool deadOnly);
    template <typename S>
    auto call(S &s, OpContext &)
    {
        return s.deleteMessages(m_topic, m_ids, m_deadOnly);
    }
    std::int64_t finish(std::int64_t deleted, OpContext &) { return deleted; }

private:
    std::string m_topic;
    std::vector<std::int64_t> m_ids;
    bool m_deadOnly;
};

// Deletes message id of options.topic (any status) and enqueues payload in its place with
// options, in one transaction: a corrected copy of a dead message replaces it, or nothing
// happens when the message is gone (nullopt).
class MoveMessageOp
{
public:
    static constexpr const char *kName = "moveMessage()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Transaction;

    MoveMessageOp(const StoreRules &rules,
                  double id,
                  const Value &payload,
                  const QueueOptions &options);
    template <typename S>
    std::int64_t call(S &s, OpContext &ctx)
    {
        if (valueOf(s.deleteMessages(m_enqueue.topic(), {m_id}, false)) == 0)
            throw Rollback{};
        return valueOf(m_enqueue.call(s, ctx));
    }
    std::optional<EnqueueResult> finish(std::optional<std::int64_t> id, OpContext &ctx);

private:
    std::int64_t m_id;
    EnqueueOp m_enqueue;
};

} // namespace kvs::detail
