#pragma once

#include "bench/measure/data.h"
#include "bench/measure/measure.h"

#include <kvs/errors.h>

#include <algorithm>
#include <chrono>

// Running one operation of `kvs bench` on a sync target (the store or the raw SQLite loop),
// shared by the KVStore bench and the AsyncKVStore bench's KVStore baseline.
namespace kvs::bench {

// The refill of an operation that needs none.
struct NoRefill
{
    void operator()(std::uint64_t) const noexcept {}
};

inline std::chrono::nanoseconds toNanoseconds(double seconds)
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::duration<double>(seconds));
}

// Store and baseline alternate in this many runs per operation.
inline constexpr int kRounds = 5;

template <typename Target>
void runOperation(Target &target, BenchOp op, std::chrono::nanoseconds budget, Timing &timing)
{
    const NoRefill none;
    switch (op) {
    case BenchOp::Set:
        return measure(
            budget, kNoRefill, none, [&target](std::uint64_t i) { target.set(i); }, timing);
    case BenchOp::GetHit:
        return measure(
            budget, kNoRefill, none, [&target](std::uint64_t i) { target.getHit(i); }, timing);
    case BenchOp::GetMiss:
        return measure(
            budget, kNoRefill, none, [&target](std::uint64_t i) { target.getMiss(i); }, timing);
    case BenchOp::Delete:
        return measure(
            budget,
            kDeleteBatch,
            [&target](std::uint64_t) { target.refillDeleteKeys(); },
            [&target](std::uint64_t i) { target.remove(i); },
            timing);
    case BenchOp::Increment:
        return measure(
            budget, kNoRefill, none, [&target](std::uint64_t i) { target.increment(i); }, timing);
    case BenchOp::GetMany10:
        return measure(
            budget, kNoRefill, none, [&target](std::uint64_t i) { target.getMany10(i); }, timing);
    case BenchOp::AtomicSum:
        return measure(
            budget, kNoRefill, none, [&target](std::uint64_t i) { target.atomicSum(i); }, timing);
    case BenchOp::QueueCycle:
        return measure(
            budget, kNoRefill, none, [&target](std::uint64_t i) { target.queueCycle(i); }, timing);
    case BenchOp::QueueCycleBacklog:
        // The store only: its baseline is the store's own queue_cycle (see measureStore()).
        if constexpr (requires { target.queueCycleBacklog(0); }) {
            return measure(
                budget,
                kNoRefill,
                none,
                [&target](std::uint64_t i) { target.queueCycleBacklog(i); },
                timing);
        }
        break;
    }
    throw Error("kvs: bench: unknown operation");
}

} // namespace kvs::bench
