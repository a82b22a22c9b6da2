#include "bench/workload/percentile_distribution.h"

#include <charconv>
#include <cmath>

namespace kvs::bench {

namespace {

constexpr double kNanosPerMs = 1e6;
constexpr int kValueDecimals = 6; // milliseconds to the nanosecond
// The histogram's layout in HdrHistogram's terms: bucket 0 holds 0 .. 255 exactly, and each
// further bucket one power of two in 128 steps, up to 2^64.
constexpr int kHdrSubBuckets = int(LatencyHistogram::kExact);
constexpr int kHdrBuckets = 64 - LatencyHistogram::kExactBits + 1;

// value with decimals fixed, right-aligned in width (std::to_chars: no locale).
std::string fixed(double value, int decimals, int width)
{
    char text[64];
    const auto result
        = std::to_chars(text, text + sizeof text, value, std::chars_format::fixed, decimals);
    std::string out(text, result.ptr);
    if (static_cast<int>(out.size()) < width)
        out.insert(0, static_cast<std::size_t>(width) - out.size(), ' ');
    return out;
}

std::string integer(std::uint64_t value, int width)
{
    std::string out = std::to_string(value);
    if (static_cast<int>(out.size()) < width)
        out.insert(0, static_cast<std::size_t>(width) - out.size(), ' ');
    return out;
}

std::string text(const char *value, int width)
{
    std::string out(value);
    if (static_cast<int>(out.size()) < width)
        out.insert(0, static_cast<std::size_t>(width) - out.size(), ' ');
    return out;
}

// The next reporting point after level (percent): the step halves each time the distance to
// 100 % halves, kPercentileTicksPerHalfDistance steps per half.
double nextLevel(double level)
{
    const double halvings = std::floor(std::log2(100.0 / (100.0 - level)));
    const double ticks = kPercentileTicksPerHalfDistance * std::pow(2.0, halvings + 1);
    return level + 100.0 / ticks;
}

std::string line(std::uint64_t highestNanos, double level, std::uint64_t cumulative, bool last)
{
    const double percentile = level / 100;
    std::string out = fixed(double(highestNanos) / kNanosPerMs, kValueDecimals, 12) + " "
                      + fixed(percentile, 12, 2) + " " + integer(cumulative, 10);
    if (!last)
        out += " " + fixed(1 / (1 - percentile), 2, 14);
    return out + "\n";
}

// The standard deviation over the buckets' midpoints, as HdrHistogram computes it.
double deviationNanos(const LatencyHistogram &histogram)
{
    if (histogram.count() == 0)
        return 0;
    const double mean = histogram.meanNanos();
    double squares = 0;
    for (std::size_t b = 0; b < LatencyHistogram::kBuckets; ++b) {
        const std::uint64_t count = histogram.countAt(b);
        if (count == 0)
            continue;
        const double mid
            = (double(LatencyHistogram::bucketLow(b)) + double(LatencyHistogram::bucketHigh(b)))
              / 2;
        squares += (mid - mean) * (mid - mean) * double(count);
    }
    return std::sqrt(squares / double(histogram.count()));
}

} // namespace

std::string percentileDistribution(const LatencyHistogram &histogram)
{
    std::string out = text("Value", 12) + " " + text("Percentile", 14) + " "
                      + text("TotalCount", 10) + " " + text("1/(1-Percentile)", 14) + "\n\n";
    const std::uint64_t total = histogram.count();
    std::uint64_t cumulative = 0;
    double level = 0;
    for (std::size_t b = 0; b < LatencyHistogram::kBuckets && cumulative < total; ++b) {
        const std::uint64_t count = histogram.countAt(b);
        if (count == 0)
            continue;
        cumulative += count;
        const std::uint64_t highest = LatencyHistogram::bucketHigh(b);
        if (cumulative == total) {
            // The last bucket reports the next point, then 100 %.
            out += line(highest, level, cumulative, false);
            out += line(highest, 100, cumulative, true);
            break;
        }
        // Every point this bucket reaches is reported at it.
        while (100.0 * double(cumulative) / double(total) >= level) {
            out += line(highest, level, cumulative, false);
            level = nextLevel(level);
        }
    }
    out += "#[Mean    = " + fixed(histogram.meanNanos() / kNanosPerMs, kValueDecimals, 12)
           + ", StdDeviation   = "
           + fixed(deviationNanos(histogram) / kNanosPerMs, kValueDecimals, 12) + "]\n";
    out += "#[Max     = " + fixed(double(histogram.maxNanos()) / kNanosPerMs, kValueDecimals, 12)
           + ", Total count    = " + integer(total, 12) + "]\n";
    out += "#[Buckets = " + integer(kHdrBuckets, 12)
           + ", SubBuckets     = " + integer(kHdrSubBuckets, 12) + "]\n";
    return out;
}

} // namespace kvs::bench
