#pragma once

#include <chrono>
#include <functional>

struct sqlite3;

namespace kvs::detail {

// How a connection waits for a lock another connection holds: it tries again every kStep until
// timeout has passed since its first try, then gives up (SQLITE_BUSY, as busy_timeout does).
// SQLite's own busy_timeout handler sleeps in steps that grow to 100 ms (1, 2, 5, 10, 15, 20,
// 25, 25, 25, 50, 50, 100), so a writer that found the lock taken could sleep on for tens of
// milliseconds after it was released, while a bulk job took it again. Thread rule: the
// connection's (one thread at a time).
class BusyWait
{
public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::chrono::microseconds kStep{1000};

    // sleep and now are the real ones unless a test gives others.
    explicit BusyWait(std::chrono::milliseconds timeout,
                      std::function<void(std::chrono::microseconds)> sleep = {},
                      std::function<Clock::time_point()> now = {});

    // Makes this db's busy handler (replacing busy_timeout's). Requires: this outlives db's use.
    void install(sqlite3 *db);

private:
    static int onBusy(void *self, int count);

    std::chrono::milliseconds m_timeout;
    std::function<void(std::chrono::microseconds)> m_sleep;
    std::function<Clock::time_point()> m_now;
    Clock::time_point m_since;
};

} // namespace kvs::detail
