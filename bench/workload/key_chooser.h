#pragma once

#include "bench/workload/workload_config.h"

#include <atomic>
#include <cstdint>

// Picking the keys of a workload's calls: YCSB's request distributions over a keyspace that
// inserts grow.
namespace kvs::bench {

// splitmix64: a small fast generator, good enough to pick keys and ops. A value type.
class FastRandom
{
public:
    explicit FastRandom(std::uint64_t seed)
        : m_state(seed)
    {}
    std::uint64_t next() noexcept
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1).
    double unit() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    // Uniform in [0, n). Requires: n > 0.
    std::uint64_t below(std::uint64_t n) noexcept { return next() % n; }

private:
    std::uint64_t m_state;
};

// Zipfian ranks over [0, n) with theta 0.99 (Gray et al., "Quickly generating billion-record
// synthetic databases", as YCSB's ZipfianGenerator). Construction sums n terms (about 10 ms per
// million keys). A value type, const after construction.
class Zipfian
{
public:
    explicit Zipfian(std::uint64_t n);
    // Rank 0 is the most frequent. Requires: u uniform in [0, 1).
    [[nodiscard]] std::uint64_t rank(double u) const noexcept;

private:
    std::uint64_t m_n;
    double m_alpha;
    double m_zetan;
    double m_eta;
    double m_half; // 0.5^theta
};

// The key indexes of one run: loaded keys [0, keys), inserts appended after them (shared by
// every caller: the insert counter is atomic). Safe from any thread as far as the counter goes;
// each caller passes its own FastRandom.
class KeyChooser
{
public:
    KeyChooser(KeyDistribution distribution, std::uint64_t keys);

    // An existing key's index by the distribution.
    [[nodiscard]] std::uint64_t existing(FastRandom &random) const noexcept;
    // The index of a new key (past every key so far).
    [[nodiscard]] std::uint64_t insert() noexcept { return m_inserted.fetch_add(1) + m_keys; }
    // The number of keys so far, inserts included.
    [[nodiscard]] std::uint64_t count() const noexcept { return m_keys + m_inserted.load(); }

private:
    KeyDistribution m_distribution;
    std::uint64_t m_keys;
    Zipfian m_zipfian;
    std::atomic<std::uint64_t> m_inserted{0};
    mutable std::atomic<std::uint64_t> m_sequence{0}; // Sequential: the next key
};

} // namespace kvs::bench
