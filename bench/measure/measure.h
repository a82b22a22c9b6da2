#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <vector>

// Timing of one benchmark operation: every call is timed with steady_clock, chained (one clock
// read per call: each call's duration runs from the previous call's end to its own end), so the
// timing overhead per call is one clock read and one store into a sample.
namespace kvs::bench {

// The result of timing one operation.
struct Measurement
{
    std::uint64_t ops = 0;
    double seconds = 0; // timed seconds (refills excluded)
    double p50Us = 0;
    double p99Us = 0;

    double opsPerSecond() const noexcept { return seconds > 0 ? ops / seconds : 0; }
};

// Per-call durations, kept as a uniform-stride sample so memory stays bounded (at most
// kCapacity entries: past it, every second entry is dropped and the stride doubles). A value type.
class LatencySample
{
public:
    LatencySample();

    void add(std::chrono::nanoseconds duration)
    {
        if ((m_seen++ & (m_stride - 1)) != 0) {
            return;
        }
        const auto ns = duration.count();
        m_nanos.push_back(ns > kMaxNanos ? kMaxNanos : static_cast<std::uint32_t>(ns));
        if (m_nanos.size() == kCapacity) {
            decimate();
        }
    }

    // Nearest-rank percentile (0 < p <= 1) in microseconds; 0 when empty.
    [[nodiscard]] double percentileUs(double p) const;

private:
    static constexpr std::size_t kCapacity = std::size_t(1) << 21;
    static constexpr std::uint32_t kMaxNanos = std::numeric_limits<std::uint32_t>::max();

    void decimate();

    std::vector<std::uint32_t> m_nanos;
    std::uint64_t m_seen = 0;
    std::uint64_t m_stride = 1; // a power of two
};

// A batch size meaning "no refills": refill runs once, before the first call.
inline constexpr std::uint64_t kNoRefill = std::numeric_limits<std::uint64_t>::max();

// The timed calls of one operation, accumulated over one or more runs of measure() (a bench
// alternates short runs of the store and the baseline, so a change in machine load hits both).
struct Timing
{
    LatencySample sample;
    std::uint64_t ops = 0;
    std::chrono::nanoseconds timed{0}; // refills excluded

    [[nodiscard]] Measurement result() const;
};

// Calls op(i) for i = timing.ops, timing.ops + 1, ... until about budget of timed calls has
// passed, adding them to timing. Before every batchSize calls (and first) it calls refill(i),
// untimed (e.g. to re-insert the keys a delete removes). Exceptions from op or refill propagate.
// Clock: steady_clock (a benchmark's time is real); a test gives a clock of its own that its
// calls move, so that what is timed is known without sleeping.
template <typename Clock = std::chrono::steady_clock, typename Refill, typename Op>
void measure(std::chrono::nanoseconds budget,
             std::uint64_t batchSize,
             Refill &&refill,
             Op &&op,
             Timing &timing)
{
    std::chrono::nanoseconds timed{0};
    while (timed < budget) {
        refill(timing.ops);
        const typename Clock::time_point batchStart = Clock::now();
        typename Clock::time_point previous = batchStart;
        for (std::uint64_t k = 0; k < batchSize; ++k) {
            op(timing.ops);
            const typename Clock::time_point now = Clock::now();
            timing.sample.add(now - previous);
            previous = now;
            ++timing.ops;
            if (timed + (now - batchStart) >= budget) {
                break;
            }
        }
        timed += previous - batchStart;
    }
    timing.timed += timed;
}

} // namespace kvs::bench
