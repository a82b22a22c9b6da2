// `kvs bench --workload` with --slo, --hgrm and --find-capacity (issue 44): the SLO's exit
// codes and lines, the .hgrm file against the run's own percentiles, the capacity search's
// steps and ends, and the usage errors. Rates here are what any machine makes; the search that
// must find a known breaking point runs in tst_capacity_search (an injected stall).

#include "cli_test_support.h"

#include <QJsonArray>
#include <QTemporaryDir>

using namespace cli_test;

namespace {

QList<QJsonObject> objectsOfKind(const QByteArray &out, const QString &kind)
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : lines(out)) {
        const QJsonObject object = parseObject(line);
        if (object.value(QStringLiteral("kind")).toString() == kind)
            objects << object;
    }
    return objects;
}

// A short closed-loop run on :memory: with the extra arguments.
Run quickRun(const QStringList &extra)
{
    return runKvs(QStringList{"bench",
                              "--workload",
                              "ycsb-c",
                              "--db",
                              ":memory:",
                              "--seconds",
                              "0.3",
                              "--warmup",
                              "0",
                              "--keys",
                              "200"}
                  + extra);
}

// The .hgrm lines: value (ms), percentile, total count.
struct HgrmLine
{
    double valueUs;
    double percentile;
};

QList<HgrmLine> hgrmLines(const QByteArray &text)
{
    QList<HgrmLine> out;
    for (const QByteArray &line : lines(text)) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        bool number = false;
        const double value = fields.value(0).toDouble(&number);
        if (!number || fields.size() < 3 || line.startsWith('#'))
            continue;
        out.append({value * 1000, fields.value(1).toDouble()});
    }
    return out;
}

} // namespace

class TestCliBenchCapacity : public QObject
{
    Q_OBJECT

private slots:
    void heldSloExitsZeroWithItsLine()
    {
        const Run run = quickRun({"--slo", "p99<10s,errors<=1%", "--json"});
        QCOMPARE(run.code, 0);
        const QList<QJsonObject> slo = objectsOfKind(run.out, QStringLiteral("slo"));
        QCOMPARE(slo.size(), 1);
        QCOMPARE(slo[0].value("held").toBool(), true);
        const QJsonArray checks = slo[0].value("checks").toArray();
        QCOMPARE(checks.size(), 2);
        QCOMPARE(checks[0].toObject().value("slo").toString(), QStringLiteral("p99<10s"));
        QCOMPARE(checks[0].toObject().value("metric").toString(), QStringLiteral("p99"));
        QVERIFY(checks[0].toObject().value("measured").toDouble() > 0);
        QCOMPARE(checks[1].toObject().value("measured").toDouble(), 0.0);
        // The measured p99 is the result line's.
        const QJsonObject all = objectsOfKind(run.out, QStringLiteral("result")).last();
        QVERIFY(
            qAbs(checks[0].toObject().value("measured").toDouble() - all.value("p99_us").toDouble())
            < 0.01);
    }

    void brokenSloExitsFourNamingIt()
    {
        // No call takes less than a microsecond.
        const Run run = quickRun({"--slo", "p99<10s,max<1us"});
        QCOMPARE(run.code, 4);
        QVERIFY2(run.out.contains("\nSLO BROKEN: max was "), run.out.constData());
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY2(run.err.startsWith("kvs: SLO broken: max was "), run.err.constData());
        QVERIFY2(run.err.endsWith(" us (SLO max<1us)\n"), run.err.constData());
        QVERIFY(!run.err.contains("p99"));
    }

