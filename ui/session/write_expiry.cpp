#include "session/write_expiry.h"

#include "common/clock_timer.h"

#include <algorithm>

namespace kvs::ui {

WriteExpiry::WriteExpiry(std::shared_ptr<Clock> clock,
                         std::function<bool()> jobRunning,
                         QObject *parent)
    : QObject(parent)
    , m_timer(new ClockTimer(std::move(clock), this))
    , m_jobRunning(std::move(jobRunning))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &ClockTimer::timeout, this, &WriteExpiry::onTimeout);
}

void WriteExpiry::setMinutes(int minutes)
{
    m_minutes = std::max(1, minutes);
}

void WriteExpiry::start()
{
    m_timer->start(std::chrono::minutes(m_minutes));
}

void WriteExpiry::stop()
{
    m_timer->stop();
}

void WriteExpiry::noteWrite()
{
    if (m_timer->isActive())
        start();
}

bool WriteExpiry::isActive() const
{
    return m_timer->isActive();
}

std::int64_t WriteExpiry::remainingMs() const
{
    return m_timer->remainingMs();
}

void WriteExpiry::onTimeout()
{
    // A running job (a bulk delete, a benchmark) is work in progress, not idleness.
    if (m_jobRunning && m_jobRunning()) {
        start();
        return;
    }
    emit expired();
}

} // namespace kvs::ui
