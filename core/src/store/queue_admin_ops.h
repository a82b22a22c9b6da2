#pragma once

#include "store/op_support.h"
#include "store/queue_ops.h"
#include "store/store_runtime.h"

#include <kvs/sql_adapter.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

// Actions on dead and chosen messages in both stores: the reference's retryDead() and
// deleteDead(), and the operator's, not in the reference: what a dashboard or `kvs queue` does to
// many messages at once (retry or delete a selection, move a corrected payload). Each is one
// statement or one transaction, written once for both stores (see store/op_support.h).
namespace kvs::detail {

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

// At most this many ids per call: a bulk job sends batches, so that no transaction holds the
// write lock for long.
inline constexpr std::size_t kMaxMessageIds = 1000;

// The ids as integers. RangeError "kvs: <operation> takes at most 1000 ids, got N"; TypeError
// "kvs: <operation> needs an integer message id, got X".
std::vector<std::int64_t> messageIdsOf(const char *operation, const std::vector<double> &ids);

// retryDeadMessages().
class RetryDeadIdsOp
{
public:
    static constexpr const char *kName = "retryDeadMessages()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    RetryDeadIdsOp(const StoreRules &rules,
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

// The error of an action on a dead message that found it in status instead (retried meanwhile):
// MessageNotDeadError "kvs: <operation> needs a dead message, but message ID of topic "T" is
// STATUS".
[[noreturn]] void throwNotDead(const char *operation,
                               std::int64_t id,
                               const std::string &topic,
                               const std::string &status);

// Deletes dead message id of options.topic and enqueues payload in its place with options, in
// one transaction: a corrected copy of a dead message replaces it. Nothing happens when the
// message is gone (nullopt), and nothing when it is no longer dead (MessageNotDeadError): an
// operator edits a copy while a consumer may hold the retried original. Leases that ended on
// their last attempt are dead-lettered first, as listDead() does, so a message a dashboard shows
// as dead (ExpiredLeases::Project) is dead here too.
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
        valueOf(s.expireLeases(ctx.now));
        if (valueOf(s.deleteMessages(m_enqueue.topic(), {m_id}, true)) == 0) {
            if (const char *status = statusOf(s, ctx))
                throwNotDead(kName, m_id, m_enqueue.topic(), status);
            throw Rollback{};
        }
        return valueOf(m_enqueue.call(s, ctx));
    }
    std::optional<EnqueueResult> finish(std::optional<std::int64_t> id, OpContext &ctx);

private:
    // The status message m_id of the topic has now, read through the dashboards' peek (a page
    // of one per status, the likeliest first); null when the topic has no such message. Only
    // after the dead-only delete found nothing, so the common move pays nothing for it.
    template <typename S>
    const char *statusOf(S &s, OpContext &ctx)
    {
        constexpr std::pair<PeekStatus, const char *> kStatuses[] = {
            {PeekStatus::Processing, "processing"},
            {PeekStatus::Pending, "pending"},
            {PeekStatus::Delayed, "pending"},
            {PeekStatus::Done, "done"},
        };
        for (const auto &[status, name] : kStatuses) {
            const std::vector<QueueRow> rows
                = valueOf(s.peek(m_enqueue.topic(), status, m_id - 1, 1, ctx.now));
            if (!rows.empty() && rows.front().id == m_id)
                return name;
        }
        return nullptr;
    }

    std::int64_t m_id;
    EnqueueOp m_enqueue;
};

} // namespace kvs::detail
