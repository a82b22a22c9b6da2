#pragma once

#include <kvs/watch.h>

#include <mutex>
#include <vector>

// Collects the calls of a watch callback (thread-safe), for the watch tests.
namespace kvs::test {

struct WatchCall
{
    std::vector<std::optional<Entry>> entries;
    WatchEvent event;
};

class WatchRecorder
{
public:
    WatchCallback callback()
    {
        return [this](const std::vector<std::optional<Entry>> &entries, const WatchEvent &event) {
            std::lock_guard lock(m_mutex);
            m_calls.push_back({entries, event});
        };
    }

    std::vector<WatchCall> calls() const
    {
        std::lock_guard lock(m_mutex);
        return m_calls;
    }

    std::size_t count() const
    {
        std::lock_guard lock(m_mutex);
        return m_calls.size();
    }

    WatchCall last() const
    {
        std::lock_guard lock(m_mutex);
        return m_calls.back();
    }

private:
    mutable std::mutex m_mutex;
    std::vector<WatchCall> m_calls;
};

} // namespace kvs::test
