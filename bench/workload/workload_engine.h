#pragma once

#include "bench/workload/workload_config.h"
#include "bench/workload/workload_result.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace kvs {
class SqlAdapter;
}

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

// What a test puts between the engine and the store. A value type.
struct RunSeams
{
    // Wraps the adapter of the async store (a test slows its calls past a rate); null: the store
    // runs on its own adapter.
    std::function<std::shared_ptr<SqlAdapter>(std::shared_ptr<SqlAdapter>)> wrapAdapter;
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
                                    const std::atomic<bool> &cancel,
                                    const RunSeams &seams = {});

// What runSteps() measured besides its steps. A value type.
struct LoadedRun
{
    LoadPhase load;
    std::string backend;       // "sqlite" | "postgres"
    std::string serverVersion; // SQLite's library version or PostgreSQL's server_version
    std::string shape;         // with WorkloadConfig::like: DataShape::summary()
};

// Measures the workload at rate calls per second on the loaded store: config.warmupSeconds of
// warm-up, then config.seconds measured. Calls due in that time that are late are made and
// measured from their intended start, up to config.seconds past its end; those not started by
// then are counted late without being made, so an overloaded step ends in bounded time. A
// cancel ends it early (partial).
using StepMeasurer = std::function<RunResult(double rate)>;

// As runWorkload() up to the load phase (the same refusals and errors), then calls steps with a
// measurer of fixed-rate steps on the loaded store, and gives the database back when steps
// returns. A cancel during the load phase skips steps. Blocks: call it from a worker thread.
LoadedRun runSteps(const WorkloadConfig &config,
                   const RunCallbacks &callbacks,
                   const std::atomic<bool> &cancel,
                   const std::function<void(const StepMeasurer &)> &steps,
                   const RunSeams &seams = {});

} // namespace kvs::bench
