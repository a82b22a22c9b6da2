#pragma once

#include "bench/history/machine_info.h"
#include "bench/workload/capacity_search.h"
#include "bench/workload/latency_histogram.h"
#include "bench/workload/workload_config.h"
#include "bench/workload/workload_result.h"

#include <kvs/key.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace kvs {
class KVStore;
}

// The run history of the benchmark: every saved workload run, in one file shared by kvs and
// kvs-admin. The file is a kvs database (KVStore, the core's own SQLite layer): one entry
// ["run", id] per run, whose value is an object of the run's parameters, machine, results and
// time series, ["last_id"], the highest id given, and ["kvs_bench_history"], its mark, so that
// kvs-admin can also open it as a database.
namespace kvs::bench {

// One operation's figures as saved, with its latency histogram. A value type.
struct SavedOp
{
    std::string op;
    std::uint64_t ops = 0;
    double opsPerSecond = 0;
    double p50Us = 0;
    double p90Us = 0;
    double p99Us = 0;
    double p999Us = 0;
    double maxUs = 0;
    std::uint64_t errors = 0;
    std::map<std::string, std::uint64_t> errorsByKind;
    std::uint64_t late = 0;
    // The whole histogram (HdrHistogram's .hgrm export); null for runs saved before it was kept.
    std::shared_ptr<const LatencyHistogram> latency;
};

// A saved run. A value type.
struct HistoryRun
{
    std::int64_t id = 0;
    double timeMs = 0;     // when it was saved, ms since the epoch
    WorkloadConfig config; // config.db without its password
    MachineInfo machine;
    std::string backend;
    std::string serverVersion;
    double seconds = 0;
    bool partial = false;
    double clientCpu = 0;
    LoadPhase load;
    std::vector<SavedOp> ops; // per operation, then "all"
    std::vector<SecondStats> series;
    // A capacity search's steps (the run's figures are its highest rate that held); empty for a
    // plain run.
    std::vector<CapacityStep> capacity;
};

// result's figures as saved: one SavedOp per operation, then "all".
[[nodiscard]] std::vector<SavedOp> savedOps(const RunResult &result);

// The prefix of the history's entries: ["run", id] holds run id.
[[nodiscard]] Key runPrefix();

// A saved run that cannot be read: its value does not decode (bytes another writer broke, a
// disk error) or is no run. A value type.
struct UnreadableRun
{
    std::int64_t id = 0;
    std::string problem; // the codec's message without its "kvs: ", e.g. "cannot decode value: ..."
};

// The runs of a history, oldest first, and those left out because they cannot be read. A value
// type.
struct HistoryListing
{
    std::vector<HistoryRun> runs;
    std::vector<UnreadableRun> unreadable; // by id
};

// Reads every run of the history store, each row on its own (its raw bytes, then decoded), so
// that a run that does not decode is left out and named in unreadable instead of failing the
// whole read. Throws what the store's reads throw, and kvs::WatchLimitError (prefix ["run"])
// when the history holds more than maxRuns runs.
[[nodiscard]] HistoryListing readHistoryRuns(KVStore &store,
                                             std::size_t maxRuns = static_cast<std::size_t>(-1));

// The warning about a run left out: "skipped run 3 of the benchmark history PATH: cannot decode
// value: ... at byte 0" (without the "kvs: warning: " a command puts before it).
[[nodiscard]] std::string unreadableRunText(const std::string &path, const UnreadableRun &run);

// A saved run of result (id 0 until it is saved; config.db without its password).
[[nodiscard]] HistoryRun historyRunOf(const WorkloadConfig &config,
                                      const RunResult &result,
                                      const MachineInfo &machine,
                                      double timeMs,
                                      const std::vector<CapacityStep> &capacity = {});

// The history file. Thread rule: one thread at a time; several processes may append at once.
class RunHistory
{
public:
    // $KVS_BENCH_HISTORY when set, else kvs-admin/bench-history.sqlite in the user's data folder
    // ($XDG_DATA_HOME, by default ~/.local/share), as the audit log.
    [[nodiscard]] static std::string defaultPath();

    // Opens the history at path, creating it (mode 0600, its folder 0700, marked with
    // ["kvs_bench_history"]) when missing or empty. Anything else that is not a benchmark
    // history (an application's SQLite file, a kvs database with other data, a link, a pipe) is
    // refused before it is opened for writing, left byte for byte as it was: kvs::Error "kvs:
    // cannot open the benchmark history PATH: REASON" (bench/history/history_file_check.h).
    explicit RunHistory(const std::string &path);
    ~RunHistory();
    RunHistory(const RunHistory &) = delete;
    RunHistory &operator=(const RunHistory &) = delete;

    // Appends a run (config.db saved without its password) and returns its id (1, 2, ...; the
    // id of a deleted run is not given again).
    std::int64_t append(const WorkloadConfig &config,
                        const RunResult &result,
                        const MachineInfo &machine,
                        double timeMs,
                        const std::vector<CapacityStep> &capacity = {});
    // Every saved run, oldest first, and the runs that cannot be read (readHistoryRuns()).
    [[nodiscard]] HistoryListing read();
    // The runs read() reads; those that cannot be read are left out.
    [[nodiscard]] std::vector<HistoryRun> list() { return read().runs; }
    const std::string &path() const noexcept { return m_path; }
    // Deletes the saved runs ids (in one transaction); ids that are not saved are skipped.
    void remove(const std::vector<std::int64_t> &ids);

private:
    std::string m_path;
    std::unique_ptr<KVStore> m_store; // Owned.
};

} // namespace kvs::bench