    void hgrmMatchesTheRunsPercentiles()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.hgrm"));
        const Run run = quickRun({"--hgrm", path, "--json"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.startsWith("kvs: wrote the latency histogram ("), run.err.constData());
        const QByteArray text = fileBytes(path);
        QVERIFY(text.startsWith("       Value     Percentile TotalCount 1/(1-Percentile)\n\n"));
        QVERIFY(text.contains("#[Buckets =           57, SubBuckets     =          256]"));
        const QList<HgrmLine> rows = hgrmLines(text);
        QVERIFY(rows.size() > 10);
        const QJsonObject all = objectsOfKind(run.out, QStringLiteral("result")).last();
        QCOMPARE(all.value("op").toString(), QStringLiteral("all"));
        // Each percentile of the run lies between the file's values at the levels around it
        // (the file reports a bucket's highest value, the run its midpoint: within 0.4 %; the
        // JSON line rounds to 0.01 us).
        const QList<QPair<double, QString>> percentiles
            = {{0.5, "p50_us"}, {0.9, "p90_us"}, {0.99, "p99_us"}, {0.999, "p999_us"}};
        for (const auto &[p, field] : percentiles) {
            double below = 0;
            double above = -1;
            for (const HgrmLine &row : rows) {
                if (row.percentile <= p)
                    below = row.valueUs;
                if (row.percentile >= p && above < 0)
                    above = row.valueUs;
            }
            const double runUs = all.value(field).toDouble();
            QVERIFY2(runUs >= below * 0.995 - 0.01 && runUs <= above * 1.0001 + 0.01,
                     qPrintable(QStringLiteral("%1: run %2, file %3 .. %4")
                                    .arg(field)
                                    .arg(runUs)
                                    .arg(below)
                                    .arg(above)));
        }
        // The last line is the maximum's bucket.
        QCOMPARE(rows.last().percentile, 1.0);
        QVERIFY(rows.last().valueUs >= all.value("max_us").toDouble() * 0.999);
        QVERIFY(!QFile::exists(path + QStringLiteral(".tmp")));
    }

    void findCapacityReachingTheMaximumExitsZero()
    {
        const Run run = runKvs({"bench",      "--workload", "ycsb-c",       "--db",
                                ":memory:",   "--keys",     "200",          "--find-capacity",
                                "--slo",      "p99<10s",    "--start-rate", "50",
                                "--max-rate", "100",        "--seconds",    "0.3",
                                "--warmup",   "0.1",        "--late-share", "1",
                                "--json"});
        QCOMPARE(run.code, 0);
        const QList<QJsonObject> steps = objectsOfKind(run.out, QStringLiteral("step"));
        QCOMPARE(steps.size(), 2);
        QCOMPARE(steps[0].value("rate").toDouble(), 50.0);
        QCOMPARE(steps[1].value("rate").toDouble(), 100.0);
        for (const QJsonObject &step : steps) {
            QCOMPARE(step.value("held").toBool(), true);
            QCOMPARE(step.value("broken").toString(), QString());
            QVERIFY(step.value("achieved").toDouble() > 0);
            QVERIFY(step.value("calls").toInt() > 0);
            for (const char *field :
                 {"p50_us", "p99_us", "p999_us", "late", "unstarted", "late_share", "errors"})
                QVERIFY2(step.contains(QLatin1String(field)), field);
        }
        const QList<QJsonObject> capacity = objectsOfKind(run.out, QStringLiteral("capacity"));
        QCOMPARE(capacity.size(), 1);
        QCOMPARE(capacity[0].value("end").toString(), QStringLiteral("reached_max"));
        QCOMPARE(capacity[0].value("highest_held").toDouble(), 100.0);
        QVERIFY(capacity[0].value("lowest_broken").isNull());
        QCOMPARE(capacity[0].value("concurrency").toInt(), 64); // --find-capacity's default
        QCOMPARE(capacity[0].value("slo").toString(), QStringLiteral("p99<10s"));
        // The highest rate that held, as result lines.
        const QList<QJsonObject> results = objectsOfKind(run.out, QStringLiteral("result"));
        QVERIFY(!results.isEmpty());
        QCOMPARE(results.last().value("op").toString(), QStringLiteral("all"));
        QCOMPARE(results.last().value("target_rate").toDouble(), 100.0);
    }

