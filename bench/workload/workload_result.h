#pragma once

#include "bench/workload/latency_histogram.h"
#include "bench/workload/workload_mix.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

// What a workload run measured: per operation and in all, per second, and the load phase.
namespace kvs::bench {

// The calls of one operation (or of all) over the measured time. A value type.
struct OpResult
{
    std::string op;                                    // workOpName(), or "all"
    std::uint64_t ops = 0;                             // calls that succeeded
    std::uint64_t errors = 0;                          // calls that failed
    std::map<std::string, std::uint64_t> errorsByKind; // errorKindOf() -> count
    std::uint64_t late = 0; // fixed rate: calls started > 1 ms after their intended start
    // A capacity step (StepMeasurer): calls due that were given up on, not made, counted in late,
    // and in latency with their wait until given up (a lower bound); 0 in a plain run.
    std::uint64_t unstarted = 0;
    // Every call that ended (successes; errors are counted, not timed) and every unstarted one.
    std::shared_ptr<LatencyHistogram> latency = std::make_shared<LatencyHistogram>();
};

// One second of the run (all operations). A value type.
struct SecondStats
{
    int second = 0; // 1 for the first measured second
    double opsPerSecond = 0;
    double p50Us = 0;
    double p99Us = 0;
    std::uint64_t errors = 0;
    std::uint64_t late = 0;
};

// The load phase: the keyspace written before the run, timed on its own.
struct LoadPhase
{
    std::uint64_t keys = 0;
    double seconds = 0;
    double opsPerSecond() const noexcept { return seconds > 0 ? keys / seconds : 0; }
};

// A whole run. A value type.
struct RunResult
{
    std::string backend;       // "sqlite" | "postgres"
    std::string serverVersion; // SQLite's library version or PostgreSQL's server_version
    LoadPhase load;
    double seconds = 0;   // measured seconds (less than asked when partial)
    bool partial = false; // stopped before its time (cancelled)
    // This process's CPU time over the warm-up and the measured time, divided by that wall
    // time: 1.0 is one core busy (the client's own cost, store threads included).
    double clientCpu = 0;
    // With WorkloadConfig::like: what the sample found (DataShape::summary()); else empty.
    std::string shape;
    std::vector<OpResult> ops; // one per operation the run made, in WorkOp order
    OpResult all;              // every operation together
    std::vector<SecondStats> series;
};

} // namespace kvs::bench
