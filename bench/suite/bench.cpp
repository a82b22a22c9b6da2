#include "bench/suite/bench.h"

#include "bench/measure/data.h"
#include "bench/queue/queue_bulk_retry_bench.h"
#include "bench/queue/queue_dashboard_bench.h"
#include "bench/search/analyze_bench.h"
#include "bench/search/backup_bench.h"
#include "bench/search/find_bench.h"
#include "bench/stores/async_postgres_bench.h"
#include "bench/stores/async_sqlite_bench.h"
#include "bench/stores/kvstore_bench.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <malloc.h>
#include <optional>
#include <system_error>

namespace kvs::bench {

namespace {

// Ops of their own kind, run only when named, each on a database it fills: a bulk job against
// a concurrent writer, the queue dashboard's reads, and search inside values.
struct QueueBenchOp
{
    std::string_view name;
    void (*run)(const BenchConfig &, std::ostream &);
};
constexpr QueueBenchOp kQueueBenchOps[] = {
    {"queue_bulk_retry", runQueueBulkRetryBench},
    {"queue_overview", runQueueOverviewBench},
    {"queue_dead_filter", runQueueDeadFilterBench},
    {"queue_dead_groups", runQueueDeadGroupsBench},
    {"find", runFindBench},
    {"analyze", runAnalyzeBench},
    {"backup", runBackupBench},
};

const QueueBenchOp *queueBenchOp(std::string_view name)
{
    for (const QueueBenchOp &op : kQueueBenchOps) {
        if (op.name == name)
            return &op;
    }
    return nullptr;
}

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
    return benchOpFromName(name).has_value() || queueBenchOp(name) != nullptr;
}

std::string benchOperationList()
{
    std::string list;
    for (const BenchOp op : kBenchOps) {
        list += list.empty() ? "" : ", ";
        list += benchOpName(op);
    }
    for (const QueueBenchOp &op : kQueueBenchOps) {
        list += ", ";
        list += op.name;
    }
    return list;
}

std::optional<double> parseSeconds(std::string_view text) noexcept
{
    double seconds = 0;
    const char *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, seconds);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(seconds) || seconds <= 0)
        return std::nullopt;
    return seconds;
}

bool isBenchBackend(std::string_view name) noexcept
{
    return name == "kvstore" || name == "async-sqlite" || name == "async-postgres";
}

void runBench(const BenchConfig &config, std::ostream &out, std::ostream &err)
{
    // glibc gives the top of the heap back to the system (brk) whenever more than 128 KB of it
    // is free. With a small heap (an empty queue topic, :memory:), SQLite's ephemeral table for
    // the picker's MATERIALIZED CTE is such a block: every dequeue shrank and regrew the heap
    // and faulted its pages in again, several times the cost of the cycle itself, in the store
    // and the raw loop alike. A long-running process keeps a warm heap; the bench keeps one
    // too, for both sides, so it measures the store, not the trim.
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    const BenchKeys keys;
    const bool postgres = isPostgresUrl(config.db);
    std::vector<std::string> backends = config.backends;
    if (backends.empty()) {
        backends = postgres ? std::vector<std::string>{"async-postgres"}
                            : std::vector<std::string>{"kvstore", "async-sqlite"};
    }
    BenchConfig storeOps = config;
    storeOps.ops.clear();
    for (const std::string &name : config.ops) {
        if (const QueueBenchOp *op = queueBenchOp(name))
            op->run(config, out);
        else
            storeOps.ops.push_back(name);
    }
    if (!config.ops.empty() && storeOps.ops.empty())
        return;
    const std::vector<BenchOp> ops = selectedOps(storeOps);
    const auto wants = [&](std::string_view name) {
        return std::find(backends.begin(), backends.end(), name) != backends.end();
    };
    if (postgres && (wants("kvstore") || wants("async-sqlite")))
        throw Error("kvs: bench: kvstore and async-sqlite need a SQLite --db, not a URL");
    if (!postgres && wants("async-postgres"))
        throw Error("kvs: bench: async-postgres needs --db postgres://...");
    if (wants("kvstore"))
        runKVStoreBench(config, keys, ops, out, err);
    if (wants("async-sqlite"))
        runAsyncSqliteBench(config, keys, ops, out);
    if (wants("async-postgres"))
        runAsyncPostgresBench(config, keys, ops, out);
}

} // namespace kvs::bench
