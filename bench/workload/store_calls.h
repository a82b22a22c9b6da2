#pragma once

#include "bench/workload/workload_calls.h"

#include <exception>
#include <functional>

namespace kvs {
class KVStore;
class AsyncKVStore;
} // namespace kvs

// Making one planned call on a store: KVStore at once, AsyncKVStore with a completion.
namespace kvs::bench {

// The queue workload's topic. Its messages carry their enqueue time: steady_clock nanoseconds
// since the clock's epoch, as a number.
inline constexpr std::string_view kQueueWorkloadTopic = "kvsbench-queue";

// How a call ended.
enum class CallOutcome {
    Done,
    Conflict, // check_set: the atomic check failed (another call changed the key)
};

// Makes call on store and returns when it is done. Throws the store's errors.
// Requires: the thread rule of the store.
CallOutcome makeCall(KVStore &store, WorkloadData &data, const KeyChooser &keys, const Call &call);

// Called once per call, on the thread that finished it: error null when the call succeeded.
using CallDone = std::function<void(std::exception_ptr error, CallOutcome outcome)>;

// Starts call on store and returns at once; done runs when it ends (on a store thread, or here
// when the store fails at once). Never throws.
// Requires: store and data outlive the call.
void startCall(AsyncKVStore &store,
               WorkloadData &data,
               const KeyChooser &keys,
               const Call &call,
               CallDone done) noexcept;

} // namespace kvs::bench
