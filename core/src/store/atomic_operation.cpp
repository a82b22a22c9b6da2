#include <kvs/atomic_operation.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

namespace kvs {

AtomicOperation &AtomicOperation::check(Check check)
{
    m_checks.push_back(std::move(check));
    return *this;
}

AtomicOperation &AtomicOperation::set(Key key, Value value, SetOptions options)
{
    m_mutations.push_back({Mutation::Type::Set, std::move(key), std::move(value), 0, options, {}});
    return *this;
}

AtomicOperation &AtomicOperation::remove(Key key)
{
    m_mutations.push_back({Mutation::Type::Delete, std::move(key), {}, 0, {}, {}});
    return *this;
}

AtomicOperation &AtomicOperation::sum(Key key, double delta)
{
    m_mutations.push_back({Mutation::Type::Sum, std::move(key), {}, delta, {}, {}});
    return *this;
}

AtomicOperation &AtomicOperation::enqueue(Value payload, QueueOptions options)
{
    m_mutations.push_back(
        {Mutation::Type::Enqueue, {}, std::move(payload), 0, {}, std::move(options)});
    return *this;
}

CommitResult AtomicOperation::commit()
{
    // A builder commits once, also after { ok: false } or a thrown validation error.
    if (m_committed)
        throw Error("kvs: this atomic operation was already committed");
    m_committed = true;
    return m_store->commit(m_checks, m_mutations);
}

} // namespace kvs
