#include "cli/bench.h"

#include "cli/bench_async.h"
#include "cli/bench_data.h"
#include "cli/bench_format.h"
#include "cli/bench_measure.h"
#include "cli/bench_raw.h"
#include "cli/bench_runner.h"
#include "cli/bench_store.h"
#include "cli/bench_tree.h"
#include "cli/cli_output.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/js_number.h>
#include <kvs/kvstore.h>
#include <kvs/value_codec.h>

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <malloc.h>
#include <ostream>
#include <system_error>

namespace kvs::cli {

namespace {

namespace fs = std::filesystem;
using std::chrono::nanoseconds;

constexpr std::string_view kMemory = ":memory:";
constexpr std::string_view kRawSqlite = "raw-sqlite";

// A database file and its companions, removed when this goes out of scope (after the store or
// baseline using them, which must be declared later). Removal failures are ignored: noexcept.
class DatabaseFiles
{
public:
    explicit DatabaseFiles(std::string path)
        : m_path(std::move(path))
    {}
    ~DatabaseFiles() { removeAll(m_path); }
    DatabaseFiles(const DatabaseFiles &) = delete;
    DatabaseFiles &operator=(const DatabaseFiles &) = delete;

    static void removeAll(const std::string &path) noexcept
    {
        for (const char *suffix : {"", "-wal", "-shm", "-journal"}) {
            std::error_code error;
            fs::remove(path + suffix, error);
        }
    }

private:
    std::string m_path;
};

bool existsFile(const std::string &path)
{
    std::error_code error;
    return fs::exists(path, error);
}

// True when path holds a kvs database with the marker an earlier kvs bench wrote.
bool isBenchLeftover(const BenchConfig &config, const BenchKeys &keys)
{
    try {
        KVStoreOptions options;
        options.readOnly = true;
        options.tablePrefix = config.tablePrefix;
        KVStore store(config.db, options);
        return store.get(keys.markerKey).has_value();
    } catch (const Error &) {
        return false;
    }
}

// The baseline's temporary database, next to the store's file.
std::string baselinePath(const std::string &db)
{
    return db == kMemory ? std::string(kMemory) : db + ".bench-raw";
}

// The bench never writes into a user's data: only a new (or empty) file, or one an interrupted
// bench left behind, which is replaced together with that run's baseline file.
void claimFiles(const BenchConfig &config, const BenchKeys &keys, std::ostream &err)
{
    std::error_code error;
    const bool exists = fs::exists(config.db, error);
    const bool empty = exists && fs::is_regular_file(config.db, error)
                       && fs::file_size(config.db, error) == 0 && !existsFile(config.db + "-wal");
    const bool leftover = exists && !empty && isBenchLeftover(config, keys);
    if (exists && !empty && !leftover) {
        throw Error("kvs: bench writes only to a new file, and " + jsonQuoted(config.db)
                    + " exists and is not a database left by kvs bench (give a new path or "
                      ":memory:)");
    }
    const std::string rawPath = baselinePath(config.db);
    if (existsFile(rawPath) && !leftover) {
        throw Error("kvs: bench: the baseline's temporary file " + jsonQuoted(rawPath)
                    + " already exists");
    }
    if (leftover) {
        err << "kvs: note: replacing the database left by an earlier kvs bench at "
            << jsonQuoted(config.db) << '\n';
        DatabaseFiles::removeAll(config.db);
        DatabaseFiles::removeAll(rawPath);
    }
}

struct OperationResult
{
    Measurement store;
    Measurement raw;
};

// Checkpoints a file's WAL into the database and truncates it (untimed). Each side's round then
// starts from the same WAL state: reads in a long WAL cost more, and the two files would
// otherwise reach SQLite's auto-checkpoint at different moments.
void checkpointWal(const std::string &path)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK)
        sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr);
    sqlite3_close_v2(db);
}

// A short warm-up of each side (a tenth of the budget, 10..200 ms), then kRounds alternating
// runs of seconds / kRounds each, so drift in the machine's load reaches both sides alike.
OperationResult measureBoth(StoreTarget &store,
                            RawSqliteBaseline &raw,
                            BenchOp op,
                            double seconds,
                            const std::function<void()> &settle)
{
    const nanoseconds warmup = toNanoseconds(std::clamp(seconds / 10, 0.01, 0.2));
    Timing discarded;
    runOperation(store, op, warmup, discarded);
    runOperation(raw, op, warmup, discarded);
    Timing storeTiming;
    Timing rawTiming;
    const nanoseconds round = toNanoseconds(seconds / kRounds);
    for (int i = 0; i < kRounds; ++i) {
        settle();
        runOperation(store, op, round, storeTiming);
        settle();
        runOperation(raw, op, round, rawTiming);
    }
    return {storeTiming.result(), rawTiming.result()};
}

// measureBoth() for the store alone: the same warm-up and rounds, no baseline.
Measurement
measureStore(StoreTarget &store, BenchOp op, double seconds, const std::function<void()> &settle)
{
    Timing discarded;
    runOperation(store, op, toNanoseconds(std::clamp(seconds / 10, 0.01, 0.2)), discarded);
    Timing timing;
    const nanoseconds round = toNanoseconds(seconds / kRounds);
    for (int i = 0; i < kRounds; ++i) {
        settle();
        runOperation(store, op, round, timing);
    }
    return timing.result();
}

