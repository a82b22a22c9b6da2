#include "bench/workload/capacity_search.h"

#include "bench/output/format.h"

#include <kvs/errors.h>

#include <cmath>

namespace kvs::bench {

namespace {

void require(bool ok, const std::string &message)
{
    if (!ok)
        throw Error("kvs: bench: " + message);
}

} // namespace

void validateCapacityOptions(const CapacityOptions &options)
{
    require(std::isfinite(options.startRate) && options.startRate >= 1,
            "--start-rate must be calls per second >= 1");
    require(std::isfinite(options.maxRate) && options.maxRate >= options.startRate,
            "--max-rate must be at least --start-rate");
    require(std::isfinite(options.precision) && options.precision > 0 && options.precision <= 1,
            "--precision must be > 0 and <= 1");
    require(std::isfinite(options.lateShare) && options.lateShare >= 0 && options.lateShare <= 1,
            "--late-share must be 0 .. 1");
    require(options.repeats >= 0 && options.repeats <= 10, "--repeat must be 0 .. 10");
}

CapacityPlan::CapacityPlan(const CapacityOptions &options)
    : m_options(options)
    , m_rate(options.startRate)
{}

std::optional<double> CapacityPlan::next() const
{
    if (m_end)
        return std::nullopt;
    return m_rate;
}

void CapacityPlan::record(bool held)
{
    if (m_end)
        return;
    if (!held && m_failures < m_options.repeats) {
        ++m_failures; // run the same rate again
        return;
    }
    m_failures = 0;
    advance(held);
}

void CapacityPlan::advance(bool held)
{
    if (held)
        m_held = m_rate;
    else
        m_broken = m_rate;
    if (m_broken == 0) {
        // Doubling, up to the maximum.
        if (m_rate >= m_options.maxRate) {
            m_end = CapacityEnd::ReachedMax;
            return;
        }
        m_rate = std::min(m_rate * 2, m_options.maxRate);
        return;
    }
    if (m_held == 0) {
        m_end = CapacityEnd::FirstStepBroke;
        return;
    }
    // Bisection between the highest rate that held and the lowest that broke, in whole calls
    // per second.
    const double middle = std::round((m_held + m_broken) / 2);
    if (m_broken <= m_held * (1 + m_options.precision) || middle <= m_held || middle >= m_broken) {
        m_end = CapacityEnd::Bisected;
        return;
    }
    m_rate = middle;
}

bool judgeStep(const CapacityOptions &options,
               double rate,
               const RunResult &result,
               double seconds,
               CapacityStep *step)
{
    const OpResult &all = result.all;
    step->rate = rate;
    step->calls = all.ops + all.errors;
    step->errors = all.errors;
    step->late = all.late;
    step->partial = result.partial;
    const double measured = result.seconds > 0 ? result.seconds : seconds;
    step->achieved = measured > 0 ? double(step->calls) / measured : 0;
    step->p50Us = all.latency->percentileUs(0.5);
    step->p99Us = all.latency->percentileUs(0.99);
    step->p999Us = all.latency->percentileUs(0.999);
    step->unstarted = all.unstarted;
    // Calls still due at the cut-off were counted late (and timed) without being made.
    const std::uint64_t due = step->calls + step->unstarted;
    step->lateShare = due > 0 ? double(step->late) / double(due) : 0;
    const std::vector<SloCheck> checks = checkSlo(options.slo, all);
    std::string broken = brokenSloText(checks);
    if (step->lateShare > options.lateShare) {
        broken += std::string(broken.empty() ? "" : "; ") + "late were "
                  + twoDecimals(step->lateShare * 100) + "% of the calls (at most "
                  + twoDecimals(options.lateShare * 100) + "%)";
    }
    if (step->calls == 0 && broken.empty())
        broken = "no call ended";
    step->broken = broken;
    step->held = broken.empty();
    return step->held;
}

CapacityResult findCapacity(const WorkloadConfig &config,
                            const CapacityOptions &options,
                            const RunCallbacks &callbacks,
                            const CapacityCallbacks &steps,
                            const std::atomic<bool> &cancel,
                            const RunSeams &seams)
{
    validateCapacityOptions(options);
    CapacityResult result;
    CapacityPlan plan(options);
    result.loaded = runSteps(
        config,
        callbacks,
        cancel,
        [&](const StepMeasurer &measure) {
            while (const std::optional<double> rate = plan.next()) {
                if (cancel.load())
                    break;
                CapacityStep step;
                step.index = static_cast<int>(result.steps.size()) + 1;
                step.repeat = plan.nextIsRepeat();
                if (steps.onStepStarted)
                    steps.onStepStarted(step.index, *rate, step.repeat);
                RunResult run = measure(*rate);
                const bool held = judgeStep(options, *rate, run, config.seconds, &step);
                result.steps.push_back(step);
                if (steps.onStep)
                    steps.onStep(step);
                if (run.partial || cancel.load())
                    break;
                if (held && *rate >= plan.highestHeld())
                    result.heldRun = std::move(run);
                plan.record(held);
            }
        },
        seams);
    if (cancel.load() || !plan.end())
        plan.stop();
    result.end = *plan.end();
    result.highestHeld = plan.highestHeld();
    result.lowestBroken = plan.lowestBroken();
    return result;
}

std::string capacityEndName(CapacityEnd end)
{
    switch (end) {
    case CapacityEnd::Bisected:
        return "bisected";
    case CapacityEnd::FirstStepBroke:
        return "first_step_broke";
    case CapacityEnd::ReachedMax:
        return "reached_max";
    case CapacityEnd::Stopped:
        return "stopped";
    }
    return "stopped";
}

} // namespace kvs::bench
