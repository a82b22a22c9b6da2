#pragma once

#include "bench/workload/workload_config.h"
#include "bench/workload/workload_result.h"

#include <atomic>
#include <functional>

// The benchmark engine: runs one workload against a scratch SQLite file or scratch PostgreSQL
// tables and measures it. `kvs bench --workload` and the GUI's Benchmark view both drive it.
// Qt-free in its interface; the stores it drives use Qt Core inside.
namespace kvs::bench {

// Where a run reports while it runs. Both are called on the thread running the run or on a
// store thread, one at a time; they must return quickly (post to a GUI thread, print a line).
struct RunCallbacks
{
    std::function<void(const LoadPhase &)> onLoaded;   // after the load phase
    std::function<void(const SecondStats &)> onSecond; // after each measured second
};

// Checks config; throws kvs::Error "kvs: bench: ..." naming the first bad parameter (an unknown
// workload, seconds <= 0, concurrency outside 1..256, --store kvstore with concurrency > 1 or a
// PostgreSQL URL, durability on PostgreSQL, a value range upside down, ...).
void validateWorkloadConfig(const WorkloadConfig &config);

// Runs config's workload: claims the scratch database (bench/scratch_database.h), writes the
// keyspace (the load phase, timed on its own), runs the warm-up and the measured seconds, and
// gives the database back. Setting cancel stops the run early: the result is then partial,
// measured up to the stop (a cancel during the load phase gives an empty partial result).
// Blocks until done: call it from a worker thread, never from a GUI thread.
// Throws validateWorkloadConfig()'s errors, the ScratchDatabase's refusals and the store's
// errors while opening or loading; errors of the measured calls are counted, not thrown.
[[nodiscard]] RunResult runWorkload(const WorkloadConfig &config,
                                    const RunCallbacks &callbacks,
                                    const std::atomic<bool> &cancel);

} // namespace kvs::bench
