// Service-level objectives of a workload run (bench/workload/slo.h, issue 44): parsing every
// metric, unit and operator, the refusals with their messages, and the checks against a result.

#include "bench/output/format.h"
#include "bench/workload/slo.h"

#include <kvs/errors.h>

#include <QTest>

using namespace kvs::bench;

namespace {

// A result of calls taking 1 .. 1000 us, one each (p50 500 us, p99 990 us, max 1000 us).
OpResult thousandCalls(std::uint64_t errors, std::uint64_t late)
{
    OpResult result;
    result.op = "all";
    for (std::uint64_t us = 1; us <= 1000; ++us)
        result.latency->record(us * 1000);
    result.ops = 1000 - errors;
    result.errors = errors;
    result.late = late;
    return result;
}

} // namespace

class TestSlo : public QObject
{
    Q_OBJECT

private slots:
    void parsesEveryMetricUnitAndOperator_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("metric");
        QTest::addColumn<bool>("inclusive");
        QTest::addColumn<double>("limit");
        QTest::addColumn<QString>("unit");
        QTest::newRow("p50 us") << "p50<250us" << int(SloMetric::P50) << false << 250.0 << "us";
        QTest::newRow("p90 ms") << "p90<=2ms" << int(SloMetric::P90) << true << 2000.0 << "ms";
        QTest::newRow("p99 ms") << "p99<5ms" << int(SloMetric::P99) << false << 5000.0 << "ms";
        QTest::newRow("p999 decimal")
            << "p999<=20.5ms" << int(SloMetric::P999) << true << 20500.0 << "ms";
        QTest::newRow("max s") << "max<1.5s" << int(SloMetric::Max) << false << 1.5e6 << "s";
        QTest::newRow("errors %") << "errors<0.1%" << int(SloMetric::Errors) << false << 0.001
                                  << "%";
        QTest::newRow("late %") << "late<=5%" << int(SloMetric::Late) << true << 0.05 << "%";
        QTest::newRow("spaces") << " p99 <= 5 ms " << int(SloMetric::P99) << true << 5000.0 << "ms";
    }

    void parsesEveryMetricUnitAndOperator()
    {
        QFETCH(QString, text);
        QFETCH(int, metric);
        QFETCH(bool, inclusive);
        QFETCH(double, limit);
        QFETCH(QString, unit);
        const std::vector<SloThreshold> thresholds = parseSlo(text.toStdString());
        QCOMPARE(thresholds.size(), std::size_t(1));
        QCOMPARE(int(thresholds[0].metric), metric);
        QCOMPARE(thresholds[0].inclusive, inclusive);
        QCOMPARE(thresholds[0].limit, limit);
        QCOMPARE(QString::fromStdString(thresholds[0].unit), unit);
        QCOMPARE(QString::fromStdString(thresholds[0].text), text.remove(QLatin1Char(' ')));
    }

    void parsesAList()
    {
        const std::vector<SloThreshold> thresholds = parseSlo("p99<5ms,p999<=20ms,errors<0.1%");
        QCOMPARE(thresholds.size(), std::size_t(3));
        QCOMPARE(thresholds[0].text, std::string("p99<5ms"));
        QCOMPARE(thresholds[1].text, std::string("p999<=20ms"));
        QCOMPARE(thresholds[2].text, std::string("errors<0.1%"));
        QVERIFY(!sloNamesLate(thresholds));
        QVERIFY(sloNamesLate(parseSlo("p99<5ms,late<1%")));
    }

    void refusesWhatIsWrong_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << " "
                               << "kvs: --slo needs thresholds, as in p99<5ms,errors<0.1%";
        QTest::newRow("empty part") << "p99<5ms,,max<1s"
                                    << "kvs: --slo: an empty threshold between commas, as in "
                                       "p99<5ms,errors<0.1%";
        QTest::newRow("unknown metric")
            << "p95<5ms"
            << "kvs: --slo: unknown metric \"p95\" in \"p95<5ms\" (known: p50, p90, p99, p999, "
               "max, errors, late)";
        QTest::newRow("no operator") << "p99=5ms"
                                     << "kvs: --slo: \"p99=5ms\" needs < or <= between the metric "
                                        "and its limit, as in p99<5ms,errors<0.1%";
        QTest::newRow("greater than") << "p99>5ms"
                                      << "kvs: --slo: \"p99>5ms\" needs < or <= between the "
                                         "metric and its limit, as in p99<5ms,errors<0.1%";
        QTest::newRow("no number") << "p99<fast"
                                   << "kvs: --slo: \"p99<fast\" needs a limit >= 0 with its unit, "
                                      "as in p99<5ms,errors<0.1%";
        QTest::newRow("negative") << "p99<-5ms"
                                  << "kvs: --slo: \"p99<-5ms\" needs a limit >= 0 with its unit, "
                                     "as in p99<5ms,errors<0.1%";
        QTest::newRow("no unit") << "p99<5"
                                 << "kvs: --slo: \"p99<5\" needs a time unit (us, ms or s), as in "
                                    "p99<5ms";
        QTest::newRow("wrong unit") << "p99<5min"
                                    << "kvs: --slo: \"p99<5min\" needs a time unit (us, ms or s), "
                                       "as in p99<5ms";
        QTest::newRow("share without %") << "errors<0.1"
                                         << "kvs: --slo: \"errors<0.1\" needs a share of the "
                                            "calls in %, as in errors<0.1%";
        QTest::newRow("share as time") << "late<1ms"
                                       << "kvs: --slo: \"late<1ms\" needs a share of the calls "
                                          "in %, as in late<0.1%";
        QTest::newRow("share above 100") << "errors<150%"
                                         << "kvs: --slo: \"errors<150%\" needs a share from 0 to "
                                            "100%";
        QTest::newRow("latency in %") << "p99<5%"
                                      << "kvs: --slo: \"p99<5%\" needs a time unit (us, ms or s), "
                                         "as in p99<5ms";
    }

    void refusesWhatIsWrong()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        try {
            (void)parseSlo(text.toStdString());
            QFAIL("no error");
        } catch (const kvs::Error &error) {
            QCOMPARE(QString::fromUtf8(error.what()), message);
        }
    }

    void checksLatenciesAgainstTheHistogram()
    {
        const OpResult result = thousandCalls(0, 0);
        const std::vector<SloCheck> checks
            = checkSlo(parseSlo("p50<600us,p99<900us,max<=1ms,p999<1s"), result);
        QCOMPARE(checks.size(), std::size_t(4));
        QVERIFY(checks[0].held);
        QVERIFY(qAbs(checks[0].measured - 500) < 500 * 0.004);
        QVERIFY(!checks[1].held); // p99 is 990 us
        QVERIFY(qAbs(checks[1].measured - 990) < 990 * 0.004);
        QVERIFY(checks[2].held); // max is exactly 1000 us: <= holds
        QCOMPARE(checks[2].measured, 1000.0);
        QVERIFY(checks[3].held);
        QVERIFY(!sloHeld(checks));
        QCOMPARE(brokenSloText(checks),
                 "p99 was " + twoDecimals(checks[1].measured) + " us (SLO p99<900us)");
        // The strict operator breaks at equality.
        QVERIFY(!checkSlo(parseSlo("max<1ms"), result)[0].held);
    }

    void checksErrorAndLateShares()
    {
        // 2 errors and 60 late calls of 1000.
        const OpResult result = thousandCalls(2, 60);
        const std::vector<SloCheck> checks
            = checkSlo(parseSlo("errors<0.1%,errors<=0.2%,late<5%,late<10%"), result);
        QCOMPARE(checks[0].measured, 0.002);
        QVERIFY(!checks[0].held);
        QVERIFY(checks[1].held);
        QCOMPARE(checks[2].measured, 0.06);
        QVERIFY(!checks[2].held);
        QVERIFY(checks[3].held);
        QCOMPARE(QString::fromStdString(brokenSloText(checks)),
                 QStringLiteral("errors were 0.2% (SLO errors<0.1%); late were 6% (SLO late<5%)"));
    }

    void everyCheckHeldGivesNoText()
    {
        const std::vector<SloCheck> checks
            = checkSlo(parseSlo("p99<1s,errors<1%"), thousandCalls(0, 0));
        QVERIFY(sloHeld(checks));
        QVERIFY(brokenSloText(checks).empty());
        QVERIFY(sloHeld({}));
    }
};

QTEST_GUILESS_MAIN(TestSlo)
#include "tst_slo.moc"
