#pragma once

#include <kvs/clock.h>

#include <QObject>
#include <QTimer>

#include <chrono>
#include <cstdint>
#include <memory>

namespace kvs::ui {

// A single-shot timer on a kvs::Clock (the store's time, not Qt's): timeout() fires once the
// clock's monotonic reading reaches the deadline. On the system's clock a QTimer waits for it;
// on a ManualClock (tests) nothing fires until the test moves the clock past the deadline, so a
// test of a backoff moves time instead of sleeping. Thread rule: GUI thread only (the clock may
// be moved from any thread; the check runs here).
class ClockTimer : public QObject
{
    Q_OBJECT

public:
    // clock null: the system's.
    explicit ClockTimer(std::shared_ptr<Clock> clock = nullptr, QObject *parent = nullptr);
    ~ClockTimer() override;

    // Another clock (a running timer stops).
    void setClock(std::shared_ptr<Clock> clock);
    const std::shared_ptr<Clock> &clock() const { return m_clock; }

    // Fires once, delay from now on the clock (a running timer starts over).
    void start(std::chrono::milliseconds delay);
    void stop();
    bool isActive() const { return m_active; }
    // The milliseconds left on the clock (0 when not active or due).
    std::int64_t remainingMs() const;

signals:
    void timeout();

private:
    void check();

    std::shared_ptr<Clock> m_clock;
    std::shared_ptr<void> m_moves; // the ManualClock's subscription while active
    QTimer m_timer;                // the system clock's wait
    std::int64_t m_deadline = 0;   // on m_clock->monotonicNow()
    bool m_active = false;
};

} // namespace kvs::ui
