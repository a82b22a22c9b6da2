#include "cli/cli_bench_workload.h"

#include "bench/history/run_history.h"
#include "bench/workload/capacity_report.h"
#include "bench/workload/percentile_distribution.h"
#include "bench/workload/workload_engine.h"
#include "bench/workload/workload_report.h"
#include "cli/cli_arguments.h"
#include "cli/cli_bench_capacity.h"
#include "cli/cli_output.h"
#include "cli/cli_workload_options.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <ostream>
#include <unistd.h>

namespace kvs::cli {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int)
{
    g_interrupted.store(true);
    std::signal(SIGINT, SIG_DFL); // a second Ctrl+C ends the process at once
}

// SIGINT sets g_interrupted while this lives; the previous handler is put back after.
class InterruptFlag
{
public:
    InterruptFlag()
        : m_previous(std::signal(SIGINT, onInterrupt))
    {
        g_interrupted.store(false);
    }
    ~InterruptFlag() { std::signal(SIGINT, m_previous); }
    InterruptFlag(const InterruptFlag &) = delete;
    InterruptFlag &operator=(const InterruptFlag &) = delete;

private:
    void (*m_previous)(int);
};

// Checks --hgrm's folder before the run, so a long run is not lost to a typo.
void checkHgrmPath(const CommandContext &context)
{
    const std::optional<std::string> path = context.args.value("--hgrm");
    if (!path)
        return;
    std::error_code error;
    const std::filesystem::path folder = std::filesystem::path(*path).parent_path();
    if (path->empty() || std::filesystem::is_directory(*path, error)
        || (!folder.empty() && !std::filesystem::is_directory(folder, error))) {
        throw UsageError("kvs: --hgrm needs a file in a folder that exists, got "
                         + jsonQuoted(*path));
    }
}

// A run with --slo: the checks (a line in the table or a JSON line) and the exit code.
int reportSlo(const CommandContext &context, const bench::RunResult &result, bool json)
{
    const std::vector<bench::SloThreshold> slo = sloOption(context);
    if (slo.empty())
        return kExitOk;
    const std::vector<bench::SloCheck> checks = bench::checkSlo(slo, result.all);
    if (json)
        context.out << bench::sloJsonLine(checks) << std::endl;
    else
        context.out << bench::sloLine(checks) << std::endl;
    if (bench::sloHeld(checks))
        return kExitOk;
    context.err << "kvs: SLO broken: " << bench::brokenSloText(checks) << std::endl;
    return kExitSloBroken;
}

int runOnce(const CommandContext &context, const bench::WorkloadConfig &config)
{
    const bool json = context.args.has("--json");
    const bool terminal = isatty(STDERR_FILENO) == 1;
    (void)sloOption(context); // a bad --slo is refused before the run
    std::mutex printing;      // seconds arrive on the run's threads
    bench::RunCallbacks callbacks;
    callbacks.onLoaded = [&](const bench::LoadPhase &load) {
        if (terminal) {
            std::lock_guard lock(printing);
            context.err << "\r\033[Kloaded " << bench::groupedInteger(double(load.keys))
                        << " keys; warming up" << std::flush;
        }
    };
    callbacks.onSecond = [&](const bench::SecondStats &second) {
        std::lock_guard lock(printing);
        if (json)
            context.out << bench::secondJsonLine(config, second) << std::endl;
        if (terminal)
            context.err << "\r\033[K" << bench::progressLine(config, second) << std::flush;
    };
    if (terminal && config.workload != "queue")
        context.err << "loading " << bench::groupedInteger(double(config.keys)) << " keys"
                    << std::flush;
    const bench::RunResult result = bench::runWorkload(config, callbacks, g_interrupted);
    if (terminal)
        context.err << "\r\033[K" << std::flush;
    if (json) {
        for (const std::string &line : bench::resultJsonLines(config, result))
            context.out << line << '\n';
        context.out << bench::runJsonLine(config, result) << std::endl;
    } else {
        context.out << bench::resultTable(config, result) << std::flush;
    }
    const int slo = reportSlo(context, result, json);
    if (const std::optional<std::string> path = context.args.value("--hgrm"))
        writeHgrmFile(context, *path, *result.all.latency);
    if (context.args.has("--save"))
        saveRun(context, config, result, {});
    if (result.partial && g_interrupted.load())
        return kExitInterrupted;
    return slo;
}

} // namespace

void writeHgrmFile(const CommandContext &context,
                   const std::string &path,
                   const bench::LatencyHistogram &histogram)
{
    const std::string temporary = path + ".tmp";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file << bench::percentileDistribution(histogram);
        file.close();
        if (!file) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            throw Error("kvs: --hgrm: cannot write " + jsonQuoted(path) + ": "
                        + std::strerror(errno));
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary, error);
        throw Error("kvs: --hgrm: cannot write " + jsonQuoted(path) + ": " + error.message());
    }
    context.err << "kvs: wrote the latency histogram (" << histogram.count() << " calls) to "
                << path << std::endl;
}

void saveRun(const CommandContext &context,
             const bench::WorkloadConfig &config,
             const bench::RunResult &result,
             const std::vector<bench::CapacityStep> &capacity)
{
    const std::string path = bench::RunHistory::defaultPath();
    bench::RunHistory history(path);
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    const std::int64_t id = history.append(config,
                                           result,
                                           bench::currentMachine(),
                                           double(now / std::chrono::milliseconds(1)),
                                           capacity);
    context.err << "kvs: saved as run " << id << " in " << path << std::endl;
}

int runWorkloadBench(const CommandContext &context)
{
    context.args.requireOnly("bench --workload", workloadOptions());
    requireArgumentCount(context, 1, 0, 0, "bench --workload NAME --db NEW-FILE|:memory:|URL ...");
    for (const char *option : {"--table-prefix", "--schema"}) {
        if (context.args.has(option)) {
            throw UsageError("kvs: bench --workload uses tables of its own (kvsbench_* in the "
                             "connection's current schema), so "
                             + std::string(option) + " does not apply");
        }
    }
    const bench::WorkloadConfig config = workloadConfig(context);
    checkHgrmPath(context);
    const InterruptFlag interrupt;
    if (context.args.has("--find-capacity"))
        return runCapacityBench(context, config, g_interrupted);
    for (const char *option :
         {"--start-rate", "--max-rate", "--precision", "--late-share", "--repeat"}) {
        if (context.args.has(option))
            throw UsageError("kvs: " + std::string(option) + " needs --find-capacity");
    }
    return runOnce(context, config);
}

} // namespace kvs::cli
