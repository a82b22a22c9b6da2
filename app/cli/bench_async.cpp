#include "cli/bench_async.h"

#include "cli/bench_format.h"
#include "cli/cli_output.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/js_number.h>

#include <QPromise>

#include <cmath>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace kvs::cli {

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

// A worker thread like SQLiteAsyncAdapter's, with no SQL behind it: jobs queue under a mutex,
// a sleeping worker is woken, a busy one finds them when it looks again.
class RoundTripWorker
{
public:
    RoundTripWorker()
        : m_thread([this] { run(); })
    {}
    ~RoundTripWorker()
    {
        {
            std::lock_guard lock(m_mutex);
            m_exit = true;
            m_wake.notify_one();
        }
        m_thread.join();
    }

    QFuture<int> roundTrip()
    {
        auto promise = std::make_shared<QPromise<int>>();
        promise->start();
        QFuture<int> future = promise->future();
        std::lock_guard lock(m_mutex);
        m_jobs.push_back([promise] {
            promise->addResult(1);
            kvs::finish(*promise);
        });
        if (m_sleeping)
            m_wake.notify_one();
        return future;
    }

private:
    void run()
    {
        std::vector<std::function<void()>> batch;
        std::unique_lock lock(m_mutex);
        for (;;) {
            if (m_jobs.empty()) {
                if (m_exit)
                    return;
                m_sleeping = true;
                m_wake.wait(lock, [this] { return !m_jobs.empty() || m_exit; });
                m_sleeping = false;
                continue;
            }
            batch.swap(m_jobs);
            lock.unlock();
            for (auto &job : batch)
                job();
            batch.clear();
            lock.lock();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<std::function<void()>> m_jobs;
    bool m_sleeping = false;
    bool m_exit = false;
    std::thread m_thread;
};

} // namespace

std::string asyncJsonLine(const std::string &db, const AsyncBenchLine &line)
{
    return JsonObjectLine()
        .string("backend", line.backend)
        .string("db", db)
        .string("op", line.op)
        .raw("ops_per_s", integerText(line.measured.opsPerSecond()))
        .raw("p50_us", twoDecimals(line.measured.p50Us))
        .raw("p99_us", twoDecimals(line.measured.p99Us))
        .string("baseline", line.baseline)
        .raw("baseline_ops_per_s", integerText(line.baselineMeasured.opsPerSecond()))
        .raw("ratio",
             formatJsNumber(std::round(ratioOf(line.measured, line.baselineMeasured) * 1e4) / 1e4))
        .text();
}

std::string asyncTableRow(const AsyncBenchLine &line)
{
    char row[220];
    std::snprintf(row,
                  sizeof row,
                  "%-15s %-22s %12s %9.2f %9.2f %12s %8.3f  (baseline: %s)",
                  line.backend.c_str(),
                  line.op.c_str(),
                  integerText(line.measured.opsPerSecond()).c_str(),
                  line.measured.p50Us,
                  line.measured.p99Us,
                  integerText(line.baselineMeasured.opsPerSecond()).c_str(),
                  ratioOf(line.measured, line.baselineMeasured),
                  line.baseline.c_str());
    return row;
}

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
            kvs::cli::measureInFlight<T>(budget, depth, submit, check, timing);
            return;
        }
        // Deletes run in chunks of the delete keys, each refilled (untimed) before it.
        const auto end = timing.timed + budget;
        while (timing.timed < end) {
            refillDeleteKeys();
            kvs::cli::measureInFlight<T>(
                end - timing.timed, depth, submit, check, timing, kDeleteBatch);
        }
    });
}

Measurement measureWorkerRoundTrip(std::chrono::nanoseconds budget)
{
    RoundTripWorker worker;
    Timing timing;
    measure(
        budget,
        kNoRefill,
        [](std::uint64_t) {},
        [&](std::uint64_t) {
            if (worker.roundTrip().result() != 1)
                throw Error("kvs: bench: the round trip lost its result");
        },
        timing);
    return timing.result();
}

} // namespace kvs::cli
