// Issue 30: the reconnect mechanism of a database tab (ui/reconnect/reconnect_monitor.h), on a
// real SQLite file through a real session (its check: the file, then a read through the store):
// the first loss is checked at once; a database still away is offline, checked again after 1 s,
// 2 s, 4 s ... at most 30 s of the tab's clock (a ManualClock: the test moves time, nothing
// sleeps); Retry checks at once; a check that works ends the outage and says so once. And the
// clock's timer the waits run on.
#include "common/clock_timer.h"
#include "reconnect/reconnect_monitor.h"
#include "session/database_session.h"
#include "support/database_view_fixture.h"

#include <kvs/clock.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using kvs::ui::ReconnectMonitor;

namespace {

constexpr int kTimeout = 20000;

std::exception_ptr connectionLost()
{
    return std::make_exception_ptr(ConnectionError(
        "kvs: lost the connection to PostgreSQL at h:1/d (test)", ConnectionError::Step::Lost));
}

} // namespace

class TestReconnectMonitor : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<ManualClock> m_clock;
    QString m_path;
    QString m_away;
    std::unique_ptr<ui::DatabaseSession> m_session;

    ReconnectMonitor *monitor() const { return m_session->monitor(); }

    // The seconds until the next check, on the clock.
    std::int64_t nextCheckIn() const { return monitor()->nextCheckMs() - m_clock->now(); }

    // Moves the clock by ms and waits for the check that starts then to end (its answer is on
    // the GUI thread's queue, after a worker looked at the file and read).
    void advanceAndSettle(std::int64_t ms, int failedChecksAfter)
    {
        m_clock->advance(ms);
        QTRY_VERIFY_WITH_TIMEOUT(monitor()->failedChecks() == failedChecksAfter
                                     || monitor()->state() == ReconnectMonitor::State::Online,
                                 kTimeout);
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("monitored.db"));
        m_away = m_dir.filePath(QStringLiteral("away.db"));
        QFile::remove(m_path);
        QFile::remove(m_away);
        KVStore(m_path.toStdString()).set({"k"}, Value(1));
        m_clock = std::make_shared<ManualClock>();
        m_session.reset(test::sqliteSession(m_path));
        m_session->setClock(m_clock);
        QSignalSpy opened(m_session.get(), &ui::DatabaseSession::storeChanged);
        m_session->open();
        QVERIFY(opened.wait(kTimeout));
    }

    void cleanup() { m_session.reset(); }

    void otherErrorsAreNotItsBusiness()
    {
        QSignalSpy states(monitor(), &ReconnectMonitor::stateChanged);
        QVERIFY(!monitor()->reportFailure(
            std::make_exception_ptr(DatabaseError("kvs: PostgreSQL: syntax", "42601", ""))));
        QVERIFY(!monitor()->reportFailure(std::make_exception_ptr(TypeError("kvs: bad"))));
        QVERIFY(!monitor()->reportFailure(nullptr));
        QCOMPARE(monitor()->state(), ReconnectMonitor::State::Online);
        QVERIFY(states.isEmpty());
    }

    // A backend that was ended, a pool connection the server closed: the first check works,
    // and nobody is shown an outage; the feeds still read again (recovered).
    void aLossTheFirstCheckDisprovesIsNoOutage()
    {
        QSignalSpy states(monitor(), &ReconnectMonitor::stateChanged);
        QSignalSpy recovered(monitor(), &ReconnectMonitor::recovered);
        QVERIFY(monitor()->reportFailure(connectionLost()));
        QCOMPARE(monitor()->state(), ReconnectMonitor::State::Checking);
        QVERIFY(recovered.wait(kTimeout));
        QCOMPARE(recovered.size(), 1);
        QCOMPARE(monitor()->state(), ReconnectMonitor::State::Online);
        QCOMPARE(states.size(), 2); // Checking, Online: never Offline
        QCOMPARE(states.at(1).at(0).value<ReconnectMonitor::State>(),
                 ReconnectMonitor::State::Online);
    }

    void aDatabaseStillAwayIsCheckedAfterABackoffOnTheClock()
    {
        QVERIFY(QFile::rename(m_path, m_away));
        QSignalSpy recovered(monitor(), &ReconnectMonitor::recovered);
        const std::int64_t lostAt = m_clock->now();
        QVERIFY(monitor()->reportFailure(connectionLost()));
        QTRY_COMPARE_WITH_TIMEOUT(monitor()->state(), ReconnectMonitor::State::Offline, kTimeout);
        QCOMPARE(monitor()->offlineSinceMs(), lostAt);
        QCOMPARE(monitor()->failedChecks(), 1);
        // The check's own error is the one kept: the file is gone.
        QCOMPARE(monitor()->lossMessage(),
                 QStringLiteral("kvs: the database file \"%1\" is gone (deleted, moved, or its "
                                "disk removed)")
                     .arg(m_path));
        // Further losses reported meanwhile change nothing: the backoff runs.
        QVERIFY(monitor()->reportFailure(connectionLost()));
        const std::vector<std::int64_t> waits{1000, 2000, 4000, 8000, 16000, 30000, 30000};
        for (std::size_t i = 0; i < waits.size(); ++i) {
            QCOMPARE(nextCheckIn(), waits[i]);
            const std::uint64_t started = monitor()->checksStarted();
            // A move on this thread fires the monitor's timer at once: a check that came early
            // would have started by now, on a pool thread.
            m_clock->advance(waits[i] - 1);
            QCOMPARE(monitor()->checksStarted(), started);
            QVERIFY(!monitor()->isChecking());
            QCOMPARE(monitor()->failedChecks(), int(i) + 1);
            advanceAndSettle(1, int(i) + 2);
            QCOMPARE(monitor()->failedChecks(), int(i) + 2);
            QCOMPARE(monitor()->state(), ReconnectMonitor::State::Offline);
        }
        QVERIFY(recovered.isEmpty());

        // Back: the next check on the clock ends the outage, once.
        QVERIFY(QFile::rename(m_away, m_path));
        m_clock->advance(30000);
        QVERIFY(recovered.wait(kTimeout));
        QCOMPARE(monitor()->state(), ReconnectMonitor::State::Online);
        QCOMPARE(monitor()->nextCheckMs(), std::int64_t(0));
        // No check runs and none is planned: nothing can say recovered() again.
        QVERIFY(!monitor()->isChecking());
        QCOMPARE(recovered.size(), 1);
    }

    void retryNowChecksAtOnce()
    {
        QVERIFY(QFile::rename(m_path, m_away));
        QVERIFY(monitor()->reportFailure(connectionLost()));
        QTRY_COMPARE_WITH_TIMEOUT(monitor()->state(), ReconnectMonitor::State::Offline, kTimeout);
        monitor()->retryNow();
        QTRY_COMPARE_WITH_TIMEOUT(monitor()->failedChecks(), 2, kTimeout);
        QCOMPARE(nextCheckIn(), std::int64_t(2000)); // the backoff went on
        QVERIFY(QFile::rename(m_away, m_path));
        QSignalSpy recovered(monitor(), &ReconnectMonitor::recovered);
        monitor()->retryNow(); // no clock move
        QVERIFY(recovered.wait(kTimeout));
        QCOMPARE(monitor()->state(), ReconnectMonitor::State::Online);
    }

    // A loss again right after a recovery is offline at once, the backoff going on: a view that
    // fails for good cannot make the checks spin.
    void aLossRightAfterARecoveryGoesOnWithTheBackoff()
    {
        QSignalSpy recovered(monitor(), &ReconnectMonitor::recovered);
        QVERIFY(monitor()->reportFailure(connectionLost()));
        QVERIFY(recovered.wait(kTimeout));
        QVERIFY(monitor()->reportFailure(connectionLost()));
        QCOMPARE(monitor()->state(), ReconnectMonitor::State::Offline);
        QCOMPARE(nextCheckIn(), std::int64_t(1000));
        m_clock->advance(1000);
        QTRY_COMPARE_WITH_TIMEOUT(monitor()->state(),
                                  ReconnectMonitor::State::Online,
                                  kTimeout); // the file is there
        m_clock->advance(ReconnectMonitor::kSettleMs);
        QVERIFY(monitor()->reportFailure(connectionLost()));
        QCOMPARE(monitor()->state(), ReconnectMonitor::State::Checking); // settled: at once
        QTRY_COMPARE_WITH_TIMEOUT(monitor()->state(), ReconnectMonitor::State::Online, kTimeout);
    }

    void readsThatWorkAreTheLastGoodRead()
    {
        m_clock->advance(5000);
        monitor()->reportSuccess();
        const std::int64_t read = m_clock->now();
        QCOMPARE(monitor()->lastGoodReadMs(), read);
        QVERIFY(QFile::rename(m_path, m_away));
        QVERIFY(monitor()->reportFailure(connectionLost()));
        QTRY_COMPARE_WITH_TIMEOUT(monitor()->state(), ReconnectMonitor::State::Offline, kTimeout);
        m_clock->advance(100);
        monitor()->reportSuccess(); // a read of a store still on the old file says nothing
        QCOMPARE(monitor()->lastGoodReadMs(), read);
        QVERIFY(QFile::rename(m_away, m_path));
    }

    void clockTimerFiresOnlyWhenTheClockPassesItsDeadline()
    {
        ui::ClockTimer timer(m_clock);
        QSignalSpy fired(&timer, &ui::ClockTimer::timeout);
        timer.start(std::chrono::milliseconds(500));
        QVERIFY(timer.isActive());
        QCOMPARE(timer.remainingMs(), std::int64_t(500));
        m_clock->advance(499);
        QCoreApplication::processEvents(); // a move on this thread fires at once
        QVERIFY(fired.isEmpty());
        QCOMPARE(timer.remainingMs(), std::int64_t(1));
        m_clock->advance(1);
        QTRY_COMPARE_WITH_TIMEOUT(fired.size(), 1, kTimeout);
        QVERIFY(!timer.isActive());
        m_clock->advance(1000);
        QCoreApplication::processEvents(); // a move on this thread fires at once
        QCOMPARE(fired.size(), 1);         // single shot
        timer.start(std::chrono::milliseconds(100));
        timer.stop();
        m_clock->advance(1000);
        QCoreApplication::processEvents(); // a move on this thread fires at once
        QCOMPARE(fired.size(), 1);
        // On the system's clock it waits for real time (a short wait here).
        ui::ClockTimer real;
        QSignalSpy realFired(&real, &ui::ClockTimer::timeout);
        real.start(std::chrono::milliseconds(1));
        QVERIFY(realFired.wait(kTimeout));
    }
};

QTEST_MAIN(TestReconnectMonitor)
#include "tst_reconnect_monitor.moc"
