// AsyncAtomicOperation and the commit algorithm of the reference's AsyncKVStore ("atomic()
// .commit() inside transaction()"): lockKeys(checked and mutated keys), each check through
// getVersionForUpdate (or getVersion), nextVersion(), the mutations in order (insertIfAbsent for
// the first write of a key checked version: null, where the backend has row locks), then the
// enqueues. The whole commit is one adapter transaction.
#include "runtime/clock.h"
#include "store/async_kvstore_state.h"
#include "store/validation.h"

#include <kvs/value_codec.h>

#include <set>

namespace kvs {

namespace {

// Thrown inside the transaction to roll it back when a check fails: the commit answers
// { ok: false }, never an error.
struct CheckFailed
{};

struct PreparedMutation
{
    const Mutation *mutation;
    std::string key;
    std::string value; // Set: value bytes; Enqueue: payload bytes
};

// The adapter says "kvs: increment() ..."; inside a commit the reference says atomic().sum().
[[noreturn]] void rethrowForSum(const TypeError &error)
{
    const std::string text = error.what();
    const std::string from = "kvs: increment() ";
    if (text.rfind(from, 0) == 0)
        throw TypeError("kvs: atomic().sum() " + text.substr(from.size()), error.detail());
    throw error;
}

[[noreturn]] void rethrowForSum(const RangeError &error)
{
    const std::string text = error.what();
    const std::string from = "kvs: increment() ";
    if (text.rfind(from, 0) == 0)
        throw RangeError("kvs: atomic().sum() " + text.substr(from.size()), error.detail());
    throw error;
}

} // namespace

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

QFuture<CommitResult> AsyncKVStore::commit(const std::vector<Check> &checks,
                                           const std::vector<Mutation> &mutations)
{
    try {
        m_state->requireWritable("atomic().commit()");
        // Everything is encoded and validated before the transaction opens.
        auto checkKeys = std::make_shared<std::vector<std::string>>();
        for (const Check &check : checks)
            checkKeys->push_back(m_state->encodeChecked(check.key));
        auto prepared = std::make_shared<std::vector<PreparedMutation>>();
        for (const Mutation &mutation : mutations) {
            PreparedMutation p{&mutation, {}, {}};
            switch (mutation.type) {
            case Mutation::Type::Set:
                p.key = m_state->encodeChecked(mutation.key);
                (void)detail::expiryFor(mutation.options, 0); // counted from the commit
                p.value = encodeValue(mutation.value);
                break;
            case Mutation::Type::Delete:
                p.key = m_state->encodeChecked(mutation.key);
                break;
            case Mutation::Type::Sum:
                p.key = m_state->encodeChecked(mutation.key);
                detail::validateDelta("atomic().sum()", mutation.delta);
                break;
            case Mutation::Type::Enqueue:
                detail::validateQueueOptions(mutation.queue);
                p.value = encodeValue(mutation.value);
                break;
            }
            prepared->push_back(std::move(p));
        }
        // The mutations are copied: the builder may go before the commit runs.
        auto owned = std::make_shared<std::vector<Mutation>>(mutations);
        for (std::size_t i = 0; i < prepared->size(); ++i)
            (*prepared)[i].mutation = &(*owned)[i];
        auto expected = std::make_shared<std::vector<Check>>(checks);
        auto result = std::make_shared<CommitResult>();
        auto changes = std::make_shared<detail::CommittedChanges>();

        return m_state->whenReady<CommitResult>(
            [state = m_state, checkKeys, prepared, owned, expected, result, changes](
                SqlAdapter &adapter) {
                auto work = [checkKeys, prepared, expected, result, changes](SqlAdapter &tx) {
                    changes->clear();
                    const std::int64_t now = detail::nowMs(); // TTLs count from the commit
                    const bool rowLocks = tx.supportsRowLocks();
                    if (rowLocks) {
                        std::set<std::string> keys(checkKeys->begin(), checkKeys->end());
                        for (const auto &p : *prepared) {
                            if (p.mutation->type != Mutation::Type::Enqueue)
                                keys.insert(p.key);
                        }
                        tx.lockKeys({keys.begin(), keys.end()}).waitForFinished();
                    }
                    std::set<std::string> mustBeAbsent;
                    for (std::size_t i = 0; i < checkKeys->size(); ++i) {
                        const std::string &key = (*checkKeys)[i];
                        const std::optional<std::int64_t> current
                            = rowLocks ? tx.getVersionForUpdate(key, now).result()
                                       : tx.getVersion(key, now).result();
                        if (current != (*expected)[i].version)
                            throw CheckFailed{};
                        if (!(*expected)[i].version)
                            mustBeAbsent.insert(key);
                    }
                    const std::int64_t version = tx.nextVersion().result();
                    for (const auto &p : *prepared) {
                        const Mutation &mutation = *p.mutation;
                        // A key checked absent is created with insertIfAbsent: a row a concurrent
                        // plain write created since the check makes the commit { ok: false }.
                        const bool insert = rowLocks && mustBeAbsent.erase(p.key) > 0;
                        switch (mutation.type) {
                        case Mutation::Type::Set: {
                            const std::optional<std::int64_t> expiresAt
                                = detail::expiryFor(mutation.options, now);
                            if (insert) {
                                if (!tx.insertIfAbsent(p.key, p.value, expiresAt, now, version)
                                         .result())
                                    throw CheckFailed{};
                            } else {
                                tx.set(p.key, p.value, expiresAt, version).waitForFinished();
                            }
                            changes->push_back({p.key, p.value, version, expiresAt});
                            break;
                        }
                        case Mutation::Type::Sum: {
                            if (insert) {
                                const std::string value = encodeValue(Value(mutation.delta));
                                if (!tx.insertIfAbsent(p.key, value, std::nullopt, now, version)
                                         .result())
                                    throw CheckFailed{};
                                changes->push_back({p.key, value, version, std::nullopt});
                                break;
                            }
                            try {
                                const IncrementResult sum
                                    = tx.increment(p.key, mutation.delta, now, version).result();
                                changes->push_back(
                                    {p.key, encodeValue(Value(sum.value)), version, std::nullopt});
                            } catch (const TypeError &error) {
                                rethrowForSum(error);
                            } catch (const RangeError &error) {
                                rethrowForSum(error);
                            }
                            break;
                        }
                        case Mutation::Type::Delete:
                            if (tx.remove(p.key).result())
                                changes->push_back({p.key, std::nullopt, version, std::nullopt});
                            break;
                        case Mutation::Type::Enqueue:
                            break;
                        }
                    }
                    for (const auto &p : *prepared) {
                        const Mutation &mutation = *p.mutation;
                        if (mutation.type != Mutation::Type::Enqueue)
                            continue;
                        tx.enqueue(mutation.queue.topic,
                                   p.value,
                                   now,
                                   detail::addMs(now, mutation.queue.delay),
                                   static_cast<std::int64_t>(mutation.queue.maxAttempts))
                            .waitForFinished();
                    }
                    *result = CommitResult{true, version};
                };
                return adapter.transaction(work).then(
                    QtFuture::Launch::Sync,
                    [state, result, changes, owned](QFuture<void> done) -> CommitResult {
                        try {
                            done.waitForFinished();
                        } catch (const CheckFailed &) {
                            return CommitResult{false, 0};
                        }
                        state->publish(std::move(*changes));
                        for (const Mutation &mutation : *owned) {
                            if (mutation.type == Mutation::Type::Enqueue
                                && !(mutation.queue.delay > 0))
                                state->queue->notify(mutation.queue.topic);
                        }
                        return *result;
                    });
            });
    } catch (...) {
        return detail::failedFuture<CommitResult>(std::current_exception());
    }
}

} // namespace kvs
