#include "store/commit_op.h"

#include "rules/validation.h"
#include "store/async_kvstore_state.h"
#include "store/kvstore_state.h"

#include <kvs/errors.h>
#include <kvs/value_codec.h>

namespace kvs::detail {

namespace {

template <typename Error>
[[noreturn]] void rethrowRenamed(const Error &error)
{
    const std::string text = error.what();
    const std::string from = "kvs: increment() ";
    if (text.rfind(from, 0) == 0)
        throw Error("kvs: atomic().sum() " + text.substr(from.size()), error.detail());
    throw error;
}

} // namespace

CommitOp::CommitOp(const StoreRules &rules,
                   const std::vector<Check> &checks,
                   const std::vector<Mutation> &mutations)
    : m_checks(checks)
{
    m_checkKeys.reserve(checks.size());
    for (const Check &check : checks)
        m_checkKeys.push_back(encodeKeyChecked(check.key, rules.maxKeySize));
    m_prepared.reserve(mutations.size());
    for (const Mutation &mutation : mutations) {
        Prepared p{mutation.type, {}, {}, mutation.options, mutation.delta, {}};
        switch (mutation.type) {
        case Mutation::Type::Set:
            p.key = encodeKeyChecked(mutation.key, rules.maxKeySize);
            (void)expiryFor(mutation.options, 0); // counted from the commit
            p.value = encodeValue(mutation.value);
            break;
        case Mutation::Type::Delete:
            p.key = encodeKeyChecked(mutation.key, rules.maxKeySize);
            break;
        case Mutation::Type::Sum:
            p.key = encodeKeyChecked(mutation.key, rules.maxKeySize);
            validateDelta("atomic().sum()", mutation.delta);
            break;
        case Mutation::Type::Enqueue:
            validateQueueOptions(mutation.queue);
            p.value = encodeValue(mutation.value);
            p.queue = mutation.queue;
            break;
        }
        m_prepared.push_back(std::move(p));
    }
}

CommitResult CommitOp::finish(std::optional<CommitResult> committed, OpContext &ctx)
{
    if (!committed)
        return {false, 0, m_failedCheck};
    if (!m_changes.empty())
        ctx.publish([&] { return std::move(m_changes); });
    for (const Prepared &p : m_prepared) {
        if (p.type == Mutation::Type::Enqueue && !(p.queue.delay > 0))
            ctx.runtime.queue.notify(p.queue.topic);
    }
    return *committed;
}

std::vector<std::string> CommitOp::lockedKeys() const
{
    std::set<std::string> keys(m_checkKeys.begin(), m_checkKeys.end());
    for (const Prepared &p : m_prepared) {
        if (p.type != Mutation::Type::Enqueue)
            keys.insert(p.key);
    }
    return {keys.begin(), keys.end()};
}

std::string CommitOp::encodedNumber(double value)
{
    return encodeValue(Value(value));
}

void CommitOp::rethrowForSum(const TypeError &error)
{
    rethrowRenamed(error);
}

void CommitOp::rethrowForSum(const RangeError &error)
{
    rethrowRenamed(error);
}

} // namespace kvs::detail

namespace kvs {

// The calls of KVStore and AsyncKVStore that run these operations.

CommitResult KVStore::commit(const std::vector<Check> &checks,
                             const std::vector<Mutation> &mutations)
{
    return m_state->run<detail::CommitOp>(checks, mutations);
}

QFuture<CommitResult> AsyncKVStore::commit(const std::vector<Check> &checks,
                                           const std::vector<Mutation> &mutations)
{
    return m_state->run<detail::CommitOp>(checks, mutations);
}

} // namespace kvs
