// Timing of one benchmark operation (bench/measure.h): the latency sample's percentiles, and
// measure()'s calls, refills and budget. measure() runs on a test clock here that the calls and
// refills move by known amounts (a benchmark runs it on the steady clock), so what it timed is
// known exactly and nothing sleeps.

#include "bench/measure/measure.h"

#include <QTest>

#include <chrono>
#include <vector>

using namespace std::chrono_literals;

namespace {

// A clock for measure() that stands still until a call moves it.
struct TestClock
{
    using duration = std::chrono::nanoseconds;
    using rep = duration::rep;
    using period = duration::period;
    using time_point = std::chrono::time_point<TestClock>;
    static constexpr bool is_steady = true;

    static time_point now() noexcept { return time_point(elapsed); }
    static void advance(duration by) noexcept { elapsed += by; }

    static inline duration elapsed{0};
};

} // namespace

class TestMeasure : public QObject
{
    Q_OBJECT

private slots:
    void percentiles()
    {
        kvs::bench::LatencySample sample;
        QCOMPARE(sample.percentileUs(0.5), 0.0); // empty
        for (int us = 100; us >= 1; --us)
            sample.add(std::chrono::microseconds(us));
        // Nearest rank over 1..100 us.
        QCOMPARE(sample.percentileUs(0.50), 50.0);
        QCOMPARE(sample.percentileUs(0.99), 99.0);
        QCOMPARE(sample.percentileUs(1.0), 100.0);
    }

    void percentilesStayBoundedPastCapacity()
    {
        // More calls than the sample keeps: it thins out evenly, so the percentiles of a uniform
        // run stay where they were.
        kvs::bench::LatencySample sample;
        constexpr int kCalls = 5'000'000;
        for (int i = 0; i < kCalls; ++i)
            sample.add(std::chrono::nanoseconds(1000 + i % 1000));
        QVERIFY(qAbs(sample.percentileUs(0.50) - 1.5) <= 0.01);
        QVERIFY(qAbs(sample.percentileUs(0.99) - 1.99) <= 0.01);
    }

    void measureCountsCallsAndRefills()
    {
        kvs::bench::Timing timing;
        std::vector<std::uint64_t> refills;
        std::uint64_t calls = 0;
        std::uint64_t expected = 0;
        bool inOrder = true;
        kvs::bench::measure<TestClock>(
            50ms,
            10,
            [&](std::uint64_t i) { refills.push_back(i); },
            [&](std::uint64_t i) {
                inOrder = inOrder && i == expected++;
                ++calls;
                TestClock::advance(100us);
            },
            timing);
        QVERIFY(inOrder); // op(i) sees i = 0, 1, 2, ...
        QCOMPARE(timing.ops, calls);
        // Calls of 100 us until 50 ms are timed: the call that reaches the budget is the last.
        QCOMPARE(calls, std::uint64_t(500));
        // A refill before every 10 calls, the first before call 0.
        QCOMPARE(refills.size(), std::size_t(50));
        QCOMPARE(refills.front(), std::uint64_t(0));
        QCOMPARE(refills[1], std::uint64_t(10));

        const kvs::bench::Measurement result = timing.result();
        QCOMPARE(result.ops, calls);
        QCOMPARE(result.seconds, 0.05);
        // Each call's time runs from the previous call's end to its own.
        QCOMPARE(result.p50Us, 100.0);
        QCOMPARE(result.p99Us, 100.0);
        QCOMPARE(result.opsPerSecond(), double(calls) / result.seconds);
    }

    void refillsAreNotTimed()
    {
        // A refill 20 times slower than the call before each call: the timed seconds are those
        // of the calls alone, and the calls' latencies leave the refills out.
        kvs::bench::Timing timing;
        int refills = 0;
        kvs::bench::measure<TestClock>(
            3ms,
            1,
            [&](std::uint64_t) {
                ++refills;
                TestClock::advance(20ms);
            },
            [](std::uint64_t) { TestClock::advance(1ms); },
            timing);
        const kvs::bench::Measurement result = timing.result();
        QCOMPARE(refills, 3);
        QCOMPARE(result.ops, std::uint64_t(refills));
        QCOMPARE(result.seconds, 0.003);
        QCOMPARE(result.p99Us, 1000.0);
    }

    void timingAddsUpOverRuns()
    {
        // A bench alternates short runs of the store and its baseline: each run adds its calls
        // and its timed seconds, and the ids go on where the last run stopped.
        kvs::bench::Timing timing;
        std::vector<std::uint64_t> seen;
        for (int run = 0; run < 2; ++run) {
            kvs::bench::measure<TestClock>(
                2ms,
                kvs::bench::kNoRefill,
                [](std::uint64_t) {},
                [&](std::uint64_t i) {
                    seen.push_back(i);
                    TestClock::advance(1ms);
                },
                timing);
        }
        QCOMPARE(seen, (std::vector<std::uint64_t>{0, 1, 2, 3}));
        QCOMPARE(timing.result().seconds, 0.004);
    }
};

QTEST_GUILESS_MAIN(TestMeasure)
#include "tst_measure.moc"
