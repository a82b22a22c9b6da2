#pragma once

#include <QElapsedTimer>
#include <QTimer>

namespace kvs::bench {

// How long the GUI thread's event loop stalls: from start(), a 10 ms timer ticks on the calling
// thread's event loop, and the longest time between two ticks (or since the last one) is the
// longest stall. For kvs-gui-bench; tests assert no duration. Thread rule: the thread whose
// event loop is measured.
class GuiStallClock
{
public:
    GuiStallClock();

    // Starts the clock and the ticks.
    void start();
    // Milliseconds since start().
    [[nodiscard]] qint64 elapsedMs() const { return m_clock.elapsed(); }
    // The longest gap between ticks so far, the stretch since the last tick included.
    [[nodiscard]] qint64 longestGapMs() const;
    // When that gap ended, milliseconds since start() (now, when it is the stretch since the
    // last tick).
    [[nodiscard]] qint64 longestGapAtMs() const;

private:
    QElapsedTimer m_clock;
    QTimer m_ticker;
    qint64 m_lastTick = 0;
    qint64 m_longestGap = 0;
    qint64 m_longestGapAt = 0;
};

} // namespace kvs::bench
