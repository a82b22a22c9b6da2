// The names and values `kvs bench` accepts (bench/bench.h, bench/data.h): backends, operations
// in run order, and the seconds per operation.

#include "bench/measure/data.h"
#include "bench/suite/bench.h"

#include <QTest>

class TestBenchOptions : public QObject
{
    Q_OBJECT

private slots:
    void backends()
    {
        for (const char *name : {"kvstore", "async-sqlite", "async-postgres"})
            QVERIFY2(kvs::bench::isBenchBackend(name), name);
        // The GUI's benchmarks are kvs-gui-bench's, not this library's.
        for (const char *name : {"tree", "", "KVStore", "mongo"})
            QVERIFY2(!kvs::bench::isBenchBackend(name), name);
    }

    void operations()
    {
        QCOMPARE(
            QByteArray::fromStdString(kvs::bench::benchOperationList()),
            QByteArray(
                "set, get_hit, get_miss, delete, increment, get_many_10, atomic_sum, "
                "queue_cycle, queue_cycle_backlog_10000, queue_bulk_retry, "
                "queue_overview, queue_dead_filter, queue_dead_groups, find, analyze, backup"));
        QVERIFY(kvs::bench::isBenchOperation("queue_dead_groups"));
        QVERIFY(kvs::bench::isBenchOperation("queue_bulk_retry"));
        QVERIFY(kvs::bench::isBenchOperation("queue_overview"));
        QVERIFY(kvs::bench::isBenchOperation("queue_dead_filter"));
        QVERIFY(kvs::bench::isBenchOperation("find"));
        QVERIFY(kvs::bench::isBenchOperation("analyze"));
        for (const kvs::bench::BenchOp op : kvs::bench::kBenchOps) {
            const std::string_view name = kvs::bench::benchOpName(op);
            QVERIFY(kvs::bench::isBenchOperation(name));
            QCOMPARE(kvs::bench::benchOpFromName(name), std::optional(op));
        }
        for (const char *name : {"tree_expand_10k", "inspector_open_20mb", "get", "get_hit_x64"})
            QVERIFY2(!kvs::bench::isBenchOperation(name), name);
    }

    void seconds_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<double>("seconds"); // 0: refused
        QTest::newRow("one") << QByteArray("1") << 1.0;
        QTest::newRow("decimal") << QByteArray("0.05") << 0.05;
        QTest::newRow("exponent") << QByteArray("2e-1") << 0.2;
        QTest::newRow("zero") << QByteArray("0") << 0.0;
        QTest::newRow("negative") << QByteArray("-1") << 0.0;
        QTest::newRow("plus") << QByteArray("+1") << 0.0;
        QTest::newRow("empty") << QByteArray("") << 0.0;
        QTest::newRow("unit") << QByteArray("1s") << 0.0;
        QTest::newRow("space") << QByteArray(" 1") << 0.0;
        QTest::newRow("infinity") << QByteArray("inf") << 0.0;
        QTest::newRow("nan") << QByteArray("nan") << 0.0;
    }

    void seconds()
    {
        QFETCH(QByteArray, text);
        QFETCH(double, seconds);
        const std::optional<double> parsed = kvs::bench::parseSeconds(text.toStdString());
        if (seconds == 0)
            QVERIFY2(!parsed, text.constData());
        else
            QCOMPARE(parsed, std::optional(seconds));
    }
};

QTEST_GUILESS_MAIN(TestBenchOptions)
#include "tst_bench_options.moc"
