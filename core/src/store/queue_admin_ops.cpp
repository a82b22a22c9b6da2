#include "store/queue_admin_ops.h"

#include "queue/queue_rules.h"

#include <kvs/errors.h>
#include <kvs/queue_errors.h>

namespace kvs::detail {

std::vector<std::int64_t> messageIdsOf(const char *operation, const std::vector<double> &ids)
{
    if (ids.size() > kMaxMessageIds) {
        throw RangeError(std::string("kvs: ") + operation + " takes at most "
                         + std::to_string(kMaxMessageIds) + " ids, got "
                         + std::to_string(ids.size()));
    }
    std::vector<std::int64_t> integers;
    integers.reserve(ids.size());
    for (const double id : ids)
        integers.push_back(messageId(operation, id));
    return integers;
}

void throwNotDead(const char *operation,
                  std::int64_t id,
                  const std::string &topic,
                  const std::string &status)
{
    throw MessageNotDeadError(std::string("kvs: ") + operation
                                  + " needs a dead message, but message " + std::to_string(id)
                                  + " of topic \"" + topic + "\" is " + status,
                              id,
                              topic,
                              status);
}

RetryDeadIdsOp::RetryDeadIdsOp(const StoreRules &,
                               const std::string &topic,
                               const std::vector<double> &ids)
    : m_topic(topic)
    , m_ids(messageIdsOf(kName, ids))
{}

std::int64_t RetryDeadIdsOp::finish(std::int64_t retried, OpContext &ctx)
{
    if (retried > 0)
        ctx.runtime.queue.notify(m_topic);
    return retried;
}

DeleteMessagesOp::DeleteMessagesOp(const StoreRules &,
                                   const std::string &topic,
                                   const std::vector<double> &ids,
                                   bool deadOnly)
    : m_topic(topic)
    , m_ids(messageIdsOf(deadOnly ? "deleteDeadMessages()" : kName, ids))
    , m_deadOnly(deadOnly)
{}

MoveMessageOp::MoveMessageOp(const StoreRules &rules,
                             double id,
                             const Value &payload,
                             const QueueOptions &options)
    : m_id(messageId(kName, id))
    , m_enqueue(rules, payload, options)
{}

std::optional<EnqueueResult> MoveMessageOp::finish(std::optional<std::int64_t> id, OpContext &ctx)
{
    if (!id)
        return std::nullopt;
    return m_enqueue.finish(*id, ctx);
}

} // namespace kvs::detail
