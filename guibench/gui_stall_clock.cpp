#include "guibench/gui_stall_clock.h"

#include <algorithm>

namespace kvs::bench {

GuiStallClock::GuiStallClock()
{
    m_ticker.setTimerType(Qt::PreciseTimer);
    m_ticker.setInterval(10);
    QObject::connect(&m_ticker, &QTimer::timeout, &m_ticker, [this] {
        const qint64 now = m_clock.elapsed();
        if (now - m_lastTick > m_longestGap) {
            m_longestGap = now - m_lastTick;
            m_longestGapAt = now;
        }
        m_lastTick = now;
    });
}

void GuiStallClock::start()
{
    m_clock.start();
    m_lastTick = 0;
    m_longestGap = 0;
    m_longestGapAt = 0;
    m_ticker.start();
}

qint64 GuiStallClock::longestGapMs() const
{
    return std::max(m_longestGap, m_clock.elapsed() - m_lastTick);
}

qint64 GuiStallClock::longestGapAtMs() const
{
    const qint64 now = m_clock.elapsed();
    return now - m_lastTick > m_longestGap ? now : m_longestGapAt;
}

} // namespace kvs::bench
