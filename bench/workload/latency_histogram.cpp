#include "bench/workload/latency_histogram.h"

#include <algorithm>
#include <cmath>

namespace kvs::bench {

void LatencyHistogram::merge(const LatencyHistogram &other) noexcept
{
    for (std::size_t i = 0; i < kBuckets; ++i)
        m_counts[i] += other.m_counts[i];
    m_count += other.m_count;
    m_sum += other.m_sum;
    m_min = std::min(m_min, other.m_min);
    m_max = std::max(m_max, other.m_max);
}

void LatencyHistogram::reset() noexcept
{
    *this = LatencyHistogram();
}

std::uint64_t LatencyHistogram::bucketLow(std::size_t bucket) noexcept
{
    if (bucket < kExact)
        return bucket;
    const std::size_t range = (bucket - kExact) / kSub; // exponent - kExactBits
    const std::size_t sub = (bucket - kExact) % kSub;
    const int shift = static_cast<int>(range) + kExactBits - kSubBits;
    return (static_cast<std::uint64_t>(kSub + sub)) << shift;
}

std::uint64_t LatencyHistogram::bucketHigh(std::size_t bucket) noexcept
{
    if (bucket < kExact)
        return bucket;
    const std::size_t range = (bucket - kExact) / kSub;
    const int shift = static_cast<int>(range) + kExactBits - kSubBits;
    return bucketLow(bucket) + ((std::uint64_t(1) << shift) - 1);
}

double LatencyHistogram::percentileNanos(double p) const noexcept
{
    if (m_count == 0)
        return 0;
    if (p >= 1)
        return static_cast<double>(m_max);
    const auto wanted = static_cast<std::uint64_t>(std::ceil(p * static_cast<double>(m_count)));
    const std::uint64_t rank = std::max<std::uint64_t>(1, wanted);
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < kBuckets; ++i) {
        seen += m_counts[i];
        if (seen >= rank) {
            const double mid = (static_cast<double>(bucketLow(i)) + bucketHigh(i)) / 2;
            return std::clamp(mid, static_cast<double>(m_min), static_cast<double>(m_max));
        }
    }
    return static_cast<double>(m_max);
}

} // namespace kvs::bench
