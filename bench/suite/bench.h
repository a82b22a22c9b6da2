#pragma once

#include "bench/measure/bench_config.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The benchmark behind `kvs bench`: the throughput and latency of each store operation, on
// KVStore and on AsyncKVStore (SQLite, PostgreSQL), next to baselines measured in the same run
// (see `kvs --help`, "Benchmark").
namespace kvs::bench {

[[nodiscard]] bool isBenchBackend(std::string_view name) noexcept;

[[nodiscard]] bool isBenchOperation(std::string_view name) noexcept;
// "set, get_hit, ..." for messages.
[[nodiscard]] std::string benchOperationList();

// The text of a number of seconds per operation: a positive finite decimal such as 0.2
// (std::from_chars: no sign, no hex); nullopt for any other text.
[[nodiscard]] std::optional<double> parseSeconds(std::string_view text) noexcept;

// Runs the benchmark and prints one line per operation to out (notes go to err). A file db must
// not exist, be empty, or hold a database left by an earlier kvs bench (it is replaced); it is
// created and deleted at the end, as are the baselines' temporary files next to it. Throws
// kvs::Error "kvs: bench ..." for any other existing file, a backend the db does not allow, and
// the store's errors.
// Requires: config.ops holds known names only, config.seconds > 0.
void runBench(const BenchConfig &config, std::ostream &out, std::ostream &err);

} // namespace kvs::bench
