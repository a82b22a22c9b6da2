#pragma once

#include "bench/workload/workload_mix.h"

#include <cstdint>
#include <optional>
#include <string>

// The parameters of one workload run of the benchmark engine (bench/workload_engine.h), shared
// by `kvs bench --workload` and the GUI's Benchmark view.
namespace kvs::bench {

// Which store the run drives: KVStore (SQLite only, one call at a time on the running thread)
// or AsyncKVStore (SQLite or PostgreSQL, up to concurrency calls in flight).
enum class StoreKind { KVStore, Async };

// How keys are picked from the keyspace (YCSB's request distributions).
enum class KeyDistribution {
    Uniform,
    Zipfian, // YCSB's scrambled zipfian, theta 0.99: a few keys hot, spread over the keyspace
    Latest,  // zipfian over the newest keys: the most recently inserted are the hottest
    // Every key in turn, as the developer comparison's loops read them: neighbouring keys share
    // SQLite's cached B-tree pages, so it measures the store with the least cache misses.
    Sequential,
};

inline constexpr int kMaxConcurrency = 256;

// A value type; the defaults are those of `kvs bench --workload` without further options.
struct WorkloadConfig
{
    // A SQLite file that does not exist yet (created, deleted at the end), ":memory:", a
    // postgres:// URL (tables kvsbench_*, created and dropped by the run), or empty with
    // scratchFolder set (a scratch file of the run's own in that folder).
    std::string db;
    std::string scratchFolder;
    std::string workload = "ycsb-a"; // workloadNames()
    Mix mix;                         // the custom workload's mix (workload "custom")
    double seconds = 10;             // measured seconds, > 0
    double warmupSeconds = 1;        // run but not measured, >= 0
    std::uint64_t keys = 100000;     // the keyspace, written by the load phase before the run
    KeyDistribution distribution = KeyDistribution::Uniform;
    bool distributionSet = false; // false: the workload's own (YCSB D: latest, A-C, E, F: zipfian)
    std::uint32_t valueMin = 100; // value bytes, a size drawn from [valueMin, valueMax] per write
    std::uint32_t valueMax = 100;
    double ttlShare = 0;           // 0..1: the share of writes given a TTL (one hour: none expires)
    std::uint32_t scanLength = 10; // list() page size of the scan op (YCSB E)
    StoreKind store = StoreKind::Async;
    int concurrency = 1;    // calls in flight, 1..kMaxConcurrency (KVStore: 1)
    int poolSize = 0;       // PostgreSQL pool_max; 0: the adapter's default, or max(concurrency)
    std::string durability; // SQLite "normal" | "full"; empty: the store's default
    double rate = 0;        // operations per second, fixed rate (open loop); 0: closed loop
    int listeners = 1;      // queue workload: listeners of the topic
    int listenerConcurrency = 1; // queue workload: handlers running at once per listener
    // A database (SQLite file or PostgreSQL connection string) whose key shapes and value sizes
    // the scratch keyspace takes (bench/data_shape.h, sampled read-only); empty: keys
    // ["kvsbench", i] and values of valueMin .. valueMax bytes.
    std::string like;
};

} // namespace kvs::bench
