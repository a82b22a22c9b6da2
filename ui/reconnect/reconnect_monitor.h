#pragma once

#include "common/clock_timer.h"

#include <kvs/clock.h>
#include <kvs/reconnect_backoff.h>

#include <QFuture>
#include <QObject>
#include <QString>

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>

namespace kvs::ui {

// The one reconnect mechanism of a database tab (issue 30). Whatever in the tab reads the
// database (the live feeds of the tree, the inspector and the watch panes, the queue poll, the
// Tables view and SQL console) reports here: a failure that is a lost connection
// (kvs::ConnectionError: a server restarting, a backend ended, a SQLite file gone) and the reads
// that worked. At the first loss it checks at once (the store's pool replaces a connection the
// server closed, so after a terminated backend the first check works and nobody sees an
// outage); when that fails too the tab is offline: stateChanged(Offline), and it checks again
// after a backoff on the tab's clock (kvs::ReconnectBackoff: 1 s, doubling, at most 30 s);
// retryNow() checks at once. A check that works ends the outage: recovered() tells every live
// feed to subscribe again and read once, which catches up with what was committed meanwhile.
// The check is the session's (a cheap read through the store's pool, or a look at the file).
//
// The test seam: the clock. With a ManualClock every wait passes when the test moves the clock;
// the monitor never sleeps. Issue 33 (a failover) builds on this: the check reconnects to
// whichever server the URL's hosts lead to now. Thread rule: GUI thread only.
class ReconnectMonitor : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Online,   // reads work (as far as anybody reported)
        Checking, // a loss was reported; the first check runs (nothing is shown yet)
        Offline,  // the database cannot be reached: views show what they read before, stale
    };
    Q_ENUM(State)
    // A read that proves the database answers; its future fails as the read does.
    using Check = std::function<QFuture<void>()>;

    // A failure right after a recovery (within this much clock time) continues the backoff
    // instead of starting over, so that a view failing for good cannot make the checks spin.
    static constexpr std::int64_t kSettleMs = 5000;

    explicit ReconnectMonitor(QObject *parent = nullptr);
    ~ReconnectMonitor() override;

    // The clock of the waits and of the times shown (null: the system's).
    void setClock(std::shared_ptr<Clock> clock);
    const std::shared_ptr<Clock> &clock() const { return m_clock; }
    // How to check; without one, a loss is Offline until reportRecovered() or a check is set.
    void setCheck(Check check);

    // Whether error is a lost connection the monitor handles (kvs::ConnectionError).
    [[nodiscard]] static bool isConnectionLoss(const std::exception_ptr &error);
    // The exception a finished future holds, or null (for continuations: it does not wait).
    template <typename T>
    [[nodiscard]] static std::exception_ptr exceptionOf(const QFuture<T> &future)
    {
        try {
            QFuture<T>(future).waitForFinished();
        } catch (...) {
            return std::current_exception();
        }
        return nullptr;
    }

    // A read failed. True when it is a lost connection, now handled here: the caller keeps
    // what it showed (stale), stops asking, and reads again at recovered(). False for other
    // errors, which the caller reports as before.
    bool reportFailure(const std::exception_ptr &error);
    template <typename T>
    bool reportFailureOf(const QFuture<T> &future)
    {
        const std::exception_ptr error = exceptionOf(future);
        return error && reportFailure(error);
    }
    // A read worked: its time is the last good read (while online).
    void reportSuccess();
    // Checks now (the banners' "Retry now", the tab's Retry). Nothing while a check runs.
    void retryNow();

    State state() const { return m_state; }
    bool isOffline() const { return m_state == State::Offline; }
    // Clock times (kvs::Clock::now(), ms since the epoch); 0 when there is none.
    std::int64_t lastGoodReadMs() const { return m_lastGoodRead; }
    // When the loss of this (or the last) outage was reported.
    std::int64_t offlineSinceMs() const { return m_offlineSince; }
    // When the next check runs (0: none planned, e.g. while one runs).
    std::int64_t nextCheckMs() const;
    // The message of the loss that started the outage (the core's text, "kvs: ...").
    const QString &lossMessage() const { return m_lossMessage; }
    // Checks that failed in this outage.
    int failedChecks() const { return m_failedChecks; }
    // Whether a check runs now (its read is on a pool thread).
    bool isChecking() const { return m_checking; }
    // Checks started since construction: a count that only grows (tests see that none started
    // early without waiting for one).
    std::uint64_t checksStarted() const { return m_generation; }

signals:
    void stateChanged(kvs::ui::ReconnectMonitor::State state);
    // Offline now, or still (after a failed check): the next check's time changed.
    void offlineUpdated();
    // The database answers again after a loss: every live feed subscribes again and reads once.
    void recovered();

private:
    void startCheck();
    void checkFinished(const std::exception_ptr &error);
    void goOffline();
    void setState(State state);
    std::int64_t now() const;

    std::shared_ptr<Clock> m_clock;
    Check m_check;
    ClockTimer *m_timer; // Owned (child).
    ReconnectBackoff m_backoff;
    State m_state = State::Online;
    bool m_checking = false;
    std::uint64_t m_generation = 0; // checks started; the latest's: a stale answer is dropped
    std::int64_t m_lastGoodRead = 0;
    std::int64_t m_offlineSince = 0;
    std::int64_t m_recoveredAt = -1; // monotonic, of the last recovery
    QString m_lossMessage;
    int m_failedChecks = 0;
};

} // namespace kvs::ui
