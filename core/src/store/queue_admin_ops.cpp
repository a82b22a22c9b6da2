#include "store/queue_admin_ops.h"

#include "queue/queue_rules.h"
#include "store/async_kvstore_state.h"
#include "store/kvstore_state.h"

#include <kvs/errors.h>
#include <kvs/queue_errors.h>

namespace kvs::detail {

namespace {

std::optional<std::int64_t> messageIdOf(const char *operation, std::optional<double> id)
{
    return id ? std::optional(messageId(operation, *id)) : std::nullopt;
}

} // namespace

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

namespace kvs {

// The calls of KVStore and AsyncKVStore that run these operations.

std::int64_t KVStore::retryDead(const std::string &topic, std::optional<double> id)
{
    return m_state->run<detail::RetryDeadOp>(topic, id);
}

QFuture<std::int64_t> AsyncKVStore::retryDead(const std::string &topic, std::optional<double> id)
{
    return m_state->run<detail::RetryDeadOp>(topic, id);
}

std::int64_t KVStore::deleteDead(const std::string &topic, std::optional<double> id)
{
    return m_state->run<detail::DeleteDeadOp>(topic, id);
}

QFuture<std::int64_t> AsyncKVStore::deleteDead(const std::string &topic, std::optional<double> id)
{
    return m_state->run<detail::DeleteDeadOp>(topic, id);
}

std::int64_t KVStore::retryDeadMessages(const std::string &topic, const std::vector<double> &ids)
{
    return m_state->run<detail::RetryDeadIdsOp>(topic, ids);
}

QFuture<std::int64_t> AsyncKVStore::retryDeadMessages(const std::string &topic,
                                                      const std::vector<double> &ids)
{
    return m_state->run<detail::RetryDeadIdsOp>(topic, ids);
}

std::int64_t KVStore::deleteDeadMessages(const std::string &topic, const std::vector<double> &ids)
{
    return m_state->run<detail::DeleteMessagesOp>(topic, ids, true);
}

QFuture<std::int64_t> AsyncKVStore::deleteDeadMessages(const std::string &topic,
                                                       const std::vector<double> &ids)
{
    return m_state->run<detail::DeleteMessagesOp>(topic, ids, true);
}

std::int64_t KVStore::deleteMessages(const std::string &topic, const std::vector<double> &ids)
{
    return m_state->run<detail::DeleteMessagesOp>(topic, ids, false);
}

QFuture<std::int64_t> AsyncKVStore::deleteMessages(const std::string &topic,
                                                   const std::vector<double> &ids)
{
    return m_state->run<detail::DeleteMessagesOp>(topic, ids, false);
}

std::optional<EnqueueResult>
KVStore::moveMessage(double id, const Value &payload, const QueueOptions &options)
{
    return m_state->run<detail::MoveMessageOp>(id, payload, options);
}

QFuture<std::optional<EnqueueResult>>
AsyncKVStore::moveMessage(double id, const Value &payload, const QueueOptions &options)
{
    return m_state->run<detail::MoveMessageOp>(id, payload, options);
}

} // namespace kvs
