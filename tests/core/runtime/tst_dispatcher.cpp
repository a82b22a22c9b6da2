// detail::Dispatcher, the background thread of a store, on a ManualClock: posted tasks run at
// once, in order; a timer runs when the clock is moved past its time (never on real time), once
// per move however far the move goes, and never after stopTimer() or stop(). A timer's task
// records the clock's reading when it runs: the clock moves only when the test moves it, so the
// reading says at which move the timer ran, whatever the threads' speed. A timer's next time
// counts from the end of its run, so after a run a test waits for the thread (drained()) before
// it moves the clock again.
#include "runtime/dispatcher.h"

#include <kvs/clock.h>

#include <QTest>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

using namespace kvs;
using kvs::detail::Dispatcher;
using namespace std::chrono_literals;

namespace {

// The monotonic readings at which a timer ran. Thread rule: safe from any thread.
class Runs
{
public:
    explicit Runs(std::shared_ptr<ManualClock> clock)
        : m_clock(std::move(clock))
    {}
    std::function<void()> task()
    {
        return [this] {
            std::lock_guard lock(m_mutex);
            m_at.push_back(m_clock->monotonicNow());
        };
    }
    std::vector<std::int64_t> at() const
    {
        std::lock_guard lock(m_mutex);
        return m_at;
    }
    std::size_t count() const { return at().size(); }

private:
    std::shared_ptr<ManualClock> m_clock;
    mutable std::mutex m_mutex;
    std::vector<std::int64_t> m_at;
};

// Whether the dispatcher has finished what it was running when the call began (a timer's run
// and the setting of its next time): a task posted now runs after it.
bool drained(Dispatcher &dispatcher)
{
    auto ran = std::make_shared<std::atomic<bool>>(false);
    dispatcher.post([ran] { ran->store(true); });
    return QTest::qWaitFor([&] { return ran->load(); }, 5000);
}

} // namespace

class TestDispatcher : public QObject
{
    Q_OBJECT

private slots:
    void postedTasksRunInOrderWithoutTheClock();
    void timerRunsWhenTheClockPassesItsTime();
    void timerRunsOnceAMoveAndAgainOneIntervalAfterItsRun();
    void stoppedTimerNeverRunsAgain();
    void nothingRunsAfterStop();
};

void TestDispatcher::postedTasksRunInOrderWithoutTheClock()
{
    const auto clock = std::make_shared<ManualClock>();
    Dispatcher dispatcher("test", clock);
    std::mutex mutex;
    std::vector<int> order;
    for (int i = 0; i < 5; ++i) {
        dispatcher.post([&, i] {
            std::lock_guard lock(mutex);
            order.push_back(i);
        });
    }
    QTRY_COMPARE_WITH_TIMEOUT(
        [&] {
            std::lock_guard lock(mutex);
            return order.size();
        }(),
        std::size_t(5),
        5000);
    std::lock_guard lock(mutex);
    QCOMPARE(order, std::vector<int>({0, 1, 2, 3, 4}));
}

void TestDispatcher::timerRunsWhenTheClockPassesItsTime()
{
    const auto clock = std::make_shared<ManualClock>();
    const std::int64_t start = clock->monotonicNow();
    Dispatcher dispatcher("test", clock);
    Runs timer(clock);
    Runs marker(clock);
    dispatcher.startTimer(100ms, timer.task());
    dispatcher.startTimer(99ms, marker.task());
    clock->advance(99);
    QTRY_COMPARE_WITH_TIMEOUT(marker.count(), std::size_t(1), 5000); // the move woke the thread
    clock->advance(1);
    QTRY_COMPARE_WITH_TIMEOUT(timer.count(), std::size_t(1), 5000);
    QCOMPARE(timer.at().front(), start + 100); // at its time, not at the move before it
    QCOMPARE(marker.at().front(), start + 99);
}

void TestDispatcher::timerRunsOnceAMoveAndAgainOneIntervalAfterItsRun()
{
    const auto clock = std::make_shared<ManualClock>();
    const std::int64_t start = clock->monotonicNow();
    Dispatcher dispatcher("test", clock);
    Runs timer(clock);
    dispatcher.startTimer(100ms, timer.task());
    clock->advance(100);
    QTRY_COMPARE_WITH_TIMEOUT(timer.count(), std::size_t(1), 5000);
    QVERIFY(drained(dispatcher));
    // Two and a half intervals in one move: one run, no burst of catch-ups, and the next one an
    // interval after it.
    clock->advance(250);
    QTRY_COMPARE_WITH_TIMEOUT(timer.count(), std::size_t(2), 5000);
    QVERIFY(drained(dispatcher));
    clock->advance(99);
    clock->advance(1);
    QTRY_COMPARE_WITH_TIMEOUT(timer.count(), std::size_t(3), 5000);
    QCOMPARE(timer.at(), std::vector<std::int64_t>({start + 100, start + 350, start + 450}));
}

void TestDispatcher::stoppedTimerNeverRunsAgain()
{
    const auto clock = std::make_shared<ManualClock>();
    Dispatcher dispatcher("test", clock);
    Runs stopped(clock);
    Runs marker(clock);
    const Dispatcher::TimerId id = dispatcher.startTimer(100ms, stopped.task());
    dispatcher.startTimer(1000ms, marker.task());
    clock->advance(100);
    QTRY_COMPARE_WITH_TIMEOUT(stopped.count(), std::size_t(1), 5000);
    QVERIFY(drained(dispatcher)); // its next time is set: 200
    dispatcher.stopTimer(id);
    // The marker is due after the stopped timer's next time: timers run in the order of their
    // times, so once the marker ran, the stopped timer would have run before it.
    clock->advance(900);
    QTRY_COMPARE_WITH_TIMEOUT(marker.count(), std::size_t(1), 5000);
    QCOMPARE(stopped.count(), std::size_t(1));
}

void TestDispatcher::nothingRunsAfterStop()
{
    const auto clock = std::make_shared<ManualClock>();
    Dispatcher dispatcher("test", clock);
    Runs timer(clock);
    dispatcher.startTimer(100ms, timer.task());
    dispatcher.stop(); // joins the thread: nothing of the dispatcher runs from here on
    clock->advance(1000);
    QCOMPARE(timer.count(), std::size_t(0));
    QCOMPARE(dispatcher.startTimer(100ms, timer.task()), Dispatcher::TimerId(0));
    std::atomic<bool> posted{false};
    dispatcher.post([&] { posted.store(true); });
    QVERIFY(!posted.load());
}

QTEST_GUILESS_MAIN(TestDispatcher)
#include "tst_dispatcher.moc"
