#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>

namespace kvs {

class Clock;

/// Pause, resume and cancel of a long job (sweepDeadLetters()), asked from one thread and obeyed
/// by the job's thread between batches. A job may pause itself with a reason (auto-pause).
/// Thread rule: safe from any thread.
class SweepControl
{
public:
    /// Asks the job to stop before its next batch; reason says why (empty: the operator asked).
    void pause(const std::string &reason = {});
    /// Lets a paused job go on.
    void resume();
    /// Asks the job to stop for good before its next batch (a paused job stops at once).
    void cancel();

    [[nodiscard]] bool isPaused() const;
    [[nodiscard]] bool isCancelled() const;
    /// Why the job paused: what pause() was given.
    [[nodiscard]] std::string pauseReason() const;
    /// How many times pause() was called: a job that sees it change knows a pause came, even one
    /// resumed before the job's thread looked (time paused is then no credit for a burst).
    [[nodiscard]] std::uint64_t pauses() const;

    /// For the job: blocks while paused; returns false when cancelled.
    bool waitWhilePaused();
    /// For the job: blocks until clock's monotonicNow() reaches deadlineMs, or until a pause or
    /// cancel is asked; returns whether the deadline was reached. A manual clock is waited on by
    /// its moves, never by real time.
    bool waitUntil(Clock &clock, std::int64_t deadlineMs);

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_paused = false;      // Guarded by m_mutex.
    bool m_cancelled = false;   // Guarded by m_mutex.
    std::string m_reason;       // Guarded by m_mutex.
    std::uint64_t m_moves = 0;  // Guarded by m_mutex: the manual clock's moves seen.
    std::uint64_t m_pauses = 0; // Guarded by m_mutex.
};

} // namespace kvs
