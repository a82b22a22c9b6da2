#include "bench/history/run_history.h"

#include "bench/history/history_file_check.h"
#include "bench/history/run_history_codec.h"

#include <kvs/change_feed.h>
#include <kvs/connection_string.h>
#include <kvs/data_folder.h>
#include <kvs/errors.h>
#include <kvs/key_tree.h>
#include <kvs/kvstore.h>
#include <kvs/value_codec.h>

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

// The id of a child of ["run"]: its number part, or nullopt for a key that is no run's.
std::optional<std::int64_t> runIdOf(const KeyChild &child)
{
    if (!child.part || child.part->type() != KeyPart::Type::Number)
        return std::nullopt;
    return static_cast<std::int64_t>(child.part->asNumber());
}

std::int64_t newestRunId(KVStore &store)
{
    ChildrenSelector runs;
    runs.prefix = runPrefix();
    ChildrenOptions options;
    options.reverse = true;
    while (true) {
        const ChildrenPage page = store.listChildren(runs, options);
        for (const KeyChild &child : page.children) {
            if (const std::optional<std::int64_t> id = runIdOf(child); id && child.hasValue)
                return *id;
        }
        if (!page.cursor)
            return 0;
        options.cursor = page.cursor;
    }
}

std::string withoutKvsPrefix(std::string message)
{
    if (message.starts_with("kvs: "))
        message.erase(0, 5);
    return message;
}

} // namespace

HistoryListing readHistoryRuns(KVStore &store, std::size_t maxRuns)
{
    HistoryListing listing;
    ChildrenSelector runs;
    runs.prefix = runPrefix();
    ChildrenOptions options;
    std::size_t seen = 0;
    while (true) {
        // The keys first (listChildren decodes no value), then each run's bytes on their own:
        // list() decodes a page of values at once, and one broken run failed it for all.
        const ChildrenPage page = store.listChildren(runs, options);
        for (const KeyChild &child : page.children) {
            const std::optional<std::int64_t> id = runIdOf(child);
            if (!id || !child.hasValue)
                continue;
            if (++seen > maxRuns)
                throw WatchLimitError(runPrefix(), maxRuns);
            const std::optional<RawEntry> row = store.inspect(child.encoded);
            if (!row || row->expired)
                continue; // deleted since the keys were read
            try {
                listing.runs.push_back(runFromValue(decodeValue(row->value)));
            } catch (const std::exception &error) {
                listing.unreadable.push_back({*id, withoutKvsPrefix(error.what())});
            }
        }
        if (!page.cursor)
            break;
        options.cursor = page.cursor;
    }
    return listing;
}

std::string unreadableRunText(const std::string &path, const UnreadableRun &run)
{
    return "skipped run " + std::to_string(run.id) + " of the benchmark history " + path + ": "
           + run.problem;
}

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
    : m_path(path)
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
        // The newest run's key, not its value: a run whose bytes do not decode must not stop
        // the next one from being saved.
        const std::int64_t newestId = newestRunId(*m_store);
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

HistoryListing RunHistory::read()
{
    return readHistoryRuns(*m_store);
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
