// Timing of one benchmark operation (bench/measure.h): the latency sample's percentiles, and
// measure()'s calls, refills and budget. The operations measured sleep, in real time on purpose:
// measure() times them on the steady clock (a benchmark's time is real), so they must take it.

#include "bench/measure/measure.h"

#include <QTest>

#include <chrono>
#include <thread>
#include <vector>

using namespace std::chrono_literals;

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
        kvs::bench::measure(
            50ms,
            10,
            [&](std::uint64_t i) { refills.push_back(i); },
            [&](std::uint64_t i) {
                inOrder = inOrder && i == expected++;
                ++calls;
                std::this_thread::sleep_for(100us);
            },
            timing);
        QVERIFY(inOrder); // op(i) sees i = 0, 1, 2, ...
        QCOMPARE(timing.ops, calls);
        QVERIFY(calls > 10);
        // A refill before every 10 calls, the first before call 0.
        QCOMPARE(refills.size(), std::size_t((calls + 9) / 10));
        QCOMPARE(refills.front(), std::uint64_t(0));
        QCOMPARE(refills[1], std::uint64_t(10));

        const kvs::bench::Measurement result = timing.result();
        QCOMPARE(result.ops, calls);
        QVERIFY(result.seconds >= 0.05);
        QVERIFY(result.p50Us >= 100);
        QVERIFY(result.p99Us >= result.p50Us);
        QCOMPARE(result.opsPerSecond(), double(calls) / result.seconds);
    }

    void refillsAreNotTimed()
    {
        // A refill 20 times slower than the call before each call: the timed seconds are those
        // of the calls alone, far below the refills' time.
        kvs::bench::Timing timing;
        int refills = 0;
        kvs::bench::measure(
            3ms,
            1,
            [&](std::uint64_t) {
                ++refills;
                std::this_thread::sleep_for(20ms);
            },
            [](std::uint64_t) { std::this_thread::sleep_for(1ms); },
            timing);
        const kvs::bench::Measurement result = timing.result();
        QCOMPARE(result.ops, std::uint64_t(refills));
        QVERIFY(result.seconds >= 0.003);
        QVERIFY2(result.seconds < 0.02 * refills, qPrintable(QString::number(result.seconds)));
    }
};

QTEST_GUILESS_MAIN(TestMeasure)
#include "tst_measure.moc"
