#pragma once

#include "bench/measure/data.h"
#include "bench/measure/measure.h"

#include <chrono>
#include <cstddef>

namespace kvs {
class AsyncKVStore;
}

namespace kvs::bench {

// The calls of the async benches stay this many in flight for the "<op>_x64" lines.
inline constexpr std::size_t kInFlight = 64;

// The calls of one operation on an AsyncKVStore, as futures (the store must have the background
// keys, see populate()). Each throws kvs::Error when a call fails or answers wrongly.
// Thread rule: one thread at a time; the calls finish on the store's threads.
class AsyncTarget
{
public:
    // Requires: store and keys outlive the target.
    AsyncTarget(AsyncKVStore &store, const BenchKeys &keys);

    // Writes the background keys and the marker (untimed), and waits for it.
    void populate();
    void refillDeleteKeys();

    // Times op one awaited call at a time, or depth calls in flight, for about budget.
    void measureSerial(BenchOp op, std::chrono::nanoseconds budget, Timing &timing);
    void
    measureInFlight(BenchOp op, std::chrono::nanoseconds budget, std::size_t depth, Timing &timing);

private:
    template <typename Run>
    void dispatch(BenchOp op, Run &&run);

    AsyncKVStore &m_store;   // Not owned.
    const BenchKeys &m_keys; // Not owned.
};

} // namespace kvs::bench
