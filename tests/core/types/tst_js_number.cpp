// formatJsNumber/appendJsNumber against what JavaScript's Number.prototype.toString prints
// (expected strings taken from Node 20).
#include <kvs/js_number.h>

#include <QTest>

#include <cmath>
#include <limits>

class TestJsNumber : public QObject
{
    Q_OBJECT

private slots:
    void format_data();
    void format();
    void appendsToTheBuffer();
};

void TestJsNumber::format_data()
{
    QTest::addColumn<double>("n");
    QTest::addColumn<QString>("expected");

    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("zero") << 0.0 << "0";
    QTest::newRow("minus zero") << -0.0 << "0";
    QTest::newRow("one") << 1.0 << "1";
    QTest::newRow("minus one") << -1.0 << "-1";
    QTest::newRow("0.1") << 0.1 << "0.1";
    QTest::newRow("0.1+0.2") << 0.1 + 0.2 << "0.30000000000000004";
    QTest::newRow("-0.5") << -0.5 << "-0.5";
    QTest::newRow("1e21") << 1e21 << "1e+21";
    QTest::newRow("1e20") << 1e20 << "100000000000000000000";
    QTest::newRow("1e-7") << 1e-7 << "1e-7";
    QTest::newRow("1e-6") << 1e-6 << "0.000001";
    QTest::newRow("123.456") << 123.456 << "123.456";
    QTest::newRow("5e-324") << 5e-324 << "5e-324";
    QTest::newRow("max") << 1.7976931348623157e308 << "1.7976931348623157e+308";
    QTest::newRow("2**53") << 9007199254740992.0 << "9007199254740992";
    QTest::newRow("2**53-1") << 9007199254740991.0 << "9007199254740991";
    QTest::newRow("-(2**53-1)") << -9007199254740991.0 << "-9007199254740991";
    QTest::newRow("2**64") << 18446744073709551616.0 << "18446744073709552000";
    QTest::newRow("NaN") << std::nan("") << "NaN";
    QTest::newRow("Infinity") << inf << "Infinity";
    QTest::newRow("-Infinity") << -inf << "-Infinity";
    QTest::newRow("0.000001234") << 0.000001234 << "0.000001234";
    QTest::newRow("1.5e-7") << 1.5e-7 << "1.5e-7";
    QTest::newRow("-1.5e-7") << -1.5e-7 << "-1.5e-7";
    QTest::newRow("123456789012345680000") << 123456789012345680000.0 << "123456789012345680000";
    QTest::newRow("1.2345e21") << 1.2345e21 << "1.2345e+21";
    QTest::newRow("1e300") << 1e300 << "1e+300";
    QTest::newRow("1e-100") << 1e-100 << "1e-100";
    QTest::newRow("date ms") << 1788265800250.0 << "1788265800250";
    QTest::newRow("2.5") << 2.5 << "2.5";
    QTest::newRow("100") << 100.0 << "100";
    QTest::newRow("1/3") << 1.0 / 3 << "0.3333333333333333";
    QTest::newRow("min normal") << 2.2250738585072014e-308 << "2.2250738585072014e-308";
    QTest::newRow("4.35") << 4.35 << "4.35";
    QTest::newRow("0.000123") << 0.000123 << "0.000123";
    QTest::newRow("12345.6789e-10") << 12345.6789e-10 << "0.00000123456789";
}

void TestJsNumber::format()
{
    QFETCH(double, n);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(kvs::formatJsNumber(n)), expected);
}

void TestJsNumber::appendsToTheBuffer()
{
    std::string out = "[";
    kvs::appendJsNumber(42, out);
    out += ',';
    kvs::appendJsNumber(-0.25, out);
    QCOMPARE(out, std::string("[42,-0.25"));
}

QTEST_GUILESS_MAIN(TestJsNumber)
#include "tst_js_number.moc"
