#include "bench/workload/workload_engine.h"

#include "bench/workload/data_shape.h"
#include "bench/workload/queue_listeners.h"
#include "bench/workload/scratch_database.h"
#include "bench/workload/workload_drivers.h"
#include "bench/workload/workload_load.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/json_line.h>
#include <kvs/kvstore.h>
#include <kvs/postgres_adapter.h>
#include <kvs/sqlite_async_adapter.h>

#include <cmath>
#include <memory>
#include <optional>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <thread>

namespace kvs::bench {

namespace {

using Clock = std::chrono::steady_clock;

// The calling thread's timer slack set to 1 ns for the run, and put back after: the default
// 50 us slack would be added to the wake-up of every call of a fixed-rate run.
class TightTimers
{
public:
    TightTimers()
        : m_saved(prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0))
    {
        prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    }
    ~TightTimers()
    {
        if (m_saved > 0)
            prctl(PR_SET_TIMERSLACK, static_cast<unsigned long>(m_saved), 0, 0, 0);
    }
    TightTimers(const TightTimers &) = delete;
    TightTimers &operator=(const TightTimers &) = delete;

private:
    int m_saved;
};

// This process's user + system CPU time in seconds.
double processCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval &t) {
        return double(t.tv_sec) + double(t.tv_usec) / 1e6;
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

Mix mixOf(const WorkloadConfig &config)
{
    if (config.workload == "custom")
        return config.mix;
    if (config.workload == "queue")
        return Mix{{{WorkOp::Enqueue, 1}}};
    return *workloadMix(config.workload);
}

KeyDistribution distributionOf(const WorkloadConfig &config)
{
    if (config.distributionSet)
        return config.distribution;
    if (prefersLatest(config.workload))
        return KeyDistribution::Latest;
    return prefersZipfian(config.workload) ? KeyDistribution::Zipfian : KeyDistribution::Uniform;
}

void require(bool ok, const std::string &message)
{
    if (!ok)
        throw Error("kvs: bench: " + message);
}

// The measured part, on either store.
template <typename Store>
RunResult measure(Store &store,
                  const WorkloadConfig &config,
                  KeyChooser &chooser,
                  WorkloadData &data,
                  const RunCallbacks &callbacks,
                  const std::atomic<bool> &cancel,
                  bool endOnTime)
{
    const Mix mix = mixOf(config);
    std::mutex mutex;
    const Clock::time_point start = Clock::now();
    const auto warmup = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(config.warmupSeconds));
    const auto measured = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(config.seconds));
    RunRecorder recorder(start + warmup, callbacks.onSecond);
    DriveContext context{
        config, mix, chooser, data, mutex, recorder, start, start + warmup + measured, cancel};
    // A step ends in bounded time: calls not started by one more measured length after its end
    // are not made (those that are late are measured from their intended start all the same).
    if (endOnTime)
        context.cutOff = context.end + measured;
    const double cpuBefore = processCpuSeconds();
    Clock::time_point end;
    {
        std::optional<QueueListeners> listeners;
        if (config.workload == "queue")
            listeners.emplace(store, context);
        const TightTimers timers;
        if constexpr (std::is_same_v<Store, KVStore>)
            end = driveSync(store, context);
        else
            end = driveAsync(store, context);
        if (listeners) {
            // Let the messages already enqueued reach their handlers (at most a second).
            const Clock::time_point drain = Clock::now() + std::chrono::seconds(1);
            while (Clock::now() < drain && !cancel.load()) {
                {
                    std::lock_guard lock(mutex);
                    if (recorder.calls(WorkOp::Handler) >= recorder.calls(WorkOp::Enqueue))
                        break;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
            end = std::max(end, Clock::now());
        }
    }
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    std::lock_guard lock(mutex);
    // A run that was not stopped measured its whole time, also when its last call (at a fixed
    // rate) ended before the time was up.
    const bool stopped = cancel.load() && end < context.end;
    RunResult result = recorder.finish(stopped ? end : context.end);
    result.partial = stopped;
    result.clientCpu = wall > 0 ? (processCpuSeconds() - cpuBefore) / wall : 0;
    return result;
}

} // namespace

