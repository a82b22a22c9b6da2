// The number formats and the JSON line builder of the benchmarks' output (bench/format.h,
// bench/json_line.h): the figures every backend prints.

#include "bench/output/format.h"
#include "bench/output/json_line.h"

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

    void jsonLine()
    {
        // The spacing of the kvs command line's JSON output; strings escaped, raw text verbatim.
        const std::string line = kvs::bench::JsonLine()
                                     .string("backend", "kvstore")
                                     .string("db", "a \"b\".db")
                                     .raw("ops_per_s", "1235")
                                     .raw("ratio", "null")
                                     .text();
        QCOMPARE(QByteArray::fromStdString(line),
                 QByteArray("{\"backend\": \"kvstore\", \"db\": \"a \\\"b\\\".db\", "
                            "\"ops_per_s\": 1235, \"ratio\": null}"));
        QCOMPARE(QByteArray::fromStdString(kvs::bench::JsonLine().text()), QByteArray("{}"));
        QCOMPARE(QByteArray::fromStdString(kvs::bench::jsonQuoted("x\n.db")),
                 QByteArray("\"x\\n.db\""));
    }
};

QTEST_GUILESS_MAIN(TestBenchFormat)
#include "tst_bench_format.moc"
