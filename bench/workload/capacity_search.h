#pragma once

#include "bench/workload/slo.h"
#include "bench/workload/workload_engine.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

// The capacity search of `kvs bench --workload W --find-capacity` and the Benchmark view's "Find
// capacity": fixed-rate steps on one loaded scratch store, the rate doubling from a start rate
// until a step breaks the SLO (or starts too many calls late), then bisecting between the
// highest rate that held and the lowest that broke, down to a precision. A step that breaks is
// run again (a noisy machine must not end the search): it breaks only when every run broke.
namespace kvs::bench {

// The search's parameters; the defaults are those of `kvs bench --find-capacity`. A value type.
struct CapacityOptions
{
    double startRate = 100;     // the first step's rate, calls per second, > 0
    double maxRate = 1'000'000; // no step asks for more; a step that holds there ends the search
    double precision = 0.05;    // bisection ends when lowest broken <= highest held * (1 + this)
    double lateShare = 0.05;    // a step breaks when more than this share of its calls was late
    int repeats = 1;            // runs of a broken step beyond the first, 0 .. 10
    std::vector<SloThreshold> slo;
};

// Checks options; throws kvs::Error "kvs: bench: ..." naming the first bad one.
void validateCapacityOptions(const CapacityOptions &options);

// How a search ended.
enum class CapacityEnd {
    Bisected,       // a rate held and a rate within the precision above it broke
    FirstStepBroke, // even the first step broke: no rate held
    ReachedMax,     // the maximum rate held: the capacity is higher
    Stopped,        // cancelled
};

// One run of a step. A value type.
struct CapacityStep
{
    int index = 0;        // 1, 2, ... in the order run
    double rate = 0;      // asked, calls per second
    double achieved = 0;  // calls that ended (succeeded or failed) per measured second
    bool repeat = false;  // a run again of the same rate, whose run before broke
    bool held = false;    // this run held (the SLO, and late calls within their share)
    bool partial = false; // cancelled before its time
    double p50Us = 0;
    double p99Us = 0;
    double p999Us = 0;
    std::uint64_t calls = 0; // succeeded or failed
    std::uint64_t errors = 0;
    std::uint64_t late = 0;      // started late, or unstarted
    std::uint64_t unstarted = 0; // still due at the step's cut-off: not made
    double lateShare = 0;        // late / (calls + unstarted), 0 .. 1
    std::string broken;          // why it broke, "" when it held
};

// The decisions of the search, without measuring anything: which rate comes next, given whether
// each step held. A value type.
class CapacityPlan
{
public:
    // Requires: validateCapacityOptions(options) passed.
    explicit CapacityPlan(const CapacityOptions &options);

    // The rate of the next run; nullopt when the search is over.
    [[nodiscard]] std::optional<double> next() const;
    // Whether the next run repeats a rate whose run before broke.
    [[nodiscard]] bool nextIsRepeat() const noexcept { return m_failures > 0; }
    // Records whether the run at next()'s rate held. Requires: next() had a value.
    void record(bool held);
    // Ends the search (a cancel).
    void stop() noexcept { m_end = CapacityEnd::Stopped; }

    [[nodiscard]] std::optional<CapacityEnd> end() const noexcept { return m_end; }
    // The highest rate that held (0 when none) and the lowest that broke (0 when none).
    [[nodiscard]] double highestHeld() const noexcept { return m_held; }
    [[nodiscard]] double lowestBroken() const noexcept { return m_broken; }

private:
    void advance(bool held);

    CapacityOptions m_options;
    double m_rate;
    double m_held = 0;
    double m_broken = 0;
    int m_failures = 0; // broken runs of m_rate so far
    std::optional<CapacityEnd> m_end;
};

// A finished search. A value type.
struct CapacityResult
{
    std::vector<CapacityStep> steps; // every run, in order
    CapacityEnd end = CapacityEnd::Stopped;
    double highestHeld = 0;
    double lowestBroken = 0;
    // The last run at the highest rate that held (its histogram for --hgrm), or empty.
    std::optional<RunResult> heldRun;
    LoadedRun loaded;
};

// Whether a step's result held: options.slo on its "all", and its late share; *step gets its
// figures and the reason it broke. rate: the step's.
[[nodiscard]] bool judgeStep(const CapacityOptions &options,
                             double rate,
                             const RunResult &result,
                             double seconds,
                             CapacityStep *step);

// Where a search reports its steps, on the thread running it; quick, as RunCallbacks.
struct CapacityCallbacks
{
    // A run starts: its index (1, 2, ...), rate and whether it repeats a broken one.
    std::function<void(int index, double rate, bool repeat)> onStepStarted;
    std::function<void(const CapacityStep &)> onStep; // a run ended
};

// Runs the search on config's workload (config.rate is ignored; config.seconds and
// config.warmupSeconds are each step's; callbacks.onSecond gets each step's seconds, counted
// from 1 in every step). A cancel ends the search in the step in flight (end Stopped). Throws
// what runWorkload() throws before the steps, and validateCapacityOptions()'s errors.
[[nodiscard]] CapacityResult findCapacity(const WorkloadConfig &config,
                                          const CapacityOptions &options,
                                          const RunCallbacks &callbacks,
                                          const CapacityCallbacks &steps,
                                          const std::atomic<bool> &cancel,
                                          const RunSeams &seams = {});

// "bisected", "first_step_broke", "reached_max", "stopped".
[[nodiscard]] std::string capacityEndName(CapacityEnd end);

} // namespace kvs::bench
