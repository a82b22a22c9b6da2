// AsyncAtomicOperation, the builder of AsyncKVStore::atomic(); the commit is store/commit_op.h's.
#include "store/async_kvstore_state.h"

namespace kvs {

AsyncAtomicOperation::AsyncAtomicOperation(AsyncKVStore *store)
    : m_store(store)
{}

AsyncAtomicOperation &AsyncAtomicOperation::check(Check check)
{
    m_checks.push_back(std::move(check));
    return *this;
}

AsyncAtomicOperation &AsyncAtomicOperation::set(Key key, Value value, SetOptions options)
{
    m_mutations.push_back({Mutation::Type::Set, std::move(key), std::move(value), 0, options, {}});
    return *this;
}

AsyncAtomicOperation &AsyncAtomicOperation::remove(Key key)
{
    m_mutations.push_back({Mutation::Type::Delete, std::move(key), {}, 0, {}, {}});
    return *this;
}

AsyncAtomicOperation &AsyncAtomicOperation::sum(Key key, double delta)
{
    m_mutations.push_back({Mutation::Type::Sum, std::move(key), {}, delta, {}, {}});
    return *this;
}

AsyncAtomicOperation &AsyncAtomicOperation::enqueue(Value payload, QueueOptions options)
{
    m_mutations.push_back(
        {Mutation::Type::Enqueue, {}, std::move(payload), 0, {}, std::move(options)});
    return *this;
}

QFuture<CommitResult> AsyncAtomicOperation::commit()
{
    if (m_committed) {
        return detail::failedFuture<CommitResult>(
            std::make_exception_ptr(Error("kvs: this atomic operation was already committed")));
    }
    m_committed = true;
    return m_store->commit(m_checks, m_mutations);
}

AsyncAtomicOperation AsyncKVStore::atomic()
{
    return AsyncAtomicOperation(this);
}

} // namespace kvs
