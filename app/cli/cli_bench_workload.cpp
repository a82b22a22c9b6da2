#include "cli/cli_bench_workload.h"

#include "bench/history/run_history.h"
#include "bench/suite/bench.h"
#include "bench/workload/workload_engine.h"
#include "bench/workload/workload_report.h"
#include "cli/cli_arguments.h"
#include "cli/cli_output.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <unistd.h>

namespace kvs::cli {

namespace {

constexpr std::string_view kWorkloadOptions[] = {"--workload",
                                                 "--mix",
                                                 "--warmup",
                                                 "--keys",
                                                 "--distribution",
                                                 "--value-size",
                                                 "--ttl-share",
                                                 "--scan-length",
                                                 "--store",
                                                 "--concurrency",
                                                 "--pool",
                                                 "--durability",
                                                 "--scratch-dir",
                                                 "--rate",
                                                 "--listeners",
                                                 "--listener-concurrency",
                                                 "--save"};

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

std::uint64_t unsignedOption(const CommandContext &context,
                             std::string_view option,
                             std::uint64_t fallback,
                             std::uint64_t min,
                             std::uint64_t max)
{
    const std::optional<std::string> text = context.args.value(option);
    if (!text)
        return fallback;
    std::uint64_t value = 0;
    const char *end = text->data() + text->size();
    const auto [ptr, error] = std::from_chars(text->data(), end, value);
    if (text->empty() || error != std::errc() || ptr != end || value < min || value > max) {
        throw UsageError("kvs: " + std::string(option) + " needs a whole number from "
                         + std::to_string(min) + " to " + std::to_string(max) + ", got "
                         + jsonQuoted(*text));
    }
    return value;
}

double decimalOption(
    const CommandContext &context, std::string_view option, double fallback, double min, double max)
{
    const std::optional<double> value = numberOption(context, option);
    if (!value)
        return fallback;
    if (!(*value >= min && *value <= max)) {
        throw UsageError("kvs: " + std::string(option) + " needs a number from "
                         + formatJsNumber(min) + " to " + formatJsNumber(max) + ", got "
                         + jsonQuoted(*context.args.value(option)));
    }
    return *value;
}

// "100" or "100..1000".
void valueSizeOption(const CommandContext &context, bench::WorkloadConfig &config)
{
    const std::optional<std::string> text = context.args.value("--value-size");
    if (!text)
        return;
    const auto parse = [&](std::string_view part, std::uint32_t &out) {
        const auto [ptr, error] = std::from_chars(part.data(), part.data() + part.size(), out);
        return !part.empty() && error == std::errc() && ptr == part.data() + part.size();
    };
    const std::string_view all = *text;
    const std::size_t dots = all.find("..");
    const bool ok = dots == std::string_view::npos
                        ? parse(all, config.valueMin) && parse(all, config.valueMax)
                        : parse(all.substr(0, dots), config.valueMin)
                              && parse(all.substr(dots + 2), config.valueMax);
    if (!ok || config.valueMin > config.valueMax) {
        throw UsageError("kvs: --value-size needs bytes N or a range MIN..MAX (MIN <= MAX), got "
                         + jsonQuoted(*text));
    }
}

std::string choiceOption(const CommandContext &context,
                         std::string_view option,
                         std::initializer_list<std::string_view> choices,
                         std::string_view fallback)
{
    const std::string value = context.args.value(option).value_or(std::string(fallback));
    if (std::find(choices.begin(), choices.end(), value) != choices.end())
        return value;
    std::string known;
    for (const std::string_view choice : choices)
        known += (known.empty() ? "" : ", ") + std::string(choice);
    throw UsageError("kvs: " + std::string(option) + ": unknown value " + jsonQuoted(value)
                     + " (known: " + known + ")");
}

bench::WorkloadConfig workloadConfig(const CommandContext &context)
{
    bench::WorkloadConfig config;
    config.db = context.args.value("--db").value_or(std::string());
    config.scratchFolder = context.args.value("--scratch-dir").value_or(std::string());
    config.workload = *context.args.value("--workload");
    if (!bench::isWorkloadName(config.workload)) {
        throw UsageError("kvs: --workload: unknown workload " + jsonQuoted(config.workload)
                         + " (known: " + bench::workloadNames() + ")");
    }
    if (const std::optional<std::string> mix = context.args.value("--mix")) {
        if (config.workload != "custom")
            throw UsageError("kvs: --mix needs --workload custom");
        config.mix = bench::parseMix(*mix);
    }
    if (const std::optional<std::string> seconds = context.args.value("--seconds")) {
        const std::optional<double> parsed = bench::parseSeconds(*seconds);
        if (!parsed)
            throw UsageError("kvs: --seconds needs a number of seconds > 0, got "
                             + jsonQuoted(*seconds));
        config.seconds = *parsed;
    }
    config.warmupSeconds = decimalOption(context, "--warmup", 1, 0, 3600);
    config.keys = unsignedOption(context, "--keys", config.keys, 1, 1'000'000'000);
    if (context.args.value("--distribution")) {
        const std::string name = choiceOption(
            context, "--distribution", {"uniform", "zipfian", "latest", "sequential"}, "");
        config.distributionSet = true;
        config.distribution = name == "zipfian"      ? bench::KeyDistribution::Zipfian
                              : name == "latest"     ? bench::KeyDistribution::Latest
                              : name == "sequential" ? bench::KeyDistribution::Sequential
                                                     : bench::KeyDistribution::Uniform;
    }
    valueSizeOption(context, config);
    config.ttlShare = decimalOption(context, "--ttl-share", 0, 0, 1);
    config.scanLength
        = static_cast<std::uint32_t>(unsignedOption(context, "--scan-length", 10, 1, 1000));
    config.store = choiceOption(context, "--store", {"async", "kvstore"}, "async") == "kvstore"
                       ? bench::StoreKind::KVStore
                       : bench::StoreKind::Async;
    config.concurrency
        = static_cast<int>(unsignedOption(context, "--concurrency", 1, 1, bench::kMaxConcurrency));
    config.poolSize = static_cast<int>(unsignedOption(context, "--pool", 0, 1, 1000));
    if (context.args.value("--durability"))
        config.durability = choiceOption(context, "--durability", {"normal", "full"}, "");
    config.rate = decimalOption(context, "--rate", 0, 1, 1e9);
    config.listeners = static_cast<int>(unsignedOption(context, "--listeners", 1, 1, 64));
    config.listenerConcurrency
        = static_cast<int>(unsignedOption(context, "--listener-concurrency", 1, 1, 1000));
    return config;
}

} // namespace

bool isWorkloadOption(std::string_view option) noexcept
{
    return std::find(std::begin(kWorkloadOptions), std::end(kWorkloadOptions), option)
           != std::end(kWorkloadOptions);
}

int runWorkloadBench(const CommandContext &context)
{
    std::vector<std::string_view> allowed(std::begin(kWorkloadOptions), std::end(kWorkloadOptions));
    allowed.push_back("--seconds");
    context.args.requireOnly("bench --workload", allowed);
    requireArgumentCount(context, 1, 0, 0, "bench --workload NAME --db NEW-FILE|:memory:|URL ...");
    for (const char *option : {"--table-prefix", "--schema"}) {
        if (context.args.has(option)) {
            throw UsageError("kvs: bench --workload uses tables of its own (kvsbench_* in the "
                             "connection's current schema), so "
                             + std::string(option) + " does not apply");
        }
    }
    const bench::WorkloadConfig config = workloadConfig(context);
    const bool json = context.args.has("--json");
    const bool terminal = isatty(STDERR_FILENO) == 1;
    std::mutex printing; // seconds arrive on the run's threads
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
    const InterruptFlag interrupt;
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
    if (context.args.has("--save")) {
        const std::string path = bench::RunHistory::defaultPath();
        bench::RunHistory history(path);
        const auto now = std::chrono::system_clock::now().time_since_epoch();
        const std::int64_t id = history.append(
            config, result, bench::currentMachine(), double(now / std::chrono::milliseconds(1)));
        context.err << "kvs: saved as run " << id << " in " << path << std::endl;
    }
    return result.partial && g_interrupted.load() ? kExitInterrupted : kExitOk;
}

} // namespace kvs::cli