// What a result line compares the store with: the raw SQLite loop, or for the backlog cycle the
// store's queue_cycle on an empty topic in the same run (the target: ratio >= 0.8).
struct Baseline
{
    std::string_view name;
    Measurement measurement;
};

std::string
jsonLine(const BenchConfig &config, BenchOp op, const Measurement &store, const Baseline &baseline)
{
    const Measurement &raw = baseline.measurement;
    return JsonObjectLine()
        .string("backend", "kvstore")
        .string("db", config.db)
        .string("op", benchOpName(op))
        .raw("ops_per_s", integerText(store.opsPerSecond()))
        .raw("p50_us", twoDecimals(store.p50Us))
        .raw("p99_us", twoDecimals(store.p99Us))
        .string("baseline", baseline.name)
        .raw("baseline_ops_per_s", integerText(raw.opsPerSecond()))
        .raw("ratio", fourDigits(ratioOf(store, raw)))
        .text();
}

// 1234567 -> "1,234,567"
std::string grouped(double value)
{
    const std::string digits = integerText(value);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-') {
            out += ',';
        }
        out += digits[i];
    }
    return out;
}

std::string tableHeader(const BenchConfig &config)
{
    char row[160];
    std::snprintf(row,
                  sizeof row,
                  "%-25s %15s %9s %9s %18s %8s",
                  "operation",
                  "kvstore ops/s",
                  "p50 us",
                  "p99 us",
                  "raw-sqlite ops/s",
                  "ratio");
    return "kvs bench: KVStore on " + jsonQuoted(config.db) + " against raw SQLite, "
           + formatJsNumber(config.seconds) + " s per operation\n" + row;
}

std::string tableRow(BenchOp op, const Measurement &store, const Baseline &baseline)
{
    const Measurement &raw = baseline.measurement;
    char row[200];
    std::snprintf(row,
                  sizeof row,
                  "%-25s %15s %9.2f %9.2f %18s %8.3f%s",
                  std::string(benchOpName(op)).c_str(),
                  grouped(store.opsPerSecond()).c_str(),
                  store.p50Us,
                  store.p99Us,
                  grouped(raw.opsPerSecond()).c_str(),
                  ratioOf(store, raw),
                  baseline.name == kRawSqlite ? "" : "  (baseline: queue_cycle of this run)");
    return row;
}

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

namespace {

// The KVStore part: each operation against the raw SQLite loop (see kvs --help).
void runKVStoreBench(const BenchConfig &config,
                     const BenchKeys &keys,
                     std::ostream &out,
                     std::ostream &err)
{
    // glibc gives the top of the heap back to the system (brk) whenever more than 128 KB of it
    // is free. With a small heap (an empty queue topic, :memory:), SQLite's ephemeral table for
    // the picker's MATERIALIZED CTE is such a block: every dequeue shrank and regrew the heap
    // and faulted its pages in again, 188 us a cycle instead of 28 us, in the store and the raw
    // loop alike (a Python sqlite3 loop shows it too). A long-running process keeps a warm
    // heap; the bench keeps one too, for both sides, so it measures the store, not the trim.
    const bool inMemory = config.db == kMemory;
    if (!inMemory) {
        claimFiles(config, keys, err);
    }
    // Declared before the store and the baseline, so their files go after they close.
    std::optional<DatabaseFiles> storeFiles;
    std::optional<DatabaseFiles> rawFiles;
    const std::string rawPath = baselinePath(config.db);
    if (!inMemory) {
        storeFiles.emplace(config.db);
        rawFiles.emplace(rawPath);
    }

    KVStoreOptions options;
    options.tablePrefix = config.tablePrefix;
    KVStore store(config.db, options);
    StoreTarget storeTarget(store, keys);
    storeTarget.populate();
    RawSqliteBaseline raw(rawPath, keys);
    raw.populate();

    if (!config.json) {
        out << tableHeader(config) << std::endl;
    }
    const std::function<void()> settle = [&] {
        if (!inMemory) {
            checkpointWal(config.db);
            checkpointWal(rawPath);
        }
    };
    std::optional<Measurement> emptyCycle; // the store's queue_cycle of this run
    for (const BenchOp op : selectedOps(config)) {
        Measurement measured;
        Baseline baseline{kRawSqlite, {}};
        if (op == BenchOp::QueueCycleBacklog) {
            if (!emptyCycle) {
                emptyCycle = measureStore(storeTarget, BenchOp::QueueCycle, config.seconds, settle);
            }
            storeTarget.fillBacklog();
            measured = measureStore(storeTarget, op, config.seconds, settle);
            baseline = {benchOpName(BenchOp::QueueCycle), *emptyCycle};
        } else {
            const OperationResult result
                = measureBoth(storeTarget, raw, op, config.seconds, settle);
            measured = result.store;
            baseline.measurement = result.raw;
            if (op == BenchOp::QueueCycle) {
                emptyCycle = result.store;
            }
        }
        out << (config.json ? jsonLine(config, op, measured, baseline)
                            : tableRow(op, measured, baseline))
            << std::endl;
    }
}

} // namespace

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
        runKVStoreBench(config, keys, out, err);
    if (wants("async-sqlite") && storeOps)
        runAsyncSqliteBench(config, keys, selectedOps(config), out);
    if (wants("async-postgres") && storeOps)
        runAsyncPostgresBench(config, keys, selectedOps(config), out);
    if (wants("tree") && treeOps)
        runTreeBench(config, out);
}

} // namespace kvs::cli
