#include "cli/cli_bench_capacity.h"

#include "bench/workload/capacity_report.h"
#include "bench/workload/capacity_search.h"
#include "bench/workload/workload_report.h"
#include "cli/cli_arguments.h"
#include "cli/cli_bench_workload.h"
#include "cli/cli_workload_options.h"

#include <kvs/js_number.h>

#include <mutex>
#include <ostream>
#include <unistd.h>

namespace kvs::cli {

int runCapacityBench(const CommandContext &context,
                     const bench::WorkloadConfig &config,
                     const std::atomic<bool> &interrupted)
{
    const bench::CapacityOptions options = capacityOptions(context);
    const bool json = context.args.has("--json");
    const bool terminal = isatty(STDERR_FILENO) == 1;
    std::mutex printing; // seconds arrive on the run's threads
    std::string stepLabel;
    bench::RunCallbacks callbacks;
    callbacks.onSecond = [&](const bench::SecondStats &second) {
        if (!terminal)
            return;
        std::lock_guard lock(printing);
        context.err << "\r\033[K" << stepLabel << bench::progressLine(config, second) << std::flush;
    };
    bench::CapacityCallbacks steps;
    steps.onStepStarted = [&](int index, double rate, bool) {
        std::lock_guard lock(printing);
        stepLabel
            = "step " + std::to_string(index) + " at " + bench::groupedInteger(rate) + " calls/s: ";
        if (terminal)
            context.err << "\r\033[K" << stepLabel << "warming up" << std::flush;
    };
    steps.onStep = [&](const bench::CapacityStep &step) {
        std::lock_guard lock(printing);
        if (terminal)
            context.err << "\r\033[K" << std::flush;
        if (json)
            context.out << bench::stepJsonLine(config, step) << std::endl;
        else
            context.out << bench::stepTableRow(step) << std::flush;
    };
    if (!json)
        context.out << bench::capacityHeading(config, options) << bench::stepTableHeader()
                    << std::flush;
    if (terminal && config.workload != "queue")
        context.err << "loading " << bench::groupedInteger(double(config.keys)) << " keys"
                    << std::flush;
    const bench::CapacityResult result
        = bench::findCapacity(config, options, callbacks, steps, interrupted);
    if (terminal)
        context.err << "\r\033[K" << std::flush;
    // The highest rate that held, as a run of its own: its figures per operation.
    bench::WorkloadConfig held = config;
    held.rate = result.highestHeld;
    if (json) {
        if (result.heldRun) {
            for (const std::string &line : bench::resultJsonLines(held, *result.heldRun))
                context.out << line << '\n';
        }
        context.out << bench::capacityJsonLine(config, options, result) << std::endl;
    } else {
        context.out << bench::capacitySummary(options, result) << std::flush;
    }
    if (const std::optional<std::string> path = context.args.value("--hgrm")) {
        if (result.heldRun)
            writeHgrmFile(context, *path, *result.heldRun->all.latency);
        else
            context.err << "kvs: --hgrm: no step held, so there is no histogram to write"
                        << std::endl;
    }
    if (context.args.has("--save") && !result.heldRun)
        context.err << "kvs: --save: no step held, so there is no run to save" << std::endl;
    if (context.args.has("--save") && result.heldRun) {
        bench::RunResult saved = *result.heldRun;
        saved.load = result.loaded.load;
        saved.backend = result.loaded.backend;
        saved.serverVersion = result.loaded.serverVersion;
        saved.partial = result.end == bench::CapacityEnd::Stopped;
        saveRun(context, held, saved, result.steps);
    }
    if (result.end == bench::CapacityEnd::Stopped && interrupted.load())
        return kExitInterrupted;
    if (result.end == bench::CapacityEnd::FirstStepBroke) {
        const std::string reason = result.steps.empty() ? "" : result.steps.back().broken;
        context.err << "kvs: even the first step (" << formatJsNumber(result.lowestBroken)
                    << " calls/s) broke: " << reason << std::endl;
        return kExitSloBroken;
    }
    return kExitOk;
}

} // namespace kvs::cli
