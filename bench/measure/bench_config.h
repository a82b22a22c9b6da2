#pragma once

#include <string>
#include <vector>

namespace kvs::bench {

// What `kvs bench` runs (bench/suite/bench.h). A value type.
struct BenchConfig
{
    std::string db;               // a SQLite file path, ":memory:", or a postgres:// URL
    std::string tablePrefix;      // the store's tablePrefix
    std::vector<std::string> ops; // operation names; empty = all, in run order
    double seconds = 1;           // timed seconds per operation and side, > 0
    bool json = false;            // JSON lines instead of a table
    // "kvstore", "async-sqlite", "async-postgres"; empty = the ones the db allows (a SQLite db:
    // kvstore and async-sqlite; a postgres:// URL: async-postgres).
    std::vector<std::string> backends;
};

} // namespace kvs::bench
