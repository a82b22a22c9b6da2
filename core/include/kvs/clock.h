#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace kvs {

/// The time a store reads: when entries expire, when queue messages are due and leases end, and
/// when its timers fire (maintenance, the queue poll, lease renewal). An option of both stores
/// (KVStoreOptions::clock, AsyncKVStoreSettings::clock); the default is the system's. Tests give
/// a ManualClock and move it instead of sleeping. Thread rule: safe from any thread.
class Clock
{
public:
    virtual ~Clock();

    /// Milliseconds since the epoch, as JavaScript's Date.now(): the unit of every stored time,
    /// so other processes (and the JavaScript library) agree on them.
    [[nodiscard]] virtual std::int64_t now() const = 0;
    /// Milliseconds of a clock that never goes back, for timers (the system's steady clock).
    [[nodiscard]] virtual std::int64_t monotonicNow() const = 0;
    /// Whether the time moves only when someone moves it (ManualClock): a timer then waits for a
    /// move, not for real time to pass.
    [[nodiscard]] virtual bool isManual() const noexcept { return false; }
    /// Calls onMove (on the thread that moves the clock, after each move) for as long as the
    /// returned token lives; a clock that moves by itself never calls it and may return null.
    [[nodiscard]] virtual std::shared_ptr<void> subscribe(std::function<void()> onMove);
};

/// The system's clocks: std::chrono::system_clock for now(), steady_clock for monotonicNow().
[[nodiscard]] std::shared_ptr<Clock> systemClock();

/// A clock that stands still until advance() or set() moves it; both readings move together.
/// Starts at the system time (or the given one), so stored times look real.
class ManualClock final : public Clock
{
public:
    ManualClock();
    explicit ManualClock(std::int64_t startMs);

    std::int64_t now() const override;
    std::int64_t monotonicNow() const override;
    bool isManual() const noexcept override { return true; }
    std::shared_ptr<void> subscribe(std::function<void()> onMove) override;

    /// Moves both readings forward by ms (>= 0) and wakes every store timer that waits on it.
    void advance(std::int64_t ms);
    /// Sets now() to ms (monotonicNow() moves by the same amount when ms is later; it never goes
    /// back).
    void set(std::int64_t ms);

private:
    void notify();

    mutable std::mutex m_mutex;
    std::int64_t m_now;                                              // Guarded by m_mutex.
    std::int64_t m_monotonic = 0;                                    // Guarded by m_mutex.
    std::vector<std::weak_ptr<std::function<void()>>> m_subscribers; // Guarded by m_mutex.
};

} // namespace kvs
