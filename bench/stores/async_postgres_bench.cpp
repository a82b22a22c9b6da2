// The async-postgres part of `kvs bench`: AsyncKVStore on PostgreSQL, one awaited call at a time
// against a raw libpq loop of the same prepared statements, and 64 calls in flight against a raw
// libpq pipeline of 64 gets (get) or the store's own one-at-a-time call (the others: commits from
// several pooled connections share WAL flushes). Each side alternates in rounds, as the SQLite
// bench does, since a loopback round trip swings with the CPUs' wake-up state.
#include "bench/stores/async_postgres_bench.h"

#include "bench/baselines/raw_libpq_baseline.h"
#include "bench/measure/runner.h"
#include "bench/stores/async_bench_line.h"
#include "bench/stores/async_target.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>

#include <ostream>
#include <unistd.h>

namespace kvs::bench {

namespace {

bool isPostgresOperation(BenchOp op)
{
    return op != BenchOp::QueueCycle && op != BenchOp::QueueCycleBacklog;
}

// Runs one call of op on the raw baseline (with the delete keys refilled, untimed, per batch).
void measureRaw(RawLibpqBaseline &raw, BenchOp op, std::chrono::nanoseconds budget, Timing &timing)
{
    const NoRefill none;
    switch (op) {
    case BenchOp::Set:
        return measure(
            budget, kNoRefill, none, [&](std::uint64_t i) { raw.set(i); }, timing);
    case BenchOp::GetHit:
        return measure(
            budget, kNoRefill, none, [&](std::uint64_t i) { raw.getHit(i); }, timing);
    case BenchOp::GetMiss:
        return measure(
            budget, kNoRefill, none, [&](std::uint64_t i) { raw.getMiss(i); }, timing);
    case BenchOp::Delete:
        return measure(
            budget,
            kDeleteBatch,
            [&](std::uint64_t) { raw.refillDeleteKeys(); },
            [&](std::uint64_t i) { raw.remove(i); },
            timing);
    case BenchOp::Increment:
        return measure(
            budget, kNoRefill, none, [&](std::uint64_t i) { raw.increment(i); }, timing);
    case BenchOp::GetMany10:
        return measure(
            budget, kNoRefill, none, [&](std::uint64_t i) { raw.getMany10(i); }, timing);
    case BenchOp::AtomicSum:
        return measure(
            budget, kNoRefill, none, [&](std::uint64_t i) { raw.atomicSum(i); }, timing);
    default:
        throw Error("kvs: bench: no libpq baseline for this operation");
    }
}

void addMeasurement(Timing &timing, const Measurement &m)
{
    timing.ops += m.ops;
    timing.timed += std::chrono::nanoseconds(static_cast<std::int64_t>(m.seconds * 1e9));
}

} // namespace

void runAsyncPostgresBench(const BenchConfig &config,
                           const BenchKeys &keys,
                           const std::vector<BenchOp> &ops,
                           std::ostream &out)
{
    // A schema of the bench's own, dropped at the end: it never writes into the user's tables.
    const std::string schema = "kvs_bench_" + std::to_string(::getpid());
    const std::string quoted = "\"" + schema + "\"";
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    auto store = std::make_unique<AsyncKVStore>(config.db, settings);
    struct Drop
    {
        AsyncKVStore &store;
        std::string quoted;
        ~Drop()
        {
            try {
                store.adapter()
                    .raw("DROP SCHEMA IF EXISTS " + quoted + " CASCADE")
                    .waitForFinished();
            } catch (...) {
                // The schema stays; its name says what it is.
            }
        }
    } drop{*store, quoted};
    AsyncTarget target(*store, keys);
    target.populate();
    RawLibpqBaseline raw(config.db, quoted, keys);

    const auto round = toNanoseconds(config.seconds / kRounds);
    const auto warmup = toNanoseconds(std::clamp(config.seconds / 10, 0.01, 0.2));
    for (const BenchOp op : ops) {
        if (!isPostgresOperation(op))
            continue;
        const std::string name(benchOpName(op));
        Timing discarded;
        target.measureSerial(op, warmup, discarded);
        measureRaw(raw, op, warmup, discarded);
        Timing serial;
        Timing rawSerial;
        for (int i = 0; i < kRounds; ++i) {
            target.measureSerial(op, round, serial);
            measureRaw(raw, op, round, rawSerial);
        }
        const Measurement serialResult = serial.result();
        const AsyncBenchLine serialLine{
            "async-postgres", name, serialResult, "raw-libpq", rawSerial.result()};

        target.measureInFlight(op, warmup, kInFlight, discarded);
        Timing inFlight;
        Timing pipeline;
        for (int i = 0; i < kRounds; ++i) {
            target.measureInFlight(op, round, kInFlight, inFlight);
            if (op == BenchOp::GetHit)
                addMeasurement(pipeline, raw.measureGetPipeline(round, kInFlight));
        }
        const AsyncBenchLine flightLine = op == BenchOp::GetHit
                                              ? AsyncBenchLine{"async-postgres",
                                                               name + "_x64",
                                                               inFlight.result(),
                                                               "raw-libpq-pipeline-64",
                                                               pipeline.result()}
                                              : AsyncBenchLine{"async-postgres",
                                                               name + "_x64",
                                                               inFlight.result(),
                                                               "async-postgres-" + name,
                                                               serialResult};
        for (const AsyncBenchLine &line : {serialLine, flightLine})
            out << (config.json ? asyncJsonLine(config.db, line) : asyncTableRow(line))
                << std::endl;
    }
}

} // namespace kvs::bench
