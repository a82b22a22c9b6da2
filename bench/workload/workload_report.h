#pragma once

#include "bench/workload/workload_config.h"
#include "bench/workload/workload_result.h"

#include <string>
#include <vector>

// The text of a workload run: the JSON lines of `kvs bench --workload --json` (the one result
// schema of the CLI and the Benchmark view's export), the table, and the progress line.
namespace kvs::bench {

// One {"kind": "result", ...} line per operation of result, then one for "all": workload, op,
// ops_per_s, p50_us, p90_us, p99_us, p999_us, max_us (microseconds, fractional), errors,
// errors_by_kind, backend, store, mode ("closed" | "rate"), concurrency, seconds, partial, db
// (its password removed), and at a fixed rate target_rate and late.
[[nodiscard]] std::vector<std::string> resultJsonLines(const WorkloadConfig &config,
                                                       const RunResult &result);
// {"kind": "second", "workload", "second", "ops_per_s", "p50_us", "p99_us", "errors"} (and
// "late" at a fixed rate).
[[nodiscard]] std::string secondJsonLine(const WorkloadConfig &config, const SecondStats &second);
// {"kind": "run", ...}: the run's context: backend, server_version, store, load_keys,
// load_seconds, load_ops_per_s, client_cpu_percent, partial; with WorkloadConfig::like also
// like (its password removed) and shape (what the sample found).
[[nodiscard]] std::string runJsonLine(const WorkloadConfig &config, const RunResult &result);

// The final table: a heading, the load phase, one row per operation and "all", the client's CPU.
[[nodiscard]] std::string resultTable(const WorkloadConfig &config, const RunResult &result);
// "  12/30 s  123,456 ops/s  p50 12.3 us  p99 45.6 us  errors 0" for a terminal.
[[nodiscard]] std::string progressLine(const WorkloadConfig &config, const SecondStats &second);

// "closed" or "rate"; "kvstore" or "async".
[[nodiscard]] std::string modeName(const WorkloadConfig &config);
[[nodiscard]] std::string storeName(StoreKind store);
[[nodiscard]] std::string distributionName(KeyDistribution distribution);
// 1234567 -> "1,234,567"
[[nodiscard]] std::string groupedInteger(double value);

} // namespace kvs::bench
