#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

// `kvs bench`: KVStore's throughput and latency per operation, next to a raw SQLite
// prepared-statement loop doing the same SQL (see `kvs --help`, "Benchmark").
namespace kvs::cli {

struct BenchConfig
{
    std::string db;               // a file path or ":memory:"
    std::string tablePrefix;      // the store's tablePrefix
    std::vector<std::string> ops; // operation names; empty = all, in run order
    double seconds = 1;           // timed seconds per operation and side, > 0
    bool json = false;            // JSON lines instead of a table
    // "kvstore", "async-sqlite", "async-postgres"; empty = the ones the db allows (a SQLite db:
    // kvstore and async-sqlite; a postgres:// URL: async-postgres).
    std::vector<std::string> backends;
};

[[nodiscard]] bool isBenchBackend(std::string_view name) noexcept;

[[nodiscard]] bool isBenchOperation(std::string_view name) noexcept;
// "set, get_hit, ..." for messages.
[[nodiscard]] std::string benchOperationList();

// Runs the benchmark and prints one line per operation to out (notes go to err). A file db must
// not exist, be empty, or hold a database left by an earlier kvs bench (it is replaced); it is
// created and deleted at the end, as is the baseline's temporary file db + ".bench-raw". Throws
// kvs::Error "kvs: bench ..." for any other existing file, and the store's errors.
// Requires: config.ops holds known names only, config.seconds > 0.
void runBench(const BenchConfig &config, std::ostream &out, std::ostream &err);

} // namespace kvs::cli