void validateWorkloadConfig(const WorkloadConfig &config)
{
    require(isWorkloadName(config.workload),
            "unknown workload " + jsonQuoted(config.workload) + " (known: " + workloadNames()
                + ")");
    require(config.workload != "custom" || !config.mix.shares.empty(),
            "the custom workload needs --mix, as in get=90,set=10");
    require(std::isfinite(config.seconds) && config.seconds > 0, "--seconds must be > 0");
    require(std::isfinite(config.warmupSeconds) && config.warmupSeconds >= 0,
            "--warmup must be a number of seconds >= 0");
    require(config.keys >= 1 && config.keys <= 1'000'000'000, "--keys must be 1 .. 1000000000");
    require(config.valueMin <= config.valueMax && config.valueMax <= 16 * 1024 * 1024,
            "--value-size must be N or MIN..MAX with MIN <= MAX <= 16777216");
    require(config.ttlShare >= 0 && config.ttlShare <= 1, "--ttl-share must be 0 .. 1");
    require(config.scanLength >= 1 && config.scanLength <= 1000, "--scan-length must be 1 .. 1000");
    require(config.concurrency >= 1 && config.concurrency <= kMaxConcurrency,
            "--concurrency must be 1 .. 256");
    require(std::isfinite(config.rate) && config.rate >= 0,
            "--rate must be operations per second >= 0");
    require(config.poolSize >= 0 && config.poolSize <= 1000, "--pool must be 1 .. 1000");
    require(config.listeners >= 1 && config.listeners <= 64, "--listeners must be 1 .. 64");
    require(config.listenerConcurrency >= 1 && config.listenerConcurrency <= 1000,
            "--listener-concurrency must be 1 .. 1000");
    const bool postgres = isPostgresUrl(config.db);
    if (config.store == StoreKind::KVStore) {
        require(!postgres, "--store kvstore is SQLite only; use --store async for PostgreSQL");
        require(config.concurrency == 1,
                "--store kvstore makes one call at a time; --concurrency needs --store async");
    }
    require(config.durability.empty() || config.durability == "normal"
                || config.durability == "full",
            "--durability must be normal or full");
    require(config.durability.empty() || !postgres,
            "--durability is a SQLite setting; PostgreSQL's synchronous_commit decides");
    require(config.poolSize == 0 || postgres, "--pool is a PostgreSQL setting");
    require(config.like.empty() || config.workload != "queue",
            "--like shapes the keyspace, and the queue workload writes none");
}

namespace {

// Measures a config (the run's, or a step's) on the loaded store; endOnTime: a step's cut-off
// (DriveContext::cutOff).
using Measurer = std::function<RunResult(const WorkloadConfig &, bool endOnTime)>;

std::shared_ptr<SqlAdapter> ownAdapter(const WorkloadConfig &config, const ScratchDatabase &scratch)
{
    if (scratch.postgres()) {
        PostgresAdapterOptions options;
        options.tablePrefix = std::string(kScratchPrefix);
        return std::make_shared<PostgresAdapter>(scratch.connection(), options);
    }
    SQLiteAdapterOptions options;
    if (!config.durability.empty())
        options.durability = config.durability;
    return std::make_shared<SQLiteAsyncAdapter>(scratch.connection(), options);
}

std::unique_ptr<AsyncKVStore>
openAsync(const WorkloadConfig &config, const ScratchDatabase &scratch, const RunSeams &seams)
{
    if (seams.wrapAdapter)
        return std::make_unique<AsyncKVStore>(seams.wrapAdapter(ownAdapter(config, scratch)));
    AsyncKVStoreSettings settings;
    if (scratch.postgres())
        settings.tablePrefix = std::string(kScratchPrefix);
    if (!config.durability.empty())
        settings.durability = config.durability;
    return std::make_unique<AsyncKVStore>(scratch.connection(), settings);
}

// Claims the scratch database, opens the store, writes the keyspace, then runs body with a
// measurer on that store (not when cancelled during the load phase).
LoadedRun withLoadedStore(const WorkloadConfig &config,
                          const RunCallbacks &callbacks,
                          const std::atomic<bool> &cancel,
                          const RunSeams &seams,
                          const std::function<void(const Measurer &)> &body)
{
    validateWorkloadConfig(config);
    // Sampled before the scratch database is claimed: a --like that fails leaves nothing.
    std::shared_ptr<const DataShape> shape;
    if (!config.like.empty())
        shape = std::make_shared<const DataShape>(sampleDataShape(config.like));
    const ScratchDatabase scratch(config);
    WorkloadData data(config, shape);
    // One chooser for every step: inserts go on past the keys of the steps before.
    KeyChooser chooser(distributionOf(config), config.keys);
    const bool loads = config.workload != "queue";
    LoadedRun loaded;
    loaded.backend = scratch.backend();
    loaded.serverVersion = scratch.serverVersion();
    if (shape)
        loaded.shape = shape->summary();
    const auto run = [&](auto &store) {
        if (loads)
            loaded.load = loadKeyspace(store, data, config.keys, cancel);
        if (callbacks.onLoaded)
            callbacks.onLoaded(loaded.load);
        if (cancel.load())
            return;
        body([&](const WorkloadConfig &measured, bool endOnTime) {
            return measure(store, measured, chooser, data, callbacks, cancel, endOnTime);
        });
    };
    if (config.store == StoreKind::KVStore) {
        KVStoreOptions options;
        if (!config.durability.empty())
            options.durability = config.durability;
        KVStore store(scratch.connection(), options);
        run(store);
    } else {
        const std::unique_ptr<AsyncKVStore> store = openAsync(config, scratch, seams);
        run(*store);
        store->close().waitForFinished();
    }
    return loaded;
}

} // namespace

RunResult runWorkload(const WorkloadConfig &config,
                      const RunCallbacks &callbacks,
                      const std::atomic<bool> &cancel,
                      const RunSeams &seams)
{
    RunResult result;
    const LoadedRun loaded
        = withLoadedStore(config, callbacks, cancel, seams, [&](const Measurer &measurer) {
              result = measurer(config, false);
          });
    if (cancel.load())
        result.partial = true;
    result.load = loaded.load;
    result.backend = loaded.backend;
    result.serverVersion = loaded.serverVersion;
    result.shape = loaded.shape;
    if (result.all.op.empty())
        result.all.op = "all";
    return result;
}

LoadedRun runSteps(const WorkloadConfig &config,
                   const RunCallbacks &callbacks,
                   const std::atomic<bool> &cancel,
                   const std::function<void(const StepMeasurer &)> &steps,
                   const RunSeams &seams)
{
    return withLoadedStore(config, callbacks, cancel, seams, [&](const Measurer &measurer) {
        steps([&](double rate) {
            WorkloadConfig step = config;
            step.rate = rate;
            RunResult result = measurer(step, true);
            if (result.all.op.empty())
                result.all.op = "all";
            return result;
        });
    });
}

} // namespace kvs::bench
