#pragma once

#include "bench/measure/measure.h"

#include <string>

// The result lines of the async benches (async-sqlite, async-postgres).
namespace kvs::bench {

// One result line of an async bench.
struct AsyncBenchLine
{
    std::string backend; // "async-sqlite", "async-postgres"
    std::string op;      // "get_hit", "get_hit_x64", ...
    Measurement measured;
    std::string baseline; // "worker-round-trip", "kvstore", "raw-libpq", ...
    Measurement baselineMeasured;
};

// {"backend": ..., "db": db, "op": ..., "ops_per_s": N, "p50_us": N, "p99_us": N,
//  "baseline": ..., "baseline_ops_per_s": N, "ratio": N}
[[nodiscard]] std::string asyncJsonLine(const std::string &db, const AsyncBenchLine &line);
// The same as one row of the table.
[[nodiscard]] std::string asyncTableRow(const AsyncBenchLine &line);

} // namespace kvs::bench
