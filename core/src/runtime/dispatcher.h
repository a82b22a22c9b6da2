#pragma once

#include <kvs/clock.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

namespace kvs::detail {

// The background thread of one store: it runs posted tasks one at a time, in order, and the
// store's timers (maintenance, the queue poll, lease renewal) on the store's clock: with a
// ManualClock a timer fires when the clock is moved past its time, not when real time passes.
//
// Why a thread of our own and not a Qt event loop: the core must work in programs that have no
// QCoreApplication and no event loop on any thread (the CLI, tests, scripts), and its timers must
// never keep a process alive or fire after close(). A std::thread waiting on a condition variable
// is the smallest thing that does both: stop() wakes it at once and joins it, so a store that is
// destroyed without close() still ends its thread promptly. Callers on the GUI thread never wait
// on it: they post and receive results through futures or queued signals of their own.
//
// Thread rule: safe from any thread, destruction included: the thread's state is shared with
// it, so a dispatcher destroyed by one of its own tasks lets its thread finish on its own.
// Tasks must not throw (their owners count failures); an escaping exception is logged.
class Dispatcher
{
public:
    using TimerId = std::uint64_t;

    // clock: the store's (kvs/clock.h); null means the system's.
    Dispatcher(std::string name, std::shared_ptr<kvs::Clock> clock = nullptr);
    ~Dispatcher(); // stop()
    Dispatcher(const Dispatcher &) = delete;
    Dispatcher &operator=(const Dispatcher &) = delete;

    // Runs task on the dispatcher thread after the tasks posted before it. Ignored after stop().
    void post(std::function<void()> task);
    // Runs task every interval (first after one interval) until stopTimer(). Returns 0 after
    // stop(). Requires: interval > 0.
    TimerId startTimer(std::chrono::milliseconds interval, std::function<void()> task);
    // Stops a timer; a run already under way finishes. Unknown ids are ignored.
    void stopTimer(TimerId id);
    // Drops pending tasks and timers, and joins the thread (unless called from it, in which case
    // the thread ends after the current task). Nothing starts after stop() returns. Idempotent.
    void stop();

private:
    struct Timer
    {
        std::chrono::milliseconds interval;
        std::function<void()> task;
    };

    // Everything the thread touches, owned jointly by the dispatcher and its thread.
    struct Core
    {
        std::mutex mutex;
        std::condition_variable wake;
        bool stopped = false;                    // Guarded by mutex.
        std::deque<std::function<void()>> tasks; // Guarded by mutex.
        std::shared_ptr<kvs::Clock> clock;
        std::multimap<std::int64_t, TimerId> due;  // Guarded by mutex. By monotonicNow().
        std::unordered_map<TimerId, Timer> timers; // Guarded by mutex.
        TimerId nextTimer = 1;                     // Guarded by mutex.
        std::thread::id threadId;                  // Guarded by mutex.
    };

    void ensureThread(); // Requires: m_core->mutex held.
    static void run(const std::shared_ptr<Core> &core);
    static void invoke(const std::function<void()> &task) noexcept;

    std::string m_name;
    std::shared_ptr<Core> m_core;
    std::shared_ptr<void> m_clockSubscription; // wakes the thread when a manual clock moves
    std::thread m_thread;                      // Started on first use.
};

} // namespace kvs::detail
