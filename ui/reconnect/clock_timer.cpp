#include "reconnect/clock_timer.h"

#include <QPointer>

#include <algorithm>

namespace kvs::ui {

ClockTimer::ClockTimer(std::shared_ptr<Clock> clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock ? std::move(clock) : systemClock())
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::CoarseTimer);
    connect(&m_timer, &QTimer::timeout, this, &ClockTimer::check);
}

ClockTimer::~ClockTimer() = default;

void ClockTimer::setClock(std::shared_ptr<Clock> clock)
{
    stop();
    m_clock = clock ? std::move(clock) : systemClock();
}

void ClockTimer::start(std::chrono::milliseconds delay)
{
    stop();
    m_active = true;
    m_deadline = m_clock->monotonicNow() + std::max<std::int64_t>(delay.count(), 0);
    if (m_clock->isManual()) {
        // Told after each move, on the thread that moved it: the check comes here, queued.
        QPointer<ClockTimer> self(this);
        m_moves = m_clock->subscribe([self] {
            QMetaObject::invokeMethod(
                self.data(),
                [self] {
                    if (self)
                        self->check();
                },
                Qt::QueuedConnection);
        });
        if (delay.count() <= 0)
            QMetaObject::invokeMethod(this, &ClockTimer::check, Qt::QueuedConnection);
        return;
    }
    m_timer.start(static_cast<int>(std::clamp<std::int64_t>(delay.count(), 0, 24 * 3600 * 1000)));
}

void ClockTimer::stop()
{
    m_active = false;
    m_moves.reset();
    m_timer.stop();
}

std::int64_t ClockTimer::remainingMs() const
{
    return m_active ? std::max<std::int64_t>(m_deadline - m_clock->monotonicNow(), 0) : 0;
}

void ClockTimer::check()
{
    if (!m_active)
        return;
    const std::int64_t left = m_deadline - m_clock->monotonicNow();
    if (left > 0) {
        if (!m_clock->isManual()) // a system timer that fired early (coarse): wait the rest
            m_timer.start(static_cast<int>(left));
        return;
    }
    stop();
    emit timeout();
}

} // namespace kvs::ui
