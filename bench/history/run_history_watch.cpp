#include "bench/history/run_history_watch.h"

#include "bench/history/run_history_codec.h"

#include <kvs/change_feed.h>

#include <filesystem>

namespace kvs::bench {

RunHistoryWatch::RunHistoryWatch(std::string path)
    : m_path(std::move(path))
{}

RunHistoryWatch::~RunHistoryWatch() = default;

std::optional<std::vector<HistoryRun>> RunHistoryWatch::changedRuns()
{
    try {
        if (!m_feed) {
            std::error_code error;
            // RunHistory creates the file on the first save; a read-only open would fail.
            if (!std::filesystem::exists(m_path, error))
                return std::nullopt;
            KVStoreOptions options;
            options.readOnly = true;
            m_feed = std::make_unique<ChangeFeed>(
                m_path, WatchTargets::of({}, {runPrefix()}, kMaxRuns), options);
        } else if (m_feed->poll().empty()) {
            return std::nullopt;
        }
    } catch (...) {
        m_feed.reset();
        throw;
    }
    std::vector<HistoryRun> runs;
    for (const Entry &entry : m_feed->entries())
        runs.push_back(runFromValue(entry.value));
    return runs;
}

} // namespace kvs::bench
