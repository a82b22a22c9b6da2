// The log-linear latency histogram (bench/latency_histogram.h): bucket bounds, accuracy of its
// percentiles on known distributions, merge, and the empty histogram.

#include "bench/workload/latency_histogram.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <vector>

using kvs::bench::LatencyHistogram;

namespace {

// The nearest-rank percentile of sorted values, the definition the histogram approximates.
double exactPercentile(const std::vector<std::uint64_t> &sorted, double p)
{
    const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size())));
    return static_cast<double>(sorted[std::max<std::size_t>(rank, 1) - 1]);
}

} // namespace

class TestLatencyHistogram : public QObject
{
    Q_OBJECT

private slots:
    void bucketsCoverEveryDurationWithinOnePercent()
    {
        // Every bucket's width is at most 1/128 of its lower bound, and a duration lands in the
        // bucket whose bounds hold it.
        for (std::size_t b = LatencyHistogram::kExact; b < LatencyHistogram::kBuckets; ++b) {
            const double low = static_cast<double>(LatencyHistogram::bucketLow(b));
            const double high = static_cast<double>(LatencyHistogram::bucketHigh(b));
            QVERIFY2((high - low) / low <= 1.0 / 128, qPrintable(QString::number(b)));
        }
        const std::uint64_t samples[]
            = {0, 1, 255, 256, 257, 1000, 123456789, (std::uint64_t(1) << 40) + 12345, UINT64_MAX};
        for (const std::uint64_t v : samples) {
            const std::size_t b = LatencyHistogram::bucketOf(v);
            QVERIFY(b < LatencyHistogram::kBuckets);
            QVERIFY(LatencyHistogram::bucketLow(b) <= v);
            QVERIFY(v <= LatencyHistogram::bucketHigh(b));
        }
    }

    void percentilesOfAKnownDistributionWithinOnePercent_data()
    {
        QTest::addColumn<QString>("distribution");
        QTest::newRow("uniform 1 us .. 10 ms") << QStringLiteral("uniform");
        QTest::newRow("lognormal around 200 us") << QStringLiteral("lognormal");
        QTest::newRow("exponential, mean 50 us") << QStringLiteral("exponential");
    }

    void percentilesOfAKnownDistributionWithinOnePercent()
    {
        QFETCH(QString, distribution);
        std::mt19937_64 random(42);
        std::uniform_int_distribution<std::uint64_t> uniform(1000, 10'000'000);
        std::lognormal_distribution<double> lognormal(std::log(200'000.0), 1.0);
        std::exponential_distribution<double> exponential(1.0 / 50'000);
        auto histogram = std::make_unique<LatencyHistogram>();
        std::vector<std::uint64_t> values;
        for (int i = 0; i < 200'000; ++i) {
            std::uint64_t v = 0;
            if (distribution == QLatin1String("uniform"))
                v = uniform(random);
            else if (distribution == QLatin1String("lognormal"))
                v = static_cast<std::uint64_t>(lognormal(random));
            else
                v = static_cast<std::uint64_t>(exponential(random)) + 1;
            values.push_back(v);
            histogram->record(v);
        }
        std::sort(values.begin(), values.end());
        for (double p : {0.5, 0.9, 0.99, 0.999, 1.0}) {
            const double exact = exactPercentile(values, p);
            const double got = histogram->percentileNanos(p);
            QVERIFY2(std::abs(got - exact) / exact <= 0.01,
                     qPrintable(QStringLiteral("p%1: %2 vs %3").arg(p).arg(got).arg(exact)));
        }
        QCOMPARE(histogram->percentileNanos(1.0), static_cast<double>(values.back()));
        QCOMPARE(histogram->maxNanos(), values.back());
        QCOMPARE(histogram->minNanos(), values.front());
        QCOMPARE(histogram->count(), std::uint64_t(values.size()));
    }

    void smallDurationsAreExact()
    {
        auto histogram = std::make_unique<LatencyHistogram>();
        for (std::uint64_t v = 1; v <= 100; ++v)
            histogram->record(v);
        QCOMPARE(histogram->percentileNanos(0.5), 50.0);
        QCOMPARE(histogram->percentileNanos(0.9), 90.0);
        QCOMPARE(histogram->percentileNanos(0.99), 99.0);
        QCOMPARE(histogram->percentileNanos(1.0), 100.0);
        QCOMPARE(histogram->meanNanos(), 50.5);
    }

    void mergeAddsCounts()
    {
        // Two halves merged give the percentiles of the whole, and min and max of both.
        auto low = std::make_unique<LatencyHistogram>();
        auto high = std::make_unique<LatencyHistogram>();
        for (std::uint64_t v = 1; v <= 100; ++v)
            low->record(v);
        for (std::uint64_t v = 101; v <= 200; ++v)
            high->record(v);
        QCOMPARE(low->percentileNanos(0.99), 99.0);
        low->merge(*high);
        QCOMPARE(low->count(), std::uint64_t(200));
        QCOMPARE(low->minNanos(), std::uint64_t(1));
        QCOMPARE(low->maxNanos(), std::uint64_t(200));
        QCOMPARE(low->percentileNanos(0.5), 100.0);
        QCOMPARE(low->percentileNanos(0.99), 198.0);
        QCOMPARE(low->percentileNanos(0.999), 200.0);
        // Merging an empty histogram changes nothing, min included.
        low->merge(LatencyHistogram());
        QCOMPARE(low->minNanos(), std::uint64_t(1));
        QCOMPARE(low->count(), std::uint64_t(200));
    }

    void emptyAndReset()
    {
        auto histogram = std::make_unique<LatencyHistogram>();
        QCOMPARE(histogram->percentileNanos(0.5), 0.0);
        QCOMPARE(histogram->minNanos(), std::uint64_t(0));
        QCOMPARE(histogram->meanNanos(), 0.0);
        histogram->record(5'000'000);
        QCOMPARE(histogram->percentileNanos(0.5), 5'000'000.0); // clamped to min = max
        histogram->reset();
        QCOMPARE(histogram->count(), std::uint64_t(0));
        QCOMPARE(histogram->maxNanos(), std::uint64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestLatencyHistogram)
#include "tst_latency_histogram.moc"
