#include "bench/history/run_history.h"

#include "bench/history/history_file_check.h"
#include "bench/history/run_history_codec.h"

#include <kvs/connection_string.h>
#include <kvs/data_folder.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <algorithm>
#include <cstdlib>

namespace kvs::bench {

namespace {

// Appends that lose the race for an id to another process try the next one this many times.
constexpr int kAppendTries = 100;

// runPrefix() and id.
Key runKey(std::int64_t id)
{
    return Key{"run", static_cast<double>(id)};
}

Key lastIdKey()
{
    return Key{"last_id"};
}

SavedOp savedOp(const OpResult &op, double seconds)
{
    SavedOp saved;
    saved.op = op.op;
    saved.ops = op.ops;
    saved.opsPerSecond = seconds > 0 ? double(op.ops) / seconds : 0;
    saved.p50Us = op.latency->percentileUs(0.5);
    saved.p90Us = op.latency->percentileUs(0.9);
    saved.p99Us = op.latency->percentileUs(0.99);
    saved.p999Us = op.latency->percentileUs(0.999);
    saved.maxUs = op.latency->percentileUs(1);
    saved.errors = op.errors;
    saved.errorsByKind = op.errorsByKind;
    saved.late = op.late;
    saved.latency = op.latency;
    return saved;
}

} // namespace

Key runPrefix()
{
    return Key{"run"};
}

std::vector<SavedOp> savedOps(const RunResult &result)
{
    std::vector<SavedOp> ops;
    for (const OpResult &op : result.ops)
        ops.push_back(savedOp(op, result.seconds));
    ops.push_back(savedOp(result.all, result.seconds));
    return ops;
}

std::string RunHistory::defaultPath()
{
    if (const char *configured = std::getenv("KVS_BENCH_HISTORY"); configured && *configured)
        return configured;
    return dataFilePath("bench-history.sqlite");
}

RunHistory::RunHistory(const std::string &path)
{
    // KVS_BENCH_HISTORY may name any file: what is not a benchmark history is refused before
    // the store opens it (which would add tables or write runs into someone's data).
    const HistoryFile kind = requireBenchmarkHistory(path);
    KVStoreOptions options;
    options.maintenanceInterval = std::chrono::milliseconds(0);
    m_store = std::make_unique<KVStore>(path, options);
    if (kind == HistoryFile::New)
        m_store->set(historyMarkerKey(), Value(true));
}

HistoryRun historyRunOf(const WorkloadConfig &config,
                        const RunResult &result,
                        const MachineInfo &machine,
                        double timeMs,
                        const std::vector<CapacityStep> &capacity)
{
    HistoryRun run;
    run.timeMs = timeMs;
    run.config = config;
    run.config.db = redactedConnection(config.db);
    run.config.like = redactedConnection(config.like);
    run.machine = machine;
    run.backend = result.backend;
    run.serverVersion = result.serverVersion;
    run.seconds = result.seconds;
    run.partial = result.partial;
    run.clientCpu = result.clientCpu;
    run.load = result.load;
    run.ops = savedOps(result);
    run.series = result.series;
    run.capacity = capacity;
    return run;
}

RunHistory::~RunHistory() = default;

std::int64_t RunHistory::append(const WorkloadConfig &config,
                                const RunResult &result,
                                const MachineInfo &machine,
                                double timeMs,
                                const std::vector<CapacityStep> &capacity)
{
    HistoryRun run = historyRunOf(config, result, machine, timeMs, capacity);
    for (int attempt = 0; attempt < kAppendTries; ++attempt) {
        ListSelector last;
        last.prefix = runPrefix();
        ListOptions options;
        options.limit = 1;
        options.reverse = true;
        const ListResult newest = m_store->list(last, options);
        const std::int64_t newestId
            = newest.entries.empty()
                  ? 0
                  : static_cast<std::int64_t>(newest.entries.front().key.back().asNumber());
        // The highest id ever given, so that the id of a deleted run is never given again.
        const std::optional<Entry> given = m_store->get(lastIdKey());
        const std::int64_t givenId = given && given->value.isNumber()
                                         ? static_cast<std::int64_t>(given->value.asNumber())
                                         : 0;
        run.id = std::max(newestId, givenId) + 1;
        // The checks make two processes saving at once take different ids.
        const CommitResult committed
            = m_store->atomic()
                  .check({runKey(run.id), std::nullopt})
                  .check({lastIdKey(), given ? std::optional(given->version) : std::nullopt})
                  .set(runKey(run.id), runToValue(run))
                  .set(lastIdKey(), Value(static_cast<double>(run.id)))
                  .commit();
        if (committed.ok)
            return run.id;
    }
    throw Error("kvs: bench: cannot save the run: the history kept changing under it");
}

std::vector<HistoryRun> RunHistory::list()
{
    std::vector<HistoryRun> runs;
    ListSelector selector;
    selector.prefix = runPrefix();
    ListOptions options;
    options.limit = 1000;
    while (true) {
        const ListResult page = m_store->list(selector, options);
        for (const Entry &entry : page.entries)
            runs.push_back(runFromValue(entry.value));
        if (!page.cursor)
            break;
        options.cursor = page.cursor;
    }
    return runs;
}

void RunHistory::remove(const std::vector<std::int64_t> &ids)
{
    if (ids.empty())
        return;
    AtomicOperation removal = m_store->atomic();
    for (const std::int64_t id : ids)
        removal.remove(runKey(id));
    removal.commit();
}

} // namespace kvs::bench
