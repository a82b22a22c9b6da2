#pragma once

#include "bench/workload/workload_calls.h"
#include "bench/workload/workload_result.h"

#include <atomic>

namespace kvs {
class KVStore;
class AsyncKVStore;
} // namespace kvs

// The load phase of a workload run: the keyspace ["kvsbench", 0 .. keys) written in atomic
// batches before the measured run, timed on its own.
namespace kvs::bench {

// Writes the keyspace with data's first value; stops between batches when cancel is set (the
// result then counts the keys written). Throws the store's errors.
LoadPhase loadKeyspace(KVStore &store,
                       const WorkloadData &data,
                       std::uint64_t keys,
                       const std::atomic<bool> &cancel);
// The same on the async store, a few batches in flight.
LoadPhase loadKeyspace(AsyncKVStore &store,
                       const WorkloadData &data,
                       std::uint64_t keys,
                       const std::atomic<bool> &cancel);

} // namespace kvs::bench
