// ClockTimer: on a ManualClock it fires when a move passes its deadline and never on real time
// (a move on another thread too, through the event loop); on the system's clock it is a QTimer.
#include "common/clock_timer.h"

#include <kvs/clock.h>

#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <memory>
#include <thread>

using kvs::ManualClock;
using kvs::ui::ClockTimer;

class TestClockTimer : public QObject
{
    Q_OBJECT

private slots:
    void firesWhenAManualClockPassesTheDeadline()
    {
        auto clock = std::make_shared<ManualClock>(1'000'000);
        ClockTimer timer;
        timer.setClock(clock);
        timer.setInterval(1000);
        QSignalSpy fired(&timer, &ClockTimer::timeout);
        timer.start();
        QVERIFY(timer.isActive());
        clock->advance(999);
        QCOMPARE(fired.count(), 0);
        clock->advance(1);
        QCOMPARE(fired.count(), 1);
        // A jump over several intervals fires once, as a QTimer that fell behind.
        clock->advance(5000);
        QCOMPARE(fired.count(), 2);
        clock->advance(999);
        QCOMPARE(fired.count(), 2);
        clock->advance(1);
        QCOMPARE(fired.count(), 3);
        // Real time alone never fires it.
        QCoreApplication::processEvents();
        QCOMPARE(fired.count(), 3);
        timer.stop();
        QVERIFY(!timer.isActive());
        clock->advance(10'000);
        QCOMPARE(fired.count(), 3);
    }

    void aSingleShotFiresOnce()
    {
        auto clock = std::make_shared<ManualClock>(0);
        ClockTimer timer;
        timer.setClock(clock);
        timer.setSingleShot(true);
        timer.setInterval(500);
        QSignalSpy fired(&timer, &ClockTimer::timeout);
        timer.start();
        clock->advance(500);
        QCOMPARE(fired.count(), 1);
        QVERIFY(!timer.isActive());
        clock->advance(500);
        QCOMPARE(fired.count(), 1);
        // start() counts from the clock's time then.
        timer.start();
        clock->advance(499);
        QCOMPARE(fired.count(), 1);
        clock->set(clock->now() + 1);
        QCOMPARE(fired.count(), 2);
    }

    void aNewClockRestartsARunningTimer()
    {
        auto first = std::make_shared<ManualClock>(0);
        auto second = std::make_shared<ManualClock>(0);
        ClockTimer timer;
        timer.setClock(first);
        timer.setInterval(100);
        QSignalSpy fired(&timer, &ClockTimer::timeout);
        timer.start();
        timer.setClock(second);
        QVERIFY(timer.isActive());
        first->advance(1000);
        QCOMPARE(fired.count(), 0);
        second->advance(100);
        QCOMPARE(fired.count(), 1);
    }

    void aMoveOnAnotherThreadFiresThroughTheEventLoop()
    {
        auto clock = std::make_shared<ManualClock>(0);
        ClockTimer timer;
        timer.setClock(clock);
        timer.setInterval(1000);
        QSignalSpy fired(&timer, &ClockTimer::timeout);
        timer.start();
        std::thread mover([clock] { clock->advance(1000); });
        mover.join();
        QCOMPARE(fired.count(), 0); // not on the mover's thread
        QTRY_COMPARE_WITH_TIMEOUT(fired.count(), 1, 5000);
    }

    // A timer that goes while another thread moves its clock: no move reaches it afterwards.
    void aTimerDestroyedWhileTheClockMovesElsewhere()
    {
        auto clock = std::make_shared<ManualClock>(0);
        std::atomic<bool> stop = false;
        std::thread mover([&] {
            while (!stop)
                clock->advance(1);
        });
        for (int round = 0; round < 200; ++round) {
            auto timer = std::make_unique<ClockTimer>();
            timer->setClock(clock);
            timer->setInterval(0);
            timer->start();
            QCoreApplication::processEvents();
        }
        stop = true;
        mover.join();
        QCoreApplication::processEvents(); // moves posted to timers gone find no receiver
    }

    void onTheSystemClockItIsAQTimer()
    {
        ClockTimer timer;
        QVERIFY(!timer.clock()->isManual());
        timer.setInterval(10);
        timer.setSingleShot(true);
        QSignalSpy fired(&timer, &ClockTimer::timeout);
        timer.start();
        QVERIFY(fired.wait(5000));
        QCOMPARE(fired.count(), 1);
        QVERIFY(!timer.isActive());
    }
};

QTEST_MAIN(TestClockTimer)
#include "tst_clock_timer.moc"
