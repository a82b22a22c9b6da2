#include "runtime/dispatcher.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcDispatcher, "kvs.core.dispatcher")

namespace kvs::detail {

Dispatcher::Dispatcher(std::string name)
    : m_name(std::move(name))
{}

Dispatcher::~Dispatcher()
{
    stop();
}

void Dispatcher::ensureThread()
{
    // Started lazily: a store nobody watches or listens to and that runs no timer (a read-only
    // open) never creates a thread.
    if (!m_thread.joinable()) {
        m_thread = std::thread([this] { run(); });
        m_threadId = m_thread.get_id();
    }
}

void Dispatcher::post(std::function<void()> task)
{
    std::lock_guard lock(m_mutex);
    if (m_stopped)
        return;
    ensureThread();
    m_tasks.push_back(std::move(task));
    m_wake.notify_one();
}

Dispatcher::TimerId Dispatcher::startTimer(std::chrono::milliseconds interval,
                                           std::function<void()> task)
{
    std::lock_guard lock(m_mutex);
    if (m_stopped)
        return 0;
    ensureThread();
    const TimerId id = m_nextTimer++;
    m_timers.emplace(id, Timer{interval, std::move(task)});
    m_due.emplace(Clock::now() + interval, id);
    m_wake.notify_one();
    return id;
}

void Dispatcher::stopTimer(TimerId id)
{
    std::lock_guard lock(m_mutex);
    // Its entry in m_due is skipped when it comes up (a timer without a m_timers entry is dead).
    m_timers.erase(id);
}

void Dispatcher::stop()
{
    std::thread thread;
    {
        std::lock_guard lock(m_mutex);
        m_stopped = true;
        m_tasks.clear();
        m_due.clear();
        m_timers.clear();
        m_wake.notify_one();
        if (std::this_thread::get_id() == m_threadId) {
            // Called by a task: the thread cannot join itself; it leaves its loop after this
            // task, and the destructor (from another thread) joins it.
            return;
        }
        thread = std::move(m_thread);
    }
    if (thread.joinable())
        thread.join();
}

bool Dispatcher::isDispatcherThread() const noexcept
{
    std::lock_guard lock(m_mutex);
    return std::this_thread::get_id() == m_threadId;
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

void Dispatcher::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_stopped) {
        if (!m_tasks.empty()) {
            std::function<void()> task = std::move(m_tasks.front());
            m_tasks.pop_front();
            lock.unlock();
            invoke(task);
            lock.lock();
            continue;
        }
        if (m_due.empty()) {
            m_wake.wait(lock);
            continue;
        }
        const auto next = m_due.begin();
        if (next->first > Clock::now()) {
            m_wake.wait_until(lock, next->first);
            continue;
        }
        const TimerId id = next->second;
        m_due.erase(next);
        const auto timer = m_timers.find(id);
        if (timer == m_timers.end())
            continue; // stopped
        // Copied: the task may stop its own timer (erasing the entry) while it runs.
        const std::function<void()> task = timer->second.task;
        const auto interval = timer->second.interval;
        lock.unlock();
        invoke(task);
        lock.lock();
        // Rescheduled from the end of the run, so a slow run never queues a burst of catch-ups.
        if (!m_stopped && m_timers.count(id))
            m_due.emplace(Clock::now() + interval, id);
    }
}

} // namespace kvs::detail
