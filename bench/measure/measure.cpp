#include "bench/measure/measure.h"

#include <algorithm>
#include <cmath>

namespace kvs::bench {

LatencySample::LatencySample()
{
    m_nanos.reserve(4096);
}

void LatencySample::decimate()
{
    std::size_t kept = 0;
    for (std::size_t i = 0; i < m_nanos.size(); i += 2) {
        m_nanos[kept++] = m_nanos[i];
    }
    m_nanos.resize(kept);
    m_stride *= 2;
}

double LatencySample::percentileUs(double p) const
{
    if (m_nanos.empty()) {
        return 0;
    }
    std::vector<std::uint32_t> sorted = m_nanos;
    const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size())));
    const std::size_t index = std::min(sorted.size() - 1, rank == 0 ? 0 : rank - 1);
    std::nth_element(
        sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(index), sorted.end());
    return sorted[index] / 1000.0;
}

Measurement Timing::result() const
{
    Measurement result;
    result.ops = ops;
    result.seconds = std::chrono::duration<double>(timed).count();
    result.p50Us = sample.percentileUs(0.50);
    result.p99Us = sample.percentileUs(0.99);
    return result;
}

} // namespace kvs::bench
