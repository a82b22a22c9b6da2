#include "common/clock_timer.h"

#include <QPointer>
#include <QThread>

#include <algorithm>
#include <mutex>

namespace kvs::ui {

namespace detail {

// What a ManualClock's subscription holds instead of the timer itself: a move on another thread
// posts through it under the lock, and the timer's destructor cuts it under the same lock, so a
// move never reaches a timer that is being destroyed.
struct ClockTimerLink
{
    std::mutex mutex;
    ClockTimer *timer = nullptr; // Not owned. Guarded by mutex.
    QThread *thread = nullptr;   // The timer's thread.
};

} // namespace detail

ClockTimer::ClockTimer(QObject *parent)
    : QObject(parent)
    , m_clock(systemClock())
{
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_deadline = m_clock->monotonicNow() + m_interval; // the next one, for remainingMs()
        fire();
    });
}

ClockTimer::ClockTimer(std::shared_ptr<Clock> clock, QObject *parent)
    : ClockTimer(parent)
{
    if (clock)
        m_clock = std::move(clock);
}

ClockTimer::~ClockTimer()
{
    stop();
}

void ClockTimer::setClock(std::shared_ptr<Clock> clock)
{
    m_clock = clock ? std::move(clock) : systemClock();
    if (m_active)
        start();
}

void ClockTimer::setInterval(std::int64_t ms)
{
    m_interval = std::max<std::int64_t>(ms, 0);
    if (m_active)
        start();
}

void ClockTimer::start()
{
    stop();
    m_active = true;
    m_deadline = m_clock->monotonicNow() + m_interval;
    if (!m_clock->isManual()) {
        m_timer.setSingleShot(m_singleShot);
        m_timer.start(static_cast<int>(std::min<std::int64_t>(m_interval, INT32_MAX)));
        return;
    }
    m_link = std::make_shared<detail::ClockTimerLink>();
    m_link->timer = this;
    m_link->thread = thread();
    m_moves = m_clock->subscribe([link = m_link] {
        if (QThread::currentThread() == link->thread) {
            // The timer's own thread: it cannot be destroyed meanwhile, and a timeout() slot
            // may destroy it, so no lock is held while it runs.
            ClockTimer *timer = nullptr;
            {
                std::lock_guard lock(link->mutex);
                timer = link->timer;
            }
            if (timer)
                timer->clockMoved();
            return;
        }
        std::lock_guard lock(link->mutex);
        if (link->timer) {
            QPointer<ClockTimer> timer(link->timer);
            QMetaObject::invokeMethod(
                link->timer,
                [timer] {
                    if (timer)
                        timer->clockMoved();
                },
                Qt::QueuedConnection);
        }
    });
}

void ClockTimer::start(std::chrono::milliseconds delay)
{
    m_singleShot = true;
    m_interval = std::max<std::int64_t>(delay.count(), 0);
    start();
}

std::int64_t ClockTimer::remainingMs() const
{
    return m_active ? std::max<std::int64_t>(m_deadline - m_clock->monotonicNow(), 0) : 0;
}

void ClockTimer::stop()
{
    m_active = false;
    m_timer.stop();
    if (m_link) {
        std::lock_guard lock(m_link->mutex);
        m_link->timer = nullptr;
    }
    m_link.reset();
    m_moves.reset();
}

void ClockTimer::clockMoved()
{
    if (!m_active || !m_clock->isManual())
        return;
    const std::int64_t now = m_clock->monotonicNow();
    if (now < m_deadline)
        return;
    // Once per move however many intervals it jumped, as a QTimer that fell behind.
    m_deadline = now + std::max<std::int64_t>(m_interval, 1);
    fire();
}

void ClockTimer::fire()
{
    if (m_singleShot)
        stop();
    emit timeout();
}

} // namespace kvs::ui
