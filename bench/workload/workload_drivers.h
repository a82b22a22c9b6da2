#pragma once

#include "bench/workload/run_recorder.h"
#include "bench/workload/workload_calls.h"

#include <atomic>
#include <chrono>
#include <mutex>

namespace kvs {
class KVStore;
class AsyncKVStore;
} // namespace kvs

// The loops that make a workload's calls: closed loop (the next call when one ends) or fixed
// rate (open loop: call i is due at start + i / rate, and its latency runs from that intended
// start, so a stall of the database shows in the tail instead of vanishing: coordinated
// omission corrected).
namespace kvs::bench {

// What a driver works with. Not owned; the engine keeps them alive for the drive.
struct DriveContext
{
    using Clock = std::chrono::steady_clock;

    const WorkloadConfig &config;
    const Mix &mix;
    KeyChooser &chooser;
    WorkloadData &data;
    std::mutex &mutex;       // guards recorder (queue handlers record from their own threads)
    RunRecorder &recorder;   // Guarded by mutex.
    Clock::time_point start; // warm-up starts
    Clock::time_point end;   // the measured time ends
    const std::atomic<bool> &cancel;
    // Fixed rate: calls not started by then are not made but recorded as unstarted, so that a
    // capacity step that overloads the store ends in bounded time; the end of time: every call
    // due in the measured time is made, however late.
    Clock::time_point cutOff = Clock::time_point::max();
};

// A call that starts this much after its intended start is late.
inline constexpr std::chrono::milliseconds kLateAfter{1};

// Past context.cutOff: records the calls due from call index first until context.end as
// unstarted (RunRecorder::unstarted(): late, timed up to now), without making them (their ops
// drawn by planner). Requires: context.mutex held.
void countUnstarted(DriveContext &context,
                    CallPlanner &planner,
                    std::uint64_t first,
                    std::chrono::duration<double> period);

// Drives the workload on KVStore from this thread, one call at a time, until context.end or
// context.cancel. Returns when the last call ended (the measured end).
DriveContext::Clock::time_point driveSync(KVStore &store, DriveContext &context);

// Drives it on AsyncKVStore with up to config.concurrency calls in flight; this thread waits
// (and, at a fixed rate, dispatches). Returns when every call has ended.
DriveContext::Clock::time_point driveAsync(AsyncKVStore &store, DriveContext &context);

} // namespace kvs::bench
