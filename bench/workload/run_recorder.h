#pragma once

#include "bench/workload/workload_result.h"

#include <array>
#include <chrono>
#include <exception>
#include <functional>
#include <string>

// Collects the calls of a workload run into its result: latencies per operation, errors by
// kind, late starts and the per-second series.
namespace kvs::bench {

// The kind an error is counted under in errors_by_kind: "busy", "connection", "closed",
// "read_only", "database", "type", "range", "error", "other"; "conflict" is counted by callers
// for a failed atomic check.
[[nodiscard]] std::string errorKindOf(std::exception_ptr error);

// Not thread-safe: the engine calls it from one thread at a time (the async drivers under their
// lock). Calls before the measured time starts (warm-up) are dropped.
class RunRecorder
{
public:
    using Clock = std::chrono::steady_clock;
    using SecondCallback = std::function<void(const SecondStats &)>;

    // onSecond, when set, is called with each finished second, on the recording thread.
    RunRecorder(Clock::time_point measureStart, SecondCallback onSecond);

    // latency runs from the call's start, or from when it was due at a fixed rate: a call is
    // measured when that moment is in the measured time, whenever it ends.
    void success(WorkOp op, Clock::time_point end, std::chrono::nanoseconds latency) noexcept
    {
        if (end - latency < m_start)
            return;
        rollTo(end);
        const auto nanos = static_cast<std::uint64_t>(std::max<std::int64_t>(0, latency.count()));
        m_ops[static_cast<std::size_t>(op)].latency->record(nanos);
        ++m_ops[static_cast<std::size_t>(op)].ops;
        m_second.record(nanos);
        m_used[static_cast<std::size_t>(op)] = true;
    }
    void failure(WorkOp op, Clock::time_point end, const std::string &kind);
    // A call that started more than 1 ms after its intended start (fixed rate).
    void late(WorkOp op, Clock::time_point start) noexcept;
    // A call due at intended that is given up on at givenUp without being made (a capacity
    // step's cut-off): late, and its wait so far is timed as its latency.
    void unstarted(WorkOp op, Clock::time_point intended, Clock::time_point givenUp) noexcept;

    // Closes the seconds up to now (an idle second too), so that a progress view moves on.
    void rollTo(Clock::time_point now) noexcept
    {
        if (now >= m_nextSecond)
            closeSeconds(now);
    }

    // The calls of op recorded so far, failed ones included.
    [[nodiscard]] std::uint64_t calls(WorkOp op) const noexcept
    {
        const OpResult &result = m_ops[static_cast<std::size_t>(op)];
        return result.ops + result.errors;
    }

    // The result, measured up to end.
    [[nodiscard]] RunResult finish(Clock::time_point end);

private:
    void closeSeconds(Clock::time_point now) noexcept;

    Clock::time_point m_start;
    Clock::time_point m_nextSecond;
    SecondCallback m_onSecond;
    std::array<OpResult, kWorkOpCount> m_ops;
    std::array<bool, kWorkOpCount> m_used{};
    LatencyHistogram m_second;
    std::uint64_t m_secondErrors = 0;
    std::uint64_t m_secondLate = 0;
    std::vector<SecondStats> m_series;
};

} // namespace kvs::bench