    void findCapacityTableSaysEachStep()
    {
        const Run run = runKvs({"bench",
                                "--workload",
                                "ycsb-c",
                                "--db",
                                ":memory:",
                                "--keys",
                                "200",
                                "--find-capacity",
                                "--start-rate",
                                "40",
                                "--max-rate",
                                "40",
                                "--seconds",
                                "0.3",
                                "--warmup",
                                "0",
                                "--late-share",
                                "1"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.startsWith("kvs bench: capacity of ycsb-c on AsyncKVStore"),
                 run.out.constData());
        QVERIFY(run.out.contains("step   rate asked     achieved"));
        QVERIFY(run.out.contains("  held\n"));
        QVERIFY2(run.out.contains("capacity: every step held, up to the maximum rate 40 calls/s"),
                 run.out.constData());
    }

    void firstStepBrokenExitsFour()
    {
        const Run run = runKvs({"bench",
                                "--workload",
                                "ycsb-c",
                                "--db",
                                ":memory:",
                                "--keys",
                                "200",
                                "--find-capacity",
                                "--slo",
                                "max<1us",
                                "--start-rate",
                                "50",
                                "--repeat",
                                "0",
                                "--seconds",
                                "0.3",
                                "--warmup",
                                "0",
                                "--json"});
        QCOMPARE(run.code, 4);
        const QList<QJsonObject> steps = objectsOfKind(run.out, QStringLiteral("step"));
        QCOMPARE(steps.size(), 1);
        QCOMPARE(steps[0].value("held").toBool(), false);
        QVERIFY(steps[0].value("broken").toString().startsWith(QStringLiteral("max was ")));
        const QJsonObject capacity = objectsOfKind(run.out, QStringLiteral("capacity")).value(0);
        QCOMPARE(capacity.value("end").toString(), QStringLiteral("first_step_broke"));
        QVERIFY(capacity.value("highest_held").isNull());
        QCOMPARE(capacity.value("lowest_broken").toDouble(), 50.0);
        VERIFY_ONE_ERROR_LINE(run);
        QVERIFY2(run.err.startsWith("kvs: even the first step (50 calls/s) broke: max was "),
                 run.err.constData());
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList base{"bench", "--workload", "get", "--db", ":memory:"};
        QTest::newRow("slo metric")
            << base + QStringList{"--slo", "p95<5ms"}
            << "kvs: --slo: unknown metric \"p95\" in \"p95<5ms\" (known: p50, p90, p99, p999, "
               "max, errors, late)\n";
        QTest::newRow("slo unit") << base + QStringList{"--slo", "p99<5"}
                                  << "kvs: --slo: \"p99<5\" needs a time unit (us, ms or s), as "
                                     "in p99<5ms\n";
        QTest::newRow("late in a closed loop")
            << base + QStringList{"--slo", "late<1%"}
            << "kvs: --slo: late needs --rate or --find-capacity (a closed loop starts each call "
               "when one ends: no call is late)\n";
        QTest::newRow("rate and capacity")
            << base + QStringList{"--find-capacity", "--rate", "100"}
            << "kvs: --find-capacity picks the rates itself (from --start-rate up to "
               "--max-rate); --rate does not apply\n";
        QTest::newRow("start rate without capacity") << base + QStringList{"--start-rate", "100"}
                                                     << "kvs: --start-rate needs --find-capacity\n";
        QTest::newRow("max below start")
            << base + QStringList{"--find-capacity", "--start-rate", "100", "--max-rate", "50"}
            << "kvs: --max-rate (50) must be at least --start-rate (100)\n";
        QTest::newRow("repeat") << base + QStringList{"--find-capacity", "--repeat", "11"}
                                << "kvs: --repeat needs a whole number from 0 to 10, got \"11\"\n";
        QTest::newRow("hgrm folder") << base + QStringList{"--hgrm", "/nonexistent-folder/run.hgrm"}
                                     << "kvs: --hgrm needs a file in a folder that exists, got "
                                        "\"/nonexistent-folder/run.hgrm\"\n";
        QTest::newRow("slo without workload")
            << QStringList{"bench", "--db", ":memory:", "--slo", "p99<5ms"}
            << "kvs: --slo is an option of bench --workload\n";
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run run = runKvs(args);
        QCOMPARE(run.code, 2);
        QCOMPARE(QString::fromUtf8(run.err), message);
        QVERIFY(run.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliBenchCapacity)
#include "tst_cli_bench_capacity.moc"
