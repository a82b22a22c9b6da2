// kvs::Clock (kvs/clock.h): the system's clocks, and ManualClock, which stands still until a
// test moves it and tells its subscribers (the stores' timer threads) after each move.
#include <kvs/clock.h>

#include <QDateTime>
#include <QTest>

#include <atomic>
#include <thread>

using namespace kvs;

class TestClock : public QObject
{
    Q_OBJECT

private slots:
    void systemClockReadsTheSystemTime();
    void manualClockStartsAtTheSystemTimeOrTheGivenOne();
    void advanceMovesBothReadings();
    void setMovesNowAndTheMonotonicReadingOnlyForward();
    void subscribersHearEveryMoveWhileTheirTokenLives();
};

void TestClock::systemClockReadsTheSystemTime()
{
    const std::shared_ptr<Clock> clock = systemClock();
    QCOMPARE(systemClock(), clock); // one for the process
    QVERIFY(!clock->isManual());
    QVERIFY(clock->subscribe([] {}) == nullptr); // it moves by itself and calls nobody
    const std::int64_t before = QDateTime::currentMSecsSinceEpoch();
    const std::int64_t now = clock->now();
    const std::int64_t after = QDateTime::currentMSecsSinceEpoch();
    QVERIFY(now >= before && now <= after);
    const std::int64_t first = clock->monotonicNow();
    QVERIFY(clock->monotonicNow() >= first);
}

void TestClock::manualClockStartsAtTheSystemTimeOrTheGivenOne()
{
    const std::int64_t before = QDateTime::currentMSecsSinceEpoch();
    ManualClock clock;
    const std::int64_t after = QDateTime::currentMSecsSinceEpoch();
    QVERIFY(clock.isManual());
    QVERIFY(clock.now() >= before && clock.now() <= after);
    ManualClock given(1'000'000);
    QCOMPARE(given.now(), std::int64_t(1'000'000));
    // Nothing but a move changes either reading.
    const std::int64_t monotonic = given.monotonicNow();
    QCOMPARE(given.now(), std::int64_t(1'000'000));
    QCOMPARE(given.monotonicNow(), monotonic);
}

void TestClock::advanceMovesBothReadings()
{
    ManualClock clock(5000);
    const std::int64_t monotonic = clock.monotonicNow();
    clock.advance(250);
    QCOMPARE(clock.now(), std::int64_t(5250));
    QCOMPARE(clock.monotonicNow(), monotonic + 250);
    clock.advance(0);
    QCOMPARE(clock.now(), std::int64_t(5250));
    QCOMPARE(clock.monotonicNow(), monotonic + 250);
}

void TestClock::setMovesNowAndTheMonotonicReadingOnlyForward()
{
    ManualClock clock(5000);
    const std::int64_t monotonic = clock.monotonicNow();
    clock.set(6000);
    QCOMPARE(clock.now(), std::int64_t(6000));
    QCOMPARE(clock.monotonicNow(), monotonic + 1000);
    clock.set(5500); // the wall clock may go back; timers never do
    QCOMPARE(clock.now(), std::int64_t(5500));
    QCOMPARE(clock.monotonicNow(), monotonic + 1000);
    clock.set(5600);
    QCOMPARE(clock.now(), std::int64_t(5600));
    QCOMPARE(clock.monotonicNow(), monotonic + 1100);
}

void TestClock::subscribersHearEveryMoveWhileTheirTokenLives()
{
    ManualClock clock(0);
    std::atomic<int> moves{0};
    std::atomic<bool> onMovingThread{true};
    std::thread::id mover = std::this_thread::get_id();
    std::shared_ptr<void> token = clock.subscribe([&] {
        moves.fetch_add(1);
        if (std::this_thread::get_id() != mover)
            onMovingThread.store(false);
    });
    QVERIFY(token);
    clock.advance(10); // called after the move, before advance() returns
    QCOMPARE(moves.load(), 1);
    clock.set(100);
    QCOMPARE(moves.load(), 2);
    std::thread other([&] {
        mover = std::this_thread::get_id();
        clock.advance(1);
    });
    other.join();
    QCOMPARE(moves.load(), 3);
    QVERIFY(onMovingThread.load());
    token.reset();
    clock.advance(1);
    QCOMPARE(moves.load(), 3);
}

QTEST_GUILESS_MAIN(TestClock)
#include "tst_clock.moc"
