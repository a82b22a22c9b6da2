#pragma once

#include "cli/bench.h"
#include "cli/bench_data.h"
#include "cli/bench_measure.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace kvs {
class AsyncKVStore;
}

// The AsyncKVStore part of `kvs bench`: the same operations, one awaited call at a time and with
// 64 calls in flight (ops "<op>_x64"), against the baselines of issue 4.
namespace kvs::cli {

inline constexpr std::size_t kInFlight = 64;

// One result line of the async bench.
struct AsyncBenchLine
{
    std::string backend; // "async-sqlite", "async-postgres"
    std::string op;      // "get_hit", "get_hit_x64", ...
    Measurement measured;
    std::string baseline; // "worker-round-trip", "kvstore", "raw-libpq", ...
    Measurement baselineMeasured;
};

std::string asyncJsonLine(const std::string &db, const AsyncBenchLine &line);
std::string asyncTableRow(const AsyncBenchLine &line);

// The calls of one operation on an AsyncKVStore, as futures (the store must have the background
// keys, see populateAsync()). Each throws kvs::Error when a call fails or answers wrongly.
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

// Runs the async-sqlite part of the bench on ops (see bench_async_sqlite.cpp): a file db gets a
// temporary companion db + ".bench-async", deleted at the end.
void runAsyncSqliteBench(const BenchConfig &config,
                         const BenchKeys &keys,
                         const std::vector<BenchOp> &ops,
                         std::ostream &out);

// Runs the async-postgres part (see bench_async_postgres.cpp) on config.db, a postgres:// URL,
// in a schema of its own that it drops at the end.
void runAsyncPostgresBench(const BenchConfig &config,
                           const BenchKeys &keys,
                           const std::vector<BenchOp> &ops,
                           std::ostream &out);

// The bare round trip the issue compares AsyncKVStore on SQLite with: a job posted to a worker
// thread and its future awaited, one at a time, with the same queue-and-wake mechanism the
// adapter uses but no SQL.
Measurement measureWorkerRoundTrip(std::chrono::nanoseconds budget);

} // namespace kvs::cli
