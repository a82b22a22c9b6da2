// HdrHistogram's percentile-distribution text (.hgrm) of a run's histogram
// (bench/workload/percentile_distribution.h, issue 44): its layout, and its percentiles against
// the run's own, for a known distribution and for a real run of the engine.

#include "bench/workload/percentile_distribution.h"
#include "bench/workload/workload_engine.h"

#include <QStringList>
#include <QTest>

#include <algorithm>
#include <atomic>

using namespace kvs::bench;

namespace {

struct HgrmLine
{
    double valueMs = 0;
    double percentile = 0;
    std::uint64_t totalCount = 0;
    bool hasInverse = false;
};

struct Hgrm
{
    QStringList header;
    std::vector<HgrmLine> lines;
    QStringList footer;
};

Hgrm parse(const std::string &text)
{
    Hgrm hgrm;
    const QStringList rows = QString::fromStdString(text).split(QLatin1Char('\n'));
    hgrm.header = rows.value(0).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (int i = 1; i < rows.size(); ++i) {
        const QString &row = rows[i];
        if (row.isEmpty())
            continue;
        if (row.startsWith(QLatin1Char('#'))) {
            hgrm.footer << row;
            continue;
        }
        const QStringList fields = row.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        HgrmLine line;
        line.valueMs = fields.value(0).toDouble();
        line.percentile = fields.value(1).toDouble();
        line.totalCount = fields.value(2).toULongLong();
        line.hasInverse = fields.size() == 4;
        hgrm.lines.push_back(line);
    }
    return hgrm;
}

std::uint64_t nanos(double ms)
{
    return static_cast<std::uint64_t>(std::llround(ms * 1e6));
}

// Each line's value is the highest of the bucket that holds the histogram's own percentile at
// the line's level, and its count is every duration up to that bucket.
void verifyLinesMatch(const Hgrm &hgrm, const LatencyHistogram &histogram)
{
    QVERIFY(hgrm.lines.size() >= 2);
    QCOMPARE(hgrm.lines.front().percentile, 0.0);
    QCOMPARE(hgrm.lines.back().percentile, 1.0);
    QVERIFY(!hgrm.lines.back().hasInverse);
    QCOMPARE(hgrm.lines.back().totalCount, histogram.count());
    double previous = -1;
    for (const HgrmLine &line : hgrm.lines) {
        QVERIFY(line.percentile >= previous);
        previous = line.percentile;
        const std::size_t bucket = LatencyHistogram::bucketOf(nanos(line.valueMs));
        QCOMPARE(nanos(line.valueMs), LatencyHistogram::bucketHigh(bucket));
        // The level as printed (12 decimals) may land a hair above a whole rank.
        const double own = histogram.percentileNanos(std::max(1e-12, line.percentile - 1e-9));
        QVERIFY2(LatencyHistogram::bucketOf(static_cast<std::uint64_t>(own)) == bucket,
                 qPrintable(QStringLiteral("level %1: file %2 ms, run %3 ns")
                                .arg(line.percentile, 0, 'f', 12)
                                .arg(line.valueMs)
                                .arg(own)));
        std::uint64_t upTo = 0;
        for (std::size_t b = 0; b <= bucket; ++b)
            upTo += histogram.countAt(b);
        QCOMPARE(line.totalCount, upTo);
    }
}

// The run's percentile p (microseconds) lies between the file's values at the levels around p.
void verifyRunPercentile(const Hgrm &hgrm, double p, double runUs)
{
    double below = 0;
    double above = -1;
    for (const HgrmLine &line : hgrm.lines) {
        if (line.percentile <= p)
            below = line.valueMs * 1e3;
        if (line.percentile >= p && above < 0)
            above = line.valueMs * 1e3;
    }
    // The file reports a bucket's highest value, the run its midpoint: half a bucket (0.4 %).
    QVERIFY2(runUs >= below * (1 - 0.004) && runUs <= above,
             qPrintable(QStringLiteral("p%1: run %2 us, file %3 .. %4 us")
                            .arg(p * 100)
                            .arg(runUs)
                            .arg(below)
                            .arg(above)));
}

} // namespace

class TestPercentileDistribution : public QObject
{
    Q_OBJECT

private slots:
    void headerLinesAndFooter()
    {
        LatencyHistogram histogram;
        for (std::uint64_t us = 1; us <= 1000; ++us)
            histogram.record(us * 1000);
        const std::string text = percentileDistribution(histogram);
        const Hgrm hgrm = parse(text);
        QCOMPARE(hgrm.header,
                 (QStringList{"Value", "Percentile", "TotalCount", "1/(1-Percentile)"}));
        QVERIFY(text.find("1/(1-Percentile)\n\n") != std::string::npos);
        QCOMPARE(hgrm.footer.size(), 3);
        QVERIFY2(hgrm.footer[0].startsWith("#[Mean    =     0.500500, StdDeviation   = "),
                 qPrintable(hgrm.footer[0]));
        QCOMPARE(hgrm.footer[1],
                 QStringLiteral("#[Max     =     1.000000, Total count    = "
                                "        1000]"));
        QCOMPARE(hgrm.footer[2],
                 QStringLiteral("#[Buckets =           57, SubBuckets     = "
                                "         256]"));
        // The reporting points: 0, 10 .. 50 % in steps of 10, then 5, 2.5, ... halving.
        QCOMPARE(hgrm.lines[1].percentile, 0.1);
        QCOMPARE(hgrm.lines[5].percentile, 0.5);
        QCOMPARE(hgrm.lines[6].percentile, 0.55);
        QCOMPARE(hgrm.lines.back().totalCount, 1000U);
        verifyLinesMatch(hgrm, histogram);
        verifyRunPercentile(hgrm, 0.99, histogram.percentileUs(0.99));
    }

    void emptyHistogramHasNoLines()
    {
        const Hgrm hgrm = parse(percentileDistribution(LatencyHistogram()));
        QVERIFY(hgrm.lines.empty());
        QCOMPARE(hgrm.footer.size(), 3);
        QVERIFY(hgrm.footer[1].endsWith(QStringLiteral("Total count    =            0]")));
    }

    void aRunsFileMatchesItsPercentiles()
    {
        WorkloadConfig config;
        config.db = ":memory:";
        config.workload = "ycsb-a";
        config.seconds = 0.3;
        config.warmupSeconds = 0;
        config.keys = 500;
        config.concurrency = 4;
        const std::atomic<bool> cancel{false};
        const RunResult result = runWorkload(config, {}, cancel);
        const LatencyHistogram &all = *result.all.latency;
        QVERIFY(all.count() > 100);
        const Hgrm hgrm = parse(percentileDistribution(all));
        verifyLinesMatch(hgrm, all);
        for (const double p : {0.5, 0.9, 0.99, 0.999})
            verifyRunPercentile(hgrm, p, all.percentileUs(p));
        QCOMPARE(hgrm.lines.back().valueMs * 1e6,
                 double(LatencyHistogram::bucketHigh(LatencyHistogram::bucketOf(all.maxNanos()))));
    }
};

QTEST_GUILESS_MAIN(TestPercentileDistribution)
#include "tst_percentile_distribution.moc"
