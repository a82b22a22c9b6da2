#pragma once

#include "bench/history/run_history.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs {
class ChangeFeed;
}

// Notices when the run history changes under a reader, e.g. `kvs bench --save` appending a run
// while the Benchmark tab is open.
namespace kvs::bench {

// Asks the history file a cheap question (the core's ChangeFeed: PRAGMA data_version) and reads
// the runs (readHistoryRuns(): one that does not decode is left out and named) only when it moved.
// Opens the file read-only and never writes it. Thread rule: one thread at a time.
class RunHistoryWatch
{
public:
    // The largest history it reads; a larger one fails with kvs::WatchLimitError.
    static constexpr std::size_t kMaxRuns = 100000;

    explicit RunHistoryWatch(std::string path);
    ~RunHistoryWatch();
    RunHistoryWatch(const RunHistoryWatch &) = delete;
    RunHistoryWatch &operator=(const RunHistoryWatch &) = delete;

    const std::string &path() const noexcept { return m_path; }

    // Every saved run, oldest first, and those that cannot be read, when the history changed
    // since the last call (the first call that finds the file counts as a change); nullopt when
    // it did not, or when the file does not exist yet. Throws what a read-only open or a read
    // throws; the next call then opens the file again.
    [[nodiscard]] std::optional<HistoryListing> changedRuns();

private:
    std::string m_path;
    std::unique_ptr<ChangeFeed> m_feed; // Owned; null until the file is there.
    std::uint64_t m_commitsSeen = 0;    // m_feed's count at the last read
};

} // namespace kvs::bench
