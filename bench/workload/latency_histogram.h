#pragma once

#include <array>
#include <bit>
#include <cstdint>

// A log-linear latency histogram in the manner of HdrHistogram, which Debian 12 does not package
// (no libhdrhistogram), so this small one stands in for it.
namespace kvs::bench {

// Counts of nanosecond durations. Durations below 2^kExactBits ns are counted exactly; above,
// each power-of-two range [2^e, 2^(e+1)) is split into 2^kSubBits equal buckets, so a bucket is
// at most 1/128 of its lower bound wide and a percentile (the bucket's midpoint, clamped to the
// exact minimum and maximum) is within 0.4 % of a recorded duration. record() is a count
// leading zeros, two shifts and three stores: no allocation, no branch on the data beyond one.
// A value type (60 KB); not thread-safe: give each recording thread its own and merge().
class LatencyHistogram
{
public:
    static constexpr int kSubBits = 7;
    static constexpr int kExactBits = kSubBits + 1;
    static constexpr std::size_t kExact = std::size_t(1) << kExactBits; // 256
    static constexpr std::size_t kSub = std::size_t(1) << kSubBits;     // 128
    static constexpr std::size_t kBuckets = kExact + (64 - kExactBits) * kSub;

    void record(std::uint64_t nanos) noexcept
    {
        ++m_counts[bucketOf(nanos)];
        ++m_count;
        m_sum += nanos;
        m_min = nanos < m_min ? nanos : m_min;
        m_max = nanos > m_max ? nanos : m_max;
    }

    // Adds other's counts to this one.
    void merge(const LatencyHistogram &other) noexcept;
    // Forgets every count.
    void reset() noexcept;

    [[nodiscard]] std::uint64_t count() const noexcept { return m_count; }
    // 0 when empty.
    [[nodiscard]] std::uint64_t minNanos() const noexcept { return m_count ? m_min : 0; }
    [[nodiscard]] std::uint64_t maxNanos() const noexcept { return m_max; }
    [[nodiscard]] double meanNanos() const noexcept
    {
        return m_count ? static_cast<double>(m_sum) / static_cast<double>(m_count) : 0;
    }
    // The nearest-rank percentile (0 < p <= 1; p = 1 is the exact maximum) in nanoseconds: the
    // midpoint of the bucket holding rank ceil(p * count), clamped to [min, max]. 0 when empty.
    [[nodiscard]] double percentileNanos(double p) const noexcept;
    [[nodiscard]] double percentileUs(double p) const noexcept { return percentileNanos(p) / 1e3; }

    // The exact sum of the durations recorded (for the mean).
    [[nodiscard]] std::uint64_t sumNanos() const noexcept { return m_sum; }
    // The durations recorded in bucket (bucketOf()), for writers of the whole distribution.
    // Requires: bucket < kBuckets.
    [[nodiscard]] std::uint64_t countAt(std::size_t bucket) const noexcept
    {
        return m_counts[bucket];
    }
    // Adds count durations to bucket and sets the exact minimum, maximum and sum: a histogram
    // read back from its saved buckets (RunHistory). Requires: bucket < kBuckets.
    void addToBucket(std::size_t bucket, std::uint64_t count) noexcept
    {
        m_counts[bucket] += count;
        m_count += count;
    }
    void
    setExtremes(std::uint64_t minNanos, std::uint64_t maxNanos, std::uint64_t sumNanos) noexcept
    {
        m_min = minNanos;
        m_max = maxNanos;
        m_sum = sumNanos;
    }

    // The bucket a duration falls in, and a bucket's bounds [low, high] (for tests).
    static std::size_t bucketOf(std::uint64_t nanos) noexcept
    {
        if (nanos < kExact)
            return static_cast<std::size_t>(nanos);
        const int exponent = 63 - std::countl_zero(nanos); // >= kExactBits
        const int shift = exponent - kSubBits;
        const std::size_t sub = static_cast<std::size_t>(nanos >> shift) - kSub;
        return kExact + static_cast<std::size_t>(exponent - kExactBits) * kSub + sub;
    }
    static std::uint64_t bucketLow(std::size_t bucket) noexcept;
    static std::uint64_t bucketHigh(std::size_t bucket) noexcept;

private:
    std::array<std::uint64_t, kBuckets> m_counts{};
    std::uint64_t m_count = 0;
    std::uint64_t m_sum = 0;
    std::uint64_t m_min = UINT64_MAX;
    std::uint64_t m_max = 0;
};

} // namespace kvs::bench
