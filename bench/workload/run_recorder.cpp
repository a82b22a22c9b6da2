#include "bench/workload/run_recorder.h"

#include <kvs/errors.h>

namespace kvs::bench {

std::string errorKindOf(std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const BusyError &) {
        return "busy";
    } catch (const ConnectionError &) {
        return "connection";
    } catch (const DatabaseError &) {
        return "database";
    } catch (const ClosedError &) {
        return "closed";
    } catch (const ReadOnlyError &) {
        return "read_only";
    } catch (const TypeError &) {
        return "type";
    } catch (const RangeError &) {
        return "range";
    } catch (const Error &) {
        return "error";
    } catch (...) {
        return "other";
    }
}

RunRecorder::RunRecorder(Clock::time_point measureStart, SecondCallback onSecond)
    : m_start(measureStart)
    , m_nextSecond(measureStart + std::chrono::seconds(1))
    , m_onSecond(std::move(onSecond))
{
    for (std::size_t i = 0; i < kWorkOpCount; ++i)
        m_ops[i].op = workOpName(static_cast<WorkOp>(i));
}

void RunRecorder::failure(WorkOp op, Clock::time_point end, const std::string &kind)
{
    if (end < m_start)
        return;
    rollTo(end);
    OpResult &result = m_ops[static_cast<std::size_t>(op)];
    ++result.errors;
    ++result.errorsByKind[kind];
    ++m_secondErrors;
    m_used[static_cast<std::size_t>(op)] = true;
}

void RunRecorder::late(WorkOp op, Clock::time_point start) noexcept
{
    if (start < m_start)
        return;
    ++m_ops[static_cast<std::size_t>(op)].late;
    ++m_secondLate;
}

void RunRecorder::unstarted(WorkOp op,
                            Clock::time_point intended,
                            Clock::time_point givenUp) noexcept
{
    if (intended < m_start)
        return;
    OpResult &result = m_ops[static_cast<std::size_t>(op)];
    const auto waited = std::chrono::duration_cast<std::chrono::nanoseconds>(givenUp - intended);
    const auto nanos = static_cast<std::uint64_t>(std::max<std::int64_t>(0, waited.count()));
    result.latency->record(nanos);
    m_second.record(nanos);
    ++result.late;
    ++result.unstarted;
    ++m_secondLate;
    m_used[static_cast<std::size_t>(op)] = true;
}

void RunRecorder::closeSeconds(Clock::time_point now) noexcept
{
    while (now >= m_nextSecond) {
        SecondStats stats;
        stats.second = static_cast<int>(m_series.size()) + 1;
        stats.opsPerSecond = static_cast<double>(m_second.count());
        stats.p50Us = m_second.percentileUs(0.5);
        stats.p99Us = m_second.percentileUs(0.99);
        stats.errors = m_secondErrors;
        stats.late = m_secondLate;
        m_series.push_back(stats);
        m_second.reset();
        m_secondErrors = 0;
        m_secondLate = 0;
        m_nextSecond += std::chrono::seconds(1);
        if (m_onSecond) {
            try {
                m_onSecond(stats);
            } catch (...) {
                // A progress callback's failure must not end the run.
            }
        }
    }
}

RunResult RunRecorder::finish(Clock::time_point end)
{
    rollTo(end);
    RunResult result;
    result.seconds = std::chrono::duration<double>(end - m_start).count();
    result.all.op = "all";
    for (std::size_t i = 0; i < kWorkOpCount; ++i) {
        if (!m_used[i] && m_ops[i].late == 0)
            continue;
        const OpResult &op = m_ops[i];
        result.all.ops += op.ops;
        result.all.errors += op.errors;
        result.all.late += op.late;
        result.all.unstarted += op.unstarted;
        for (const auto &[kind, count] : op.errorsByKind)
            result.all.errorsByKind[kind] += count;
        result.all.latency->merge(*op.latency);
        result.ops.push_back(op);
    }
    result.series = m_series;
    return result;
}

} // namespace kvs::bench
