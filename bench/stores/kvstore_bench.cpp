#include "bench/stores/kvstore_bench.h"

#include "bench/baselines/raw_sqlite_baseline.h"
#include "bench/measure/database_files.h"
#include "bench/measure/measure.h"
#include "bench/measure/runner.h"
#include "bench/output/format.h"
#include "bench/stores/store_target.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>
#include <kvs/json_line.h>
#include <kvs/kvstore.h>
#include <kvs/sqlite_handle.h>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <system_error>

namespace kvs::bench {

namespace {

namespace fs = std::filesystem;
using std::chrono::nanoseconds;

constexpr std::string_view kMemory = ":memory:";
constexpr std::string_view kRawSqlite = "raw-sqlite";

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
    sqlite3 *opened = nullptr;
    const int status = sqlite3_open_v2(path.c_str(), &opened, SQLITE_OPEN_READWRITE, nullptr);
    const SqliteHandle db(opened); // closed even when the open failed
    if (status == SQLITE_OK)
        sqlite3_exec(db.get(), "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr);
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
    return JsonLine()
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

} // namespace

void runKVStoreBench(const BenchConfig &config,
                     const BenchKeys &keys,
                     const std::vector<BenchOp> &ops,
                     std::ostream &out,
                     std::ostream &err)
{
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
    for (const BenchOp op : ops) {
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

} // namespace kvs::bench
