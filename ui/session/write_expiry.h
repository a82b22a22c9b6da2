#pragma once

#include <kvs/clock.h>

#include <QObject>

#include <cstdint>
#include <functional>
#include <memory>

namespace kvs::ui {

class ClockTimer;

// How long "Allow writes" lasts on a production tab: it ends by itself once minutes() of the
// tab's clock (kvs::Clock, through ClockTimer) passed without a write. A job of the tab
// (jobRunning() true) stops the time counting: when the time is up while one runs, it starts
// over, as after a write. Thread rule: GUI thread only.
class WriteExpiry : public QObject
{
    Q_OBJECT

public:
    // jobRunning: whether a job of the tab runs now (null: never).
    WriteExpiry(std::shared_ptr<Clock> clock,
                std::function<bool()> jobRunning,
                QObject *parent = nullptr);

    // Minutes (>= 1) without a write until writes end; takes effect at the next start or write.
    void setMinutes(int minutes);
    int minutes() const { return m_minutes; }
    // Writes were allowed: the time starts.
    void start();
    // Writes ended some other way.
    void stop();
    // A write (or a job's end): the time starts over, when active.
    void noteWrite();
    bool isActive() const;
    // Milliseconds of the clock until writes end (0 when not active).
    std::int64_t remainingMs() const;

signals:
    // The time is up: the tab ends writes.
    void expired();

private:
    void onTimeout();

    ClockTimer *m_timer; // Owned (child).
    std::function<bool()> m_jobRunning;
    int m_minutes = 15;
};

} // namespace kvs::ui
