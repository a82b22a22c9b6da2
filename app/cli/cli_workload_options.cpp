#include "cli/cli_workload_options.h"

#include "bench/suite/bench.h"
#include "bench/workload/workload_mix.h"
#include "cli/cli_arguments.h"
#include "cli/cli_output.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <algorithm>
#include <charconv>
#include <cstdint>

namespace kvs::cli {

namespace {

constexpr std::string_view kWorkloadOptions[]
    = {"--workload",      "--mix",         "--warmup",    "--keys",
       "--distribution",  "--value-size",  "--ttl-share", "--scan-length",
       "--store",         "--concurrency", "--pool",      "--durability",
       "--scratch-dir",   "--rate",        "--listeners", "--listener-concurrency",
       "--save",          "--slo",         "--hgrm",      "--like",
       "--find-capacity", "--start-rate",  "--max-rate",  "--precision",
       "--late-share",    "--repeat"};

// --find-capacity's defaults: each step's measured seconds, and calls in flight on the async
// store (enough that a slow call does not hold the rate back).
constexpr double kStepSeconds = 5;
constexpr int kStepConcurrency = 64;

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

} // namespace

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
    if (const std::optional<std::string> like = context.args.value("--like")) {
        if (context.args.value("--value-size"))
            throw UsageError("kvs: --like takes the value sizes from its database; --value-size "
                             "does not apply");
        config.like = *like;
    }
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
    if (context.args.has("--find-capacity")) {
        if (context.args.has("--rate")) {
            throw UsageError("kvs: --find-capacity picks the rates itself (from --start-rate up "
                             "to --max-rate); --rate does not apply");
        }
        if (!context.args.value("--seconds"))
            config.seconds = kStepSeconds;
        if (!context.args.value("--concurrency") && config.store == bench::StoreKind::Async)
            config.concurrency = kStepConcurrency;
    }
    return config;
}

bool isWorkloadOption(std::string_view option) noexcept
{
    return std::find(std::begin(kWorkloadOptions), std::end(kWorkloadOptions), option)
           != std::end(kWorkloadOptions);
}

std::vector<std::string_view> workloadOptions()
{
    std::vector<std::string_view> options(std::begin(kWorkloadOptions), std::end(kWorkloadOptions));
    options.push_back("--seconds");
    return options;
}

std::vector<bench::SloThreshold> sloOption(const CommandContext &context)
{
    const std::optional<std::string> text = context.args.value("--slo");
    if (!text)
        return {};
    std::vector<bench::SloThreshold> thresholds;
    try {
        thresholds = bench::parseSlo(*text);
    } catch (const Error &error) {
        throw UsageError(error.what());
    }
    if (bench::sloNamesLate(thresholds) && !context.args.has("--rate")
        && !context.args.has("--find-capacity")) {
        throw UsageError("kvs: --slo: late needs --rate or --find-capacity (a closed loop starts "
                         "each call when one ends: no call is late)");
    }
    return thresholds;
}

bench::CapacityOptions capacityOptions(const CommandContext &context)
{
    bench::CapacityOptions options;
    options.startRate = decimalOption(context, "--start-rate", options.startRate, 1, 1e9);
    options.maxRate = decimalOption(context, "--max-rate", options.maxRate, 1, 1e9);
    if (options.maxRate < options.startRate) {
        throw UsageError("kvs: --max-rate (" + formatJsNumber(options.maxRate)
                         + ") must be at least --start-rate (" + formatJsNumber(options.startRate)
                         + ")");
    }
    options.precision = decimalOption(context, "--precision", options.precision, 0.001, 1);
    options.lateShare = decimalOption(context, "--late-share", options.lateShare, 0, 1);
    options.repeats = static_cast<int>(
        unsignedOption(context, "--repeat", std::uint64_t(options.repeats), 0, 10));
    options.slo = sloOption(context);
    return options;
}

} // namespace kvs::cli
