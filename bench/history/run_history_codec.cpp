#include "bench/history/run_history_codec.h"

#include "bench/workload/workload_report.h"

namespace kvs::bench {

namespace {

using Members = Value::Members;

Value number(double value)
{
    return Value(value);
}

Value number(std::uint64_t value)
{
    return Value(static_cast<double>(value));
}

Value kindCounts(const std::map<std::string, std::uint64_t> &counts)
{
    Members members;
    for (const auto &[kind, count] : counts)
        members.emplace_back(kind, number(count));
    return Value::object(std::move(members));
}

// The histogram as its non-empty buckets, [bucket, count, bucket, count, ...], with the exact
// minimum, maximum and sum: a few hundred numbers where the whole array is 7,000.
Value histogramToValue(const LatencyHistogram &histogram)
{
    Value::Items buckets;
    for (std::size_t b = 0; b < LatencyHistogram::kBuckets; ++b) {
        if (const std::uint64_t count = histogram.countAt(b)) {
            buckets.push_back(number(double(b)));
            buckets.push_back(number(count));
        }
    }
    return Value::object({{"buckets", Value::array(std::move(buckets))},
                          {"min_ns", number(histogram.minNanos())},
                          {"max_ns", number(histogram.maxNanos())},
                          {"sum_ns", number(histogram.sumNanos())}});
}

Value stepToValue(const CapacityStep &step)
{
    return Value::object({{"step", number(double(step.index))},
                          {"rate", number(step.rate)},
                          {"achieved", number(step.achieved)},
                          {"repeat", Value(step.repeat)},
                          {"held", Value(step.held)},
                          {"partial", Value(step.partial)},
                          {"p50_us", number(step.p50Us)},
                          {"p99_us", number(step.p99Us)},
                          {"p999_us", number(step.p999Us)},
                          {"calls", number(step.calls)},
                          {"errors", number(step.errors)},
                          {"late", number(step.late)},
                          {"unstarted", number(step.unstarted)},
                          {"late_share", number(step.lateShare)},
                          {"broken", Value(step.broken)}});
}

Value opToValue(const SavedOp &op)
{
    Members members{{"op", Value(op.op)},
                    {"ops", number(op.ops)},
                    {"ops_per_s", number(op.opsPerSecond)},
                    {"p50_us", number(op.p50Us)},
                    {"p90_us", number(op.p90Us)},
                    {"p99_us", number(op.p99Us)},
                    {"p999_us", number(op.p999Us)},
                    {"max_us", number(op.maxUs)},
                    {"errors", number(op.errors)},
                    {"errors_by_kind", kindCounts(op.errorsByKind)},
                    {"late", number(op.late)}};
    if (op.latency)
        members.emplace_back("histogram", histogramToValue(*op.latency));
    return Value::object(std::move(members));
}

Value secondToValue(const SecondStats &second)
{
    return Value::object({{"second", number(double(second.second))},
                          {"ops_per_s", number(second.opsPerSecond)},
                          {"p50_us", number(second.p50Us)},
                          {"p99_us", number(second.p99Us)},
                          {"errors", number(second.errors)},
                          {"late", number(second.late)}});
}

Value configToValue(const WorkloadConfig &config)
{
    Members mix;
    for (const Mix::Share &share : config.mix.shares)
        mix.emplace_back(std::string(workOpName(share.op)), number(share.weight));
    return Value::object(
        {{"db", Value(config.db)},
         {"scratch_dir", Value(config.scratchFolder)},
         {"workload", Value(config.workload)},
         {"mix", Value::object(std::move(mix))},
         {"seconds", number(config.seconds)},
         {"warmup", number(config.warmupSeconds)},
         {"keys", number(config.keys)},
         {"distribution",
          Value(config.distributionSet ? distributionName(config.distribution) : std::string())},
         {"value_min", number(double(config.valueMin))},
         {"value_max", number(double(config.valueMax))},
         {"ttl_share", number(config.ttlShare)},
         {"scan_length", number(double(config.scanLength))},
         {"store", Value(storeName(config.store))},
         {"concurrency", number(double(config.concurrency))},
         {"pool", number(double(config.poolSize))},
         {"durability", Value(config.durability)},
         {"target_rate", number(config.rate)},
         {"listeners", number(double(config.listeners))},
         {"listener_concurrency", number(double(config.listenerConcurrency))},
         {"like", Value(config.like)}});
}

// Reading: the member of an object, or undefined.
const Value &member(const Value &object, std::string_view name)
{
    static const Value missing;
    if (object.type() != Value::Type::Object)
        return missing;
    for (const auto &[key, value] : object.members()) {
        if (key == name)
            return value;
    }
    return missing;
}

double numberOf(const Value &object, std::string_view name, double fallback = 0)
{
    const Value &value = member(object, name);
    return value.isNumber() ? value.asNumber() : fallback;
}

std::uint64_t countOf(const Value &object, std::string_view name)
{
    return static_cast<std::uint64_t>(numberOf(object, name));
}

std::string textOf(const Value &object, std::string_view name)
{
    const Value &value = member(object, name);
    return value.type() == Value::Type::String ? value.asString() : std::string();
}

const Value::Items &itemsOf(const Value &object, std::string_view name)
{
    static const Value::Items none;
    const Value &value = member(object, name);
    return value.type() == Value::Type::Array ? value.items() : none;
}

bool flagOf(const Value &object, std::string_view name)
{
    const Value &value = member(object, name);
    return value.type() == Value::Type::Boolean && value.asBoolean();
}

// A saved histogram; null when missing or not one (a bucket out of range, an odd list).
std::shared_ptr<const LatencyHistogram> histogramFromValue(const Value &value)
{
    const Value::Items &buckets = itemsOf(value, "buckets");
    if (value.type() != Value::Type::Object || buckets.size() % 2 != 0)
        return nullptr;
    auto histogram = std::make_shared<LatencyHistogram>();
    for (std::size_t i = 0; i < buckets.size(); i += 2) {
        if (!buckets[i].isNumber() || !buckets[i + 1].isNumber())
            return nullptr;
        const double bucket = buckets[i].asNumber();
        const double count = buckets[i + 1].asNumber();
        if (!(bucket >= 0 && bucket < double(LatencyHistogram::kBuckets)) || !(count >= 0))
            return nullptr;
        histogram->addToBucket(static_cast<std::size_t>(bucket), static_cast<std::uint64_t>(count));
    }
    histogram->setExtremes(
        countOf(value, "min_ns"), countOf(value, "max_ns"), countOf(value, "sum_ns"));
    return histogram;
}

CapacityStep stepFromValue(const Value &value)
{
    CapacityStep step;
    step.index = static_cast<int>(numberOf(value, "step"));
    step.rate = numberOf(value, "rate");
    step.achieved = numberOf(value, "achieved");
    step.repeat = flagOf(value, "repeat");
    step.held = flagOf(value, "held");
    step.partial = flagOf(value, "partial");
    step.p50Us = numberOf(value, "p50_us");
    step.p99Us = numberOf(value, "p99_us");
    step.p999Us = numberOf(value, "p999_us");
    step.calls = countOf(value, "calls");
    step.errors = countOf(value, "errors");
    step.late = countOf(value, "late");
    step.unstarted = countOf(value, "unstarted");
    step.lateShare = numberOf(value, "late_share");
    step.broken = textOf(value, "broken");
    return step;
}

SavedOp opFromValue(const Value &value)
{
    SavedOp op;
    op.op = textOf(value, "op");
    op.ops = countOf(value, "ops");
    op.opsPerSecond = numberOf(value, "ops_per_s");
    op.p50Us = numberOf(value, "p50_us");
    op.p90Us = numberOf(value, "p90_us");
    op.p99Us = numberOf(value, "p99_us");
    op.p999Us = numberOf(value, "p999_us");
    op.maxUs = numberOf(value, "max_us");
    op.errors = countOf(value, "errors");
    const Value &kinds = member(value, "errors_by_kind");
    if (kinds.type() == Value::Type::Object) {
        for (const auto &[kind, count] : kinds.members())
            op.errorsByKind[kind] = count.isNumber() ? std::uint64_t(count.asNumber()) : 0;
    }
    op.late = countOf(value, "late");
    op.latency = histogramFromValue(member(value, "histogram"));
    return op;
}

WorkloadConfig configFromValue(const Value &value)
{
    WorkloadConfig config;
    config.db = textOf(value, "db");
    config.scratchFolder = textOf(value, "scratch_dir");
    config.workload = textOf(value, "workload");
    const Value &mix = member(value, "mix");
    if (mix.type() == Value::Type::Object) {
        for (const auto &[name, weight] : mix.members()) {
            if (const std::optional<WorkOp> op = workOpFromName(name); op && weight.isNumber())
                config.mix.shares.push_back({*op, weight.asNumber()});
        }
    }
    config.seconds = numberOf(value, "seconds", config.seconds);
    config.warmupSeconds = numberOf(value, "warmup", config.warmupSeconds);
    config.keys = static_cast<std::uint64_t>(numberOf(value, "keys", double(config.keys)));
    const std::string distribution = textOf(value, "distribution");
    config.distributionSet = !distribution.empty();
    config.distribution = distribution == "zipfian"      ? KeyDistribution::Zipfian
                          : distribution == "latest"     ? KeyDistribution::Latest
                          : distribution == "sequential" ? KeyDistribution::Sequential
                                                         : KeyDistribution::Uniform;
    config.valueMin = static_cast<std::uint32_t>(numberOf(value, "value_min", config.valueMin));
    config.valueMax = static_cast<std::uint32_t>(numberOf(value, "value_max", config.valueMax));
    config.ttlShare = numberOf(value, "ttl_share");
    config.scanLength
        = static_cast<std::uint32_t>(numberOf(value, "scan_length", config.scanLength));
    config.store = textOf(value, "store") == "kvstore" ? StoreKind::KVStore : StoreKind::Async;
    config.concurrency = static_cast<int>(numberOf(value, "concurrency", 1));
    config.poolSize = static_cast<int>(numberOf(value, "pool"));
    config.durability = textOf(value, "durability");
    config.rate = numberOf(value, "target_rate");
    config.listeners = static_cast<int>(numberOf(value, "listeners", 1));
    config.listenerConcurrency = static_cast<int>(numberOf(value, "listener_concurrency", 1));
    config.like = textOf(value, "like");
    return config;
}

} // namespace

Value runToValue(const HistoryRun &run)
{
    Value::Items ops;
    for (const SavedOp &op : run.ops)
        ops.push_back(opToValue(op));
    Value::Items series;
    for (const SecondStats &second : run.series)
        series.push_back(secondToValue(second));
    Value value = Value::object(
        {{"id", number(double(run.id))},
         {"time_ms", number(run.timeMs)},
         {"parameters", configToValue(run.config)},
         {"machine",
          Value::object({{"cpu_model", Value(run.machine.cpuModel)},
                         {"cores", number(double(run.machine.cores))},
                         {"os", Value(run.machine.os)}})},
         {"backend", Value(run.backend)},
         {"server_version", Value(run.serverVersion)},
         {"seconds", number(run.seconds)},
         {"partial", Value(run.partial)},
         {"client_cpu", number(run.clientCpu)},
         {"load",
          Value::object({{"keys", number(run.load.keys)}, {"seconds", number(run.load.seconds)}})},
         {"results", Value::array(std::move(ops))},
         {"series", Value::array(std::move(series))}});
    if (!run.capacity.empty()) {
        Value::Items steps;
        for (const CapacityStep &step : run.capacity)
            steps.push_back(stepToValue(step));
        value.members().emplace_back("capacity", Value::array(std::move(steps)));
    }
    return value;
}

HistoryRun runFromValue(const Value &value)
{
    HistoryRun run;
    run.id = static_cast<std::int64_t>(numberOf(value, "id"));
    run.timeMs = numberOf(value, "time_ms");
    run.config = configFromValue(member(value, "parameters"));
    const Value &machine = member(value, "machine");
    run.machine.cpuModel = textOf(machine, "cpu_model");
    run.machine.cores = static_cast<int>(numberOf(machine, "cores"));
    run.machine.os = textOf(machine, "os");
    run.backend = textOf(value, "backend");
    run.serverVersion = textOf(value, "server_version");
    run.seconds = numberOf(value, "seconds");
    run.partial = flagOf(value, "partial");
    run.clientCpu = numberOf(value, "client_cpu");
    run.load.keys = countOf(member(value, "load"), "keys");
    run.load.seconds = numberOf(member(value, "load"), "seconds");
    for (const Value &op : itemsOf(value, "results"))
        run.ops.push_back(opFromValue(op));
    for (const Value &item : itemsOf(value, "series")) {
        SecondStats second;
        second.second = static_cast<int>(numberOf(item, "second"));
        second.opsPerSecond = numberOf(item, "ops_per_s");
        second.p50Us = numberOf(item, "p50_us");
        second.p99Us = numberOf(item, "p99_us");
        second.errors = countOf(item, "errors");
        second.late = countOf(item, "late");
        run.series.push_back(second);
    }
    for (const Value &item : itemsOf(value, "capacity"))
        run.capacity.push_back(stepFromValue(item));
    return run;
}

} // namespace kvs::bench
