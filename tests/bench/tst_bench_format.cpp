// The number formats of the benchmarks' output (bench/output/format.h): the figures every
// backend prints. Their JSON line builder is core's (tests/core/codec/tst_json_line.cpp).

#include "bench/output/format.h"

#include <QTest>

class TestBenchFormat : public QObject
{
    Q_OBJECT

private slots:
    void numbers_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QByteArray>("integer");
        QTest::addColumn<QByteArray>("two");
        QTest::addColumn<QByteArray>("four");
        QTest::newRow("fraction") << 1234.56 << QByteArray("1235") << QByteArray("1234.56")
                                  << QByteArray("1235");
        QTest::newRow("ratio") << 0.91234 << QByteArray("1") << QByteArray("0.91")
                               << QByteArray("0.9123");
        QTest::newRow("short") << 12.3 << QByteArray("12") << QByteArray("12.3")
                               << QByteArray("12.3");
        QTest::newRow("zero") << 0.0 << QByteArray("0") << QByteArray("0") << QByteArray("0");
        QTest::newRow("large") << 1234567.0 << QByteArray("1234567") << QByteArray("1234567")
                               << QByteArray("1235000");
    }

    void numbers()
    {
        QFETCH(double, value);
        QFETCH(QByteArray, integer);
        QFETCH(QByteArray, two);
        QFETCH(QByteArray, four);
        QCOMPARE(QByteArray::fromStdString(kvs::bench::integerText(value)), integer);
        QCOMPARE(QByteArray::fromStdString(kvs::bench::twoDecimals(value)), two);
        QCOMPARE(QByteArray::fromStdString(kvs::bench::fourDigits(value)), four);
    }

    void ratio()
    {
        kvs::bench::Measurement measured;
        measured.ops = 300;
        measured.seconds = 1;
        kvs::bench::Measurement baseline;
        baseline.ops = 400;
        baseline.seconds = 2;
        QCOMPARE(kvs::bench::ratioOf(measured, baseline), 1.5);
        QCOMPARE(kvs::bench::ratioOf(measured, kvs::bench::Measurement{}), 0.0); // no baseline
    }
};

QTEST_GUILESS_MAIN(TestBenchFormat)
#include "tst_bench_format.moc"
