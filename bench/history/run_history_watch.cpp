#include "bench/history/run_history_watch.h"

#include <kvs/change_feed.h>
#include <kvs/kvstore.h>

#include <filesystem>

namespace kvs::bench {

RunHistoryWatch::RunHistoryWatch(std::string path)
    : m_path(std::move(path))
{}

RunHistoryWatch::~RunHistoryWatch() = default;

std::optional<HistoryListing> RunHistoryWatch::changedRuns()
{
    try {
        if (!m_feed) {
            std::error_code error;
            // RunHistory creates the file on the first save; a read-only open would fail.
            if (!std::filesystem::exists(m_path, error))
                return std::nullopt;
            KVStoreOptions options;
            options.readOnly = true;
            options.maintenanceInterval = std::chrono::milliseconds(0);
            // The feed only tells that something was committed (it watches no entry: its reads
            // would decode every run, and one broken run would fail them all).
            m_feed = std::make_unique<ChangeFeed>(m_path, WatchTargets::of({}, {}), options);
            m_commitsSeen = m_feed->commitsSeen();
        } else {
            (void)m_feed->poll();
            if (m_feed->commitsSeen() == m_commitsSeen)
                return std::nullopt;
            m_commitsSeen = m_feed->commitsSeen();
        }
        // The runs row by row, through a read-only store opened for this read (the feed may
        // have found another file under the path since the last one).
        KVStoreOptions options;
        options.readOnly = true;
        options.maintenanceInterval = std::chrono::milliseconds(0);
        KVStore reader(m_path, options);
        return readHistoryRuns(reader, kMaxRuns);
    } catch (...) {
        m_feed.reset();
        throw;
    }
}

} // namespace kvs::bench
