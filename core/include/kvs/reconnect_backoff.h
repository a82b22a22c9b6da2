#pragma once

#include <chrono>

namespace kvs {

/// How long to wait before the next attempt to reach a database that went away (a PostgreSQL
/// server restarting, a SQLite file on a mount that is gone): the first wait, then twice the
/// wait before, never more than the cap. The GUI's tabs and `kvs watch` wait by it, so a server
/// that is down for long is asked about twice a minute, not ten times a second, and one that is
/// back is noticed within a second of the first retries. reset() after an attempt that worked.
/// Thread rule: one thread at a time.
class ReconnectBackoff
{
public:
    static constexpr std::chrono::milliseconds kFirstWait{1000};
    static constexpr std::chrono::milliseconds kMaxWait{30000};

    /// Requires: 0 < first <= max.
    explicit ReconnectBackoff(std::chrono::milliseconds first = kFirstWait,
                              std::chrono::milliseconds max = kMaxWait);

    /// The wait before the next attempt; the one after doubles (up to the cap).
    [[nodiscard]] std::chrono::milliseconds next();
    /// The wait next() returns, without taking it.
    [[nodiscard]] std::chrono::milliseconds peek() const noexcept { return m_wait; }
    /// How many waits next() handed out since construction or reset().
    [[nodiscard]] int attempts() const noexcept { return m_attempts; }
    /// Back to the first wait: the database answered.
    void reset() noexcept;

private:
    std::chrono::milliseconds m_first;
    std::chrono::milliseconds m_max;
    std::chrono::milliseconds m_wait;
    int m_attempts = 0;
};

} // namespace kvs
