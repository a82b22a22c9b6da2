#include <kvs/clock.h>
#include <kvs/sweep_control.h>

#include <chrono>

namespace kvs {

void SweepControl::pause(const std::string &reason)
{
    {
        const std::lock_guard lock(m_mutex);
        m_paused = true;
        m_reason = reason;
        ++m_pauses;
    }
    m_changed.notify_all();
}

void SweepControl::resume()
{
    {
        const std::lock_guard lock(m_mutex);
        m_paused = false;
        m_reason.clear();
    }
    m_changed.notify_all();
}

void SweepControl::cancel()
{
    {
        const std::lock_guard lock(m_mutex);
        m_cancelled = true;
    }
    m_changed.notify_all();
}

bool SweepControl::isPaused() const
{
    const std::lock_guard lock(m_mutex);
    return m_paused;
}

bool SweepControl::isCancelled() const
{
    const std::lock_guard lock(m_mutex);
    return m_cancelled;
}

std::string SweepControl::pauseReason() const
{
    const std::lock_guard lock(m_mutex);
    return m_reason;
}

std::uint64_t SweepControl::pauses() const
{
    const std::lock_guard lock(m_mutex);
    return m_pauses;
}

bool SweepControl::waitWhilePaused()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return !m_paused || m_cancelled; });
    return !m_cancelled;
}

bool SweepControl::waitUntil(Clock &clock, std::int64_t deadlineMs)
{
    // A manual clock's move wakes the wait; the token unsubscribes when the wait ends.
    const std::shared_ptr<void> moves = clock.subscribe([this] {
        {
            const std::lock_guard lock(m_mutex);
            ++m_moves;
        }
        m_changed.notify_all();
    });
    std::unique_lock lock(m_mutex);
    while (!m_paused && !m_cancelled) {
        const std::int64_t left = deadlineMs - clock.monotonicNow();
        if (left <= 0)
            return true;
        if (clock.isManual()) {
            const std::uint64_t seen = m_moves;
            m_changed.wait(lock, [&] { return m_moves != seen || m_paused || m_cancelled; });
        } else {
            m_changed.wait_for(lock, std::chrono::milliseconds(left));
        }
    }
    return false;
}

} // namespace kvs
