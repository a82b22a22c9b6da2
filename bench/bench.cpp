#include "bench/bench.h"

#include "bench/async_postgres_bench.h"
#include "bench/async_sqlite_bench.h"
#include "bench/data.h"
#include "bench/kvstore_bench.h"
#include "bench/tree_bench.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <algorithm>
#include <malloc.h>
#include <optional>

namespace kvs::bench {

namespace {

// The store operations config.ops names, in run order (all of them when it names none).
std::vector<BenchOp> selectedOps(const BenchConfig &config)
{
    if (config.ops.empty()) {
        return {kBenchOps.begin(), kBenchOps.end()};
    }
    std::vector<BenchOp> ops;
    for (const std::string &name : config.ops) {
        if (const std::optional<BenchOp> op = benchOpFromName(name)) {
            ops.push_back(*op);
        }
    }
    return ops;
}

} // namespace

bool isBenchOperation(std::string_view name) noexcept
{
    return benchOpFromName(name).has_value() || isTreeBenchOperation(name);
}

std::string benchOperationList()
{
    std::string list;
    for (const BenchOp op : kBenchOps) {
        list += list.empty() ? "" : ", ";
        list += benchOpName(op);
    }
    return list;
}

bool isBenchBackend(std::string_view name) noexcept
{
    return name == "kvstore" || name == "async-sqlite" || name == "async-postgres"
           || name == "tree";
}

void runBench(const BenchConfig &config, std::ostream &out, std::ostream &err)
{
    // glibc gives the top of the heap back to the system (brk) whenever more than 128 KB of it
    // is free. With a small heap (an empty queue topic, :memory:), SQLite's ephemeral table for
    // the picker's MATERIALIZED CTE is such a block: every dequeue shrank and regrew the heap
    // and faulted its pages in again, 188 us a cycle instead of 28 us, in the store and the raw
    // loop alike (a Python sqlite3 loop shows it too). A long-running process keeps a warm
    // heap; the bench keeps one too, for both sides, so it measures the store, not the trim.
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    const BenchKeys keys;
    const bool postgres = isPostgresUrl(config.db);
    std::vector<std::string> backends = config.backends;
    if (backends.empty()) {
        backends = postgres ? std::vector<std::string>{"async-postgres"}
                            : std::vector<std::string>{"kvstore", "async-sqlite", "tree"};
    }
    // --ops naming only the tree's operations runs only the tree, and the reverse.
    const bool storeOps = config.ops.empty() || !selectedOps(config).empty();
    const bool treeOps = config.ops.empty()
                         || std::any_of(config.ops.begin(), config.ops.end(), [](const auto &op) {
                                return isTreeBenchOperation(op);
                            });
    const auto wants = [&](std::string_view name) {
        return std::find(backends.begin(), backends.end(), name) != backends.end();
    };
    if (postgres && (wants("kvstore") || wants("async-sqlite")))
        throw Error("kvs: bench: kvstore and async-sqlite need a SQLite --db, not a URL");
    if (!postgres && wants("async-postgres"))
        throw Error("kvs: bench: async-postgres needs --db postgres://...");
    if (wants("kvstore") && storeOps)
        runKVStoreBench(config, keys, selectedOps(config), out, err);
    if (wants("async-sqlite") && storeOps)
        runAsyncSqliteBench(config, keys, selectedOps(config), out);
    if (wants("async-postgres") && storeOps)
        runAsyncPostgresBench(config, keys, selectedOps(config), out);
    if (wants("tree") && treeOps)
        runTreeBench(config, out);
}

} // namespace kvs::bench
