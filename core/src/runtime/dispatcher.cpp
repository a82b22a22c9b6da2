#include "runtime/dispatcher.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcDispatcher, "kvs.core.dispatcher")

namespace kvs::detail {

Dispatcher::Dispatcher(std::string name, std::shared_ptr<kvs::Clock> clock)
    : m_name(std::move(name))
    , m_core(std::make_shared<Core>())
{
    m_core->clock = clock ? std::move(clock) : systemClock();
    // A manual clock wakes the thread when it moves, so that due timers fire. The wake takes the
    // lock, so it cannot fall between the thread's check of the time and its wait.
    m_clockSubscription = m_core->clock->subscribe([weak = std::weak_ptr<Core>(m_core)] {
        if (const auto core = weak.lock()) {
            std::lock_guard lock(core->mutex);
            core->wake.notify_one();
        }
    });
}

Dispatcher::~Dispatcher()
{
    stop();
    // stop() joined unless it runs on the thread itself (a task that destroyed its store): then
    // the thread leaves its loop after that task, on the Core it shares.
    if (m_thread.joinable())
        m_thread.detach();
}

void Dispatcher::ensureThread()
{
    // Started lazily: a store nobody watches or listens to and that runs no timer (a read-only
    // open) never creates a thread.
    if (!m_thread.joinable()) {
        m_thread = std::thread([core = m_core] { run(core); });
        m_core->threadId = m_thread.get_id();
    }
}

void Dispatcher::post(std::function<void()> task)
{
    std::lock_guard lock(m_core->mutex);
    if (m_core->stopped)
        return;
    ensureThread();
    m_core->tasks.push_back(std::move(task));
    m_core->wake.notify_one();
}

Dispatcher::TimerId Dispatcher::startTimer(std::chrono::milliseconds interval,
                                           std::function<void()> task)
{
    std::lock_guard lock(m_core->mutex);
    if (m_core->stopped)
        return 0;
    ensureThread();
    const TimerId id = m_core->nextTimer++;
    m_core->timers.emplace(id, Timer{interval, std::move(task)});
    m_core->due.emplace(m_core->clock->monotonicNow() + interval.count(), id);
    m_core->wake.notify_one();
    return id;
}

void Dispatcher::stopTimer(TimerId id)
{
    std::lock_guard lock(m_core->mutex);
    // Its entry in due is skipped when it comes up (a timer without a timers entry is dead).
    m_core->timers.erase(id);
}

void Dispatcher::stop()
{
    // Dropped outside the lock: their captures may own things whose destruction posts here.
    std::deque<std::function<void()>> tasks;
    std::unordered_map<TimerId, Timer> timers;
    bool ownThread = false;
    {
        std::lock_guard lock(m_core->mutex);
        m_core->stopped = true;
        tasks.swap(m_core->tasks);
        timers.swap(m_core->timers);
        m_core->due.clear();
        m_core->wake.notify_one();
        ownThread = std::this_thread::get_id() == m_core->threadId;
    }
    tasks.clear();
    timers.clear();
    if (!ownThread && m_thread.joinable())
        m_thread.join(); // a task cannot join its own thread; it ends after this task
}

void Dispatcher::invoke(const std::function<void()> &task) noexcept
{
    try {
        task();
    } catch (const std::exception &e) {
        qCWarning(lcDispatcher, "a background task failed: %s", e.what());
    } catch (...) {
        qCWarning(lcDispatcher, "a background task failed");
    }
}

void Dispatcher::run(const std::shared_ptr<Core> &core)
{
    std::unique_lock lock(core->mutex);
    while (!core->stopped) {
        if (!core->tasks.empty()) {
            std::function<void()> task = std::move(core->tasks.front());
            core->tasks.pop_front();
            lock.unlock();
            invoke(task);
            task = nullptr; // its captures go here, not under the lock
            lock.lock();
            continue;
        }
        if (core->due.empty()) {
            core->wake.wait(lock);
            continue;
        }
        const auto next = core->due.begin();
        const std::int64_t now = core->clock->monotonicNow();
        if (next->first > now) {
            if (core->clock->isManual())
                core->wake.wait(lock); // until the clock moves (or a task comes)
            else
                core->wake.wait_for(lock, std::chrono::milliseconds(next->first - now));
            continue;
        }
        const TimerId id = next->second;
        core->due.erase(next);
        const auto timer = core->timers.find(id);
        if (timer == core->timers.end())
            continue; // stopped
        // Copied: the task may stop its own timer (erasing the entry) while it runs.
        std::function<void()> task = timer->second.task;
        const auto interval = timer->second.interval;
        lock.unlock();
        invoke(task);
        task = nullptr;
        lock.lock();
        // Rescheduled from the end of the run, so a slow run never queues a burst of catch-ups.
        if (!core->stopped && core->timers.count(id))
            core->due.emplace(core->clock->monotonicNow() + interval.count(), id);
    }
}

} // namespace kvs::detail
