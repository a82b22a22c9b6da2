#include "bench/stores/async_target.h"

#include "bench/measure/measure_in_flight.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <QFuture>

#include <algorithm>

namespace kvs::bench {

namespace {

constexpr std::size_t kSetupCommit = 1000;

template <typename T>
void requireOk(const QFuture<T> &future)
{
    (void)future.result(); // rethrows a failed call
}

// A finished call's result by reference. QFuture::result() returns a copy (an entry's key and
// value copied again), which KVStore's caller, who gets the entry moved out, never pays; a check
// that reads it must not add that to the measured call. Rethrows a failed call.
template <typename T>
const T &resultOf(const QFuture<T> &future)
{
    QFuture<T> waited = future; // waitForFinished() is not const; it rethrows a failure
    waited.waitForFinished();
    if (future.resultCount() == 0)
        throw Error("kvs: bench: a call finished without a result");
    return *future.constBegin();
}

} // namespace

AsyncTarget::AsyncTarget(AsyncKVStore &store, const BenchKeys &keys)
    : m_store(store)
    , m_keys(keys)
{}

void AsyncTarget::populate()
{
    m_store.set(m_keys.markerKey, Value("kvs bench")).waitForFinished();
    for (std::size_t first = 0; first < kBackgroundKeys; first += kSetupCommit) {
        AsyncAtomicOperation operation = m_store.atomic();
        for (std::size_t i = first; i < std::min(kBackgroundKeys, first + kSetupCommit); ++i)
            operation.set(m_keys.background.keys[i], Value("v"));
        if (!operation.commit().result().ok)
            throw Error("kvs: bench: the set-up commit failed");
    }
}

void AsyncTarget::refillDeleteKeys()
{
    AsyncAtomicOperation operation = m_store.atomic();
    for (const Key &key : m_keys.remove.keys)
        operation.set(key, Value("v"));
    if (!operation.commit().result().ok)
        throw Error("kvs: bench: the refill commit failed");
}

// Calls run.template operator()<T>(submit, check) with the calls of op.
template <typename Run>
void AsyncTarget::dispatch(BenchOp op, Run &&run)
{
    AsyncKVStore &store = m_store;
    const BenchKeys &keys = m_keys;
    switch (op) {
    case BenchOp::Set:
        return run.template operator()<CommitResult>(
            [&](std::uint64_t) { return store.set(keys.setKey, Value("v")); },
            requireOk<CommitResult>);
    case BenchOp::GetHit:
        return run.template operator()<std::optional<Entry>>(
            [&](std::uint64_t i) { return store.get(keys.background.keys[i % kBackgroundKeys]); },
            [](const QFuture<std::optional<Entry>> &f) {
                if (!resultOf(f))
                    throw Error("kvs: bench: get_hit found no entry at a background key");
            });
    case BenchOp::GetMiss:
        return run.template operator()<std::optional<Entry>>(
            [&](std::uint64_t i) { return store.get(keys.miss.keys[i % kMissKeys]); },
            [](const QFuture<std::optional<Entry>> &f) {
                if (resultOf(f))
                    throw Error("kvs: bench: get_miss found an entry");
            });
    case BenchOp::Delete:
        return run.template operator()<void>(
            [&](std::uint64_t i) { return store.remove(keys.remove.keys[i % kDeleteBatch]); },
            [](QFuture<void> f) { f.waitForFinished(); });
    case BenchOp::Increment:
        return run.template operator()<double>(
            [&](std::uint64_t) { return store.increment(keys.counterKey, 1); }, requireOk<double>);
    case BenchOp::GetMany10:
        return run.template operator()<std::vector<std::optional<Entry>>>(
            [&](std::uint64_t i) { return store.getMany(keys.groups[i % kGroups]); },
            [](const QFuture<std::vector<std::optional<Entry>>> &f) {
                const auto &entries = resultOf(f);
                if (entries.size() != kGroupSize || !entries.front() || !entries.back())
                    throw Error("kvs: bench: get_many_10 missed a background key");
            });
    case BenchOp::AtomicSum:
        return run.template operator()<CommitResult>(
            [&](std::uint64_t) { return store.atomic().sum(keys.sumKey, 1).commit(); },
            [](const QFuture<CommitResult> &f) {
                if (!f.result().ok)
                    throw Error("kvs: bench: an atomic_sum commit failed");
            });
    default:
        throw Error("kvs: bench: the async store has no such operation");
    }
}

void AsyncTarget::measureSerial(BenchOp op, std::chrono::nanoseconds budget, Timing &timing)
{
    const bool deletes = op == BenchOp::Delete;
    dispatch(op, [&]<typename T>(auto submit, auto check) {
        measure(
            budget,
            deletes ? kDeleteBatch : kNoRefill,
            [&](std::uint64_t) {
                if (deletes)
                    refillDeleteKeys();
            },
            [&](std::uint64_t i) {
                QFuture<T> future = submit(i);
                future.waitForFinished();
                check(future);
            },
            timing);
    });
}

void AsyncTarget::measureInFlight(BenchOp op,
                                  std::chrono::nanoseconds budget,
                                  std::size_t depth,
                                  Timing &timing)
{
    dispatch(op, [&]<typename T>(auto submit, auto check) {
        if (op != BenchOp::Delete) {
            kvs::bench::measureInFlight<T>(budget, depth, submit, check, timing);
            return;
        }
        // Deletes run in chunks of the delete keys, each refilled (untimed) before it.
        const auto end = timing.timed + budget;
        while (timing.timed < end) {
            refillDeleteKeys();
            kvs::bench::measureInFlight<T>(
                end - timing.timed, depth, submit, check, timing, kDeleteBatch);
        }
    });
}

} // namespace kvs::bench
