// The async-sqlite part of `kvs bench`: AsyncKVStore on SQLite, one awaited call at a time
// against a bare worker round trip, and 64 calls in flight against KVStore's same operation on
// the same data, in the same run.
#include "bench/stores/async_sqlite_bench.h"

#include "bench/baselines/worker_round_trip.h"
#include "bench/measure/database_files.h"
#include "bench/measure/runner.h"
#include "bench/measure/same_cpu.h"
#include "bench/stores/async_bench_line.h"
#include "bench/stores/async_target.h"
#include "bench/stores/store_target.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <filesystem>
#include <iostream>
#include <optional>
#include <ostream>

namespace kvs::bench {

namespace {

// The ops the async store is measured on (the queue cycles are KVStore-only: 64 consumers in
// flight would take each other's messages).
bool isAsyncOperation(BenchOp op)
{
    return op != BenchOp::QueueCycle && op != BenchOp::QueueCycleBacklog;
}

} // namespace

void runAsyncSqliteBench(const BenchConfig &config,
                         const BenchKeys &keys,
                         const std::vector<BenchOp> &ops,
                         std::ostream &out)
{
    const bool inMemory = config.db == ":memory:";
    const std::string path = inMemory ? config.db : config.db + ".bench-async";
    if (!inMemory && std::filesystem::exists(path))
        throw Error("kvs: bench: the async store's temporary file \"" + path + "\" already exists");
    std::optional<DatabaseFiles> files; // declared before the stores: removed after they close
    if (!inMemory)
        files.emplace(path);

    AsyncKVStoreSettings settings;
    settings.tablePrefix = config.tablePrefix;
    AsyncKVStore store("sqlite://" + path, settings);
    AsyncTarget target(store, keys);
    target.populate();
    // KVStore on the same file (or, for :memory:, a private database filled the same way).
    KVStoreOptions options;
    options.tablePrefix = config.tablePrefix;
    KVStore sync(path, options);
    StoreTarget syncTarget(sync, keys);
    if (inMemory)
        syncTarget.populate();

    const auto round = toNanoseconds(config.seconds / kRounds);
    const auto warmup = toNanoseconds(std::clamp(config.seconds / 10, 0.01, 0.2));
    bool warnedUnpinned = false;
    for (const BenchOp op : ops) {
        if (!isAsyncOperation(op))
            continue;
        const std::string name(benchOpName(op));
        Timing discarded;
        target.measureSerial(op, warmup, discarded);
        Timing serial;
        Timing roundTrips;
        for (int i = 0; i < kRounds; ++i) {
            target.measureSerial(op, round, serial);
            const Measurement trip = measureWorkerRoundTrip(round);
            roundTrips.ops += trip.ops;
            roundTrips.timed
                += std::chrono::nanoseconds(static_cast<std::int64_t>(trip.seconds * 1e9));
        }
        const AsyncBenchLine serialLine{
            "async-sqlite", name, serial.result(), "worker-round-trip", roundTrips.result()};
        Timing inFlight;
        Timing syncTiming;
        {
            // The store's worker and this thread on one CPU (same_cpu.h says why).
            const SameCpu sameCpu;
            if (!sameCpu.pinned() && !warnedUnpinned) {
                std::cerr << "kvs bench: could not put the threads on one CPU; the _x64 ratios "
                             "mix the speeds of the CPUs they ran on"
                          << std::endl;
                warnedUnpinned = true;
            }
            target.measureInFlight(op, warmup, kInFlight, discarded);
            for (int i = 0; i < kRounds; ++i) {
                target.measureInFlight(op, round, kInFlight, inFlight);
                runOperation(syncTarget, op, round, syncTiming);
            }
        }
        const AsyncBenchLine flightLine{
            "async-sqlite", name + "_x64", inFlight.result(), "kvstore", syncTiming.result()};
        for (const AsyncBenchLine &line : {serialLine, flightLine})
            out << (config.json ? asyncJsonLine(config.db, line) : asyncTableRow(line))
                << std::endl;
    }
}

} // namespace kvs::bench
