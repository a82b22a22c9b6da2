// The recorder of a workload run (bench/run_recorder.h): errors by kind, late calls, warm-up
// calls dropped, the per-second series; and the key distributions (bench/key_chooser.h).

#include "bench/workload/key_chooser.h"
#include "bench/workload/run_recorder.h"

#include <kvs/errors.h>

#include <QTest>

#include <vector>

using namespace kvs::bench;
using namespace std::chrono_literals;
using Clock = RunRecorder::Clock;

class TestRunRecorder : public QObject
{
    Q_OBJECT

private slots:
    void errorKinds_data()
    {
        QTest::addColumn<std::exception_ptr>("error");
        QTest::addColumn<QString>("kind");
        QTest::newRow("busy") << std::make_exception_ptr(kvs::BusyError("kvs: busy", 5)) << "busy";
        QTest::newRow("connection") << std::make_exception_ptr(
            kvs::ConnectionError("kvs: lost", kvs::ConnectionError::Step::Lost))
                                    << "connection";
        QTest::newRow("database") << std::make_exception_ptr(kvs::DatabaseError("kvs: db", 1))
                                  << "database";
        QTest::newRow("closed") << std::make_exception_ptr(
            kvs::ClosedError("kvs: the store is closed"))
                                << "closed";
        QTest::newRow("type") << std::make_exception_ptr(kvs::TypeError("kvs: t")) << "type";
        QTest::newRow("range") << std::make_exception_ptr(kvs::RangeError("kvs: r")) << "range";
        QTest::newRow("error") << std::make_exception_ptr(kvs::Error("kvs: e")) << "error";
        QTest::newRow("other") << std::make_exception_ptr(std::runtime_error("x")) << "other";
    }

    void errorKinds()
    {
        QFETCH(std::exception_ptr, error);
        QFETCH(QString, kind);
        QCOMPARE(QString::fromStdString(errorKindOf(error)), kind);
    }

    void countsByOpAndKindAndDropsTheWarmup()
    {
        const Clock::time_point start = Clock::now() + 1h; // nothing closes a second meanwhile
        RunRecorder recorder(start, {});
        recorder.success(WorkOp::Read, start - 1ms, 5us); // warm-up: dropped
        // Due (or started) in the warm-up and ended late, after the start: dropped too, or a
        // fixed rate's run would count more calls than its rate times its seconds.
        recorder.success(WorkOp::Read, start + 1ms, 3ms);
        recorder.failure(WorkOp::Read, start - 1ms, "busy");
        recorder.late(WorkOp::Read, start - 1ms);
        recorder.success(WorkOp::Read, start + 1ms, 10us);
        recorder.success(WorkOp::Read, start + 2ms, 20us);
        recorder.failure(WorkOp::Update, start + 3ms, "busy");
        recorder.failure(WorkOp::Update, start + 4ms, "conflict");
        recorder.failure(WorkOp::Update, start + 4ms, "busy");
        recorder.late(WorkOp::Update, start + 4ms);
        const RunResult result = recorder.finish(start + 500ms);
        QCOMPARE(result.ops.size(), std::size_t(2));
        QCOMPARE(result.ops[0].op, std::string("get"));
        QCOMPARE(result.ops[0].ops, 2U);
        QCOMPARE(result.ops[0].errors, 0U);
        QCOMPARE(result.ops[0].latency->maxNanos(), 20'000U);
        QCOMPARE(result.ops[1].op, std::string("set"));
        QCOMPARE(result.ops[1].ops, 0U);
        QCOMPARE(result.ops[1].errors, 3U);
        QCOMPARE(result.ops[1].errorsByKind.at("busy"), 2U);
        QCOMPARE(result.ops[1].errorsByKind.at("conflict"), 1U);
        QCOMPARE(result.ops[1].late, 1U);
        QCOMPARE(result.all.ops, 2U);
        QCOMPARE(result.all.errors, 3U);
        QCOMPARE(result.all.late, 1U);
        QCOMPARE(result.all.errorsByKind.at("busy"), 2U);
        QCOMPARE(result.seconds, 0.5);
        QVERIFY(result.series.empty()); // no whole second
    }

    void seriesClosesEachSecondIdleOnesToo()
    {
        const Clock::time_point start = Clock::now() - 1h; // in the past: times are given
        std::vector<SecondStats> reported;
        RunRecorder recorder(start, [&](const SecondStats &s) { reported.push_back(s); });
        recorder.success(WorkOp::Read, start + 100ms, 100us);
        recorder.success(WorkOp::Read, start + 200ms, 300us);
        recorder.failure(WorkOp::Read, start + 300ms, "busy");
        recorder.success(WorkOp::Read, start + 2500ms, 50us); // second 2 was idle
        const RunResult result = recorder.finish(start + 3s);
        QCOMPARE(result.series.size(), std::size_t(3));
        QCOMPARE(reported.size(), std::size_t(3));
        QCOMPARE(result.series[0].opsPerSecond, 2.0);
        QCOMPARE(result.series[0].errors, 1U);
        QVERIFY(qAbs(result.series[0].p50Us - 100.0) <= 1.0); // the histogram's 1 %
        QCOMPARE(result.series[0].p99Us, 300.0);              // the exact maximum
        QCOMPARE(result.series[1].opsPerSecond, 0.0);
        QCOMPARE(result.series[2].opsPerSecond, 1.0);
        QCOMPARE(result.series[2].second, 3);
    }

    void zipfianFavoursLowRanks()
    {
        // theta 0.99 over 1000 items: rank 0 takes about 1 / H(1000, 0.99) of the draws (~13 %),
        // far above the uniform share, and every draw is a valid rank.
        const Zipfian zipfian(1000);
        FastRandom random(7);
        std::vector<int> counts(1000);
        for (int i = 0; i < 100'000; ++i) {
            const std::uint64_t rank = zipfian.rank(random.unit());
            QVERIFY(rank < 1000);
            ++counts[rank];
        }
        QVERIFY2(counts[0] > 10'000 && counts[0] < 16'000, qPrintable(QString::number(counts[0])));
        QVERIFY(counts[0] > counts[1] && counts[1] > counts[10] && counts[10] > counts[500]);
    }

    void sequentialTakesEveryKeyInTurn()
    {
        KeyChooser chooser(KeyDistribution::Sequential, 3);
        FastRandom random(1);
        std::vector<std::uint64_t> keys;
        for (int i = 0; i < 7; ++i)
            keys.push_back(chooser.existing(random));
        QCOMPARE(keys, (std::vector<std::uint64_t>{0, 1, 2, 0, 1, 2, 0}));
    }

    void latestFavoursNewKeys()
    {
        KeyChooser chooser(KeyDistribution::Latest, 1000);
        (void)chooser.insert(); // key 1000
        FastRandom random(3);
        int newest = 0;
        for (int i = 0; i < 10'000; ++i) {
            const std::uint64_t key = chooser.existing(random);
            QVERIFY(key <= 1000);
            newest += key == 1000;
        }
        QVERIFY(newest > 1000); // the newest key is the hottest
    }
};

QTEST_GUILESS_MAIN(TestRunRecorder)
#include "tst_run_recorder.moc"
