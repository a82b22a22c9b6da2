#include "bench/workload/key_chooser.h"

#include <algorithm>
#include <cmath>

namespace kvs::bench {

namespace {

constexpr double kTheta = 0.99;

// YCSB's FNV-1a 64 of the rank, which spreads the hot ranks over the keyspace ("scrambled").
std::uint64_t scramble(std::uint64_t value) noexcept
{
    std::uint64_t hash = 0xCBF29CE484222325ULL;
    for (int i = 0; i < 8; ++i) {
        hash ^= value & 0xff;
        hash *= 1099511628211ULL;
        value >>= 8;
    }
    return hash;
}

} // namespace

Zipfian::Zipfian(std::uint64_t n)
    : m_n(std::max<std::uint64_t>(n, 1))
    , m_alpha(1 / (1 - kTheta))
    , m_zetan(0)
    , m_eta(0)
    , m_half(std::pow(0.5, kTheta))
{
    for (std::uint64_t i = 1; i <= m_n; ++i)
        m_zetan += 1 / std::pow(static_cast<double>(i), kTheta);
    const double zeta2 = 1 + std::pow(0.5, kTheta);
    m_eta = (1 - std::pow(2.0 / static_cast<double>(m_n), 1 - kTheta)) / (1 - zeta2 / m_zetan);
}

std::uint64_t Zipfian::rank(double u) const noexcept
{
    const double uz = u * m_zetan;
    if (uz < 1)
        return 0;
    if (uz < 1 + m_half)
        return std::min<std::uint64_t>(1, m_n - 1);
    const auto r = static_cast<std::uint64_t>(static_cast<double>(m_n)
                                              * std::pow(m_eta * u - m_eta + 1, m_alpha));
    return std::min(r, m_n - 1);
}

KeyChooser::KeyChooser(KeyDistribution distribution, std::uint64_t keys)
    : m_distribution(distribution)
    , m_keys(std::max<std::uint64_t>(keys, 1))
    , m_zipfian(distribution == KeyDistribution::Uniform ? 1 : m_keys)
{}

std::uint64_t KeyChooser::existing(FastRandom &random) const noexcept
{
    switch (m_distribution) {
    case KeyDistribution::Uniform:
        return random.below(count());
    case KeyDistribution::Sequential:
        return m_sequence.fetch_add(1, std::memory_order_relaxed) % count();
    case KeyDistribution::Zipfian:
        return scramble(m_zipfian.rank(random.unit())) % m_keys;
    case KeyDistribution::Latest: {
        const std::uint64_t newest = count() - 1;
        return newest - std::min(newest, m_zipfian.rank(random.unit()));
    }
    }
    return 0;
}

} // namespace kvs::bench
