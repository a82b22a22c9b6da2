#pragma once

#include <kvs/clock.h>

#include <QObject>
#include <QTimer>

#include <chrono>
#include <cstdint>
#include <memory>

namespace kvs::ui {

namespace detail {
struct ClockTimerLink;
}

// A timer on a kvs::Clock, the one time source of the stores and the views (a database tab's
// DatabaseSession::clock()): timeout() once interval() ms of the clock's monotonic time have
// passed since start(), then again every interval() ms unless single-shot. On a clock that moves
// by itself (systemClock(), the default) a QTimer waits for real time. On a ManualClock (tests)
// it fires when a move carries the clock past the deadline, once per such move, and never on
// real time: a test moves the clock instead of sleeping. Views that show time tick on it (the
// inspector's countdown, the key tree's expiry countdowns).
// Thread rule: GUI thread only (or the thread it lives in). A ManualClock may be moved on any
// thread: a move on another thread fires the timer through this object's event loop.
class ClockTimer : public QObject
{
    Q_OBJECT

public:
    explicit ClockTimer(QObject *parent = nullptr);
    // On clock (null: the system's).
    explicit ClockTimer(std::shared_ptr<Clock> clock, QObject *parent = nullptr);
    ~ClockTimer() override;

    // The clock it follows (null: the system's); a running timer starts over on it.
    void setClock(std::shared_ptr<Clock> clock);
    const std::shared_ptr<Clock> &clock() const { return m_clock; }
    // Milliseconds (>= 0) between start() and timeout(), and between timeouts.
    void setInterval(std::int64_t ms);
    std::int64_t interval() const { return m_interval; }
    void setSingleShot(bool singleShot) { m_singleShot = singleShot; }
    bool isSingleShot() const { return m_singleShot; }

    // Starts (or restarts) the interval from the clock's time now.
    void start();
    // Fires once, delay from now on the clock (a running timer starts over); the timer is
    // single-shot from then on, with delay as its interval.
    void start(std::chrono::milliseconds delay);
    void stop();
    bool isActive() const { return m_active; }
    // The milliseconds left on the clock until the next timeout (0 when not active or due).
    std::int64_t remainingMs() const;

signals:
    void timeout();

private:
    // A ManualClock moved: fires when its time reached the deadline.
    void clockMoved();
    void fire();

    std::shared_ptr<Clock> m_clock;
    std::int64_t m_interval = 0;
    std::int64_t m_deadline = 0; // the clock's monotonicNow() to fire at
    bool m_singleShot = false;
    bool m_active = false;
    QTimer m_timer; // the system's clock
    // While active on a ManualClock: the subscription, and the link a move on another thread
    // reaches this object through (cut when it goes).
    std::shared_ptr<void> m_moves;
    std::shared_ptr<detail::ClockTimerLink> m_link;
};

} // namespace kvs::ui
