#include "bench/workload/workload_load.h"

#include <kvs/async_kvstore.h>
#include <kvs/kvstore.h>

#include <algorithm>
#include <chrono>
#include <deque>

namespace kvs::bench {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::uint64_t kBatch = 500; // keys per commit
constexpr std::size_t kBatchesInFlight = 4;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

LoadPhase loadKeyspace(KVStore &store,
                       const WorkloadData &data,
                       std::uint64_t keys,
                       const std::atomic<bool> &cancel)
{
    const Clock::time_point start = Clock::now();
    LoadPhase load;
    for (std::uint64_t first = 0; first < keys && !cancel.load(); first += kBatch) {
        AtomicOperation batch = store.atomic();
        const std::uint64_t last = std::min(keys, first + kBatch);
        for (std::uint64_t i = first; i < last; ++i)
            batch.set(data.key(i), data.value(static_cast<std::uint32_t>(i % data.valueCount())));
        batch.commit();
        load.keys = last;
    }
    load.seconds = secondsSince(start);
    return load;
}

LoadPhase loadKeyspace(AsyncKVStore &store,
                       const WorkloadData &data,
                       std::uint64_t keys,
                       const std::atomic<bool> &cancel)
{
    const Clock::time_point start = Clock::now();
    LoadPhase load;
    std::deque<std::pair<QFuture<CommitResult>, std::uint64_t>> inFlight;
    const auto finishOldest = [&] {
        (void)inFlight.front().first.result(); // rethrows the batch's failure
        load.keys = inFlight.front().second;
        inFlight.pop_front();
    };
    for (std::uint64_t first = 0; first < keys && !cancel.load(); first += kBatch) {
        AsyncAtomicOperation batch = store.atomic();
        const std::uint64_t last = std::min(keys, first + kBatch);
        for (std::uint64_t i = first; i < last; ++i)
            batch.set(data.key(i), data.value(static_cast<std::uint32_t>(i % data.valueCount())));
        inFlight.emplace_back(batch.commit(), last);
        if (inFlight.size() >= kBatchesInFlight)
            finishOldest();
    }
    while (!inFlight.empty())
        finishOldest();
    load.seconds = secondsSince(start);
    return load;
}

} // namespace kvs::bench
