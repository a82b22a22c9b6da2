#include "bench/workload/workload_report.h"

#include "bench/output/format.h"

#include <kvs/connection_string.h>
#include <kvs/js_number.h>
#include <kvs/json_line.h>

#include <cmath>
#include <cstdio>

namespace kvs::bench {

namespace {

std::string errorsByKindJson(const OpResult &op)
{
    std::string json = "{";
    for (const auto &[kind, count] : op.errorsByKind) {
        json += (json.size() > 1 ? ", " : "") + jsonQuoted(kind) + ": " + std::to_string(count);
    }
    return json + "}";
}

std::string microseconds(const OpResult &op, double p)
{
    return twoDecimals(op.latency->percentileUs(p));
}

std::string resultLine(const WorkloadConfig &config, const RunResult &result, const OpResult &op)
{
    const double opsPerSecond = result.seconds > 0 ? double(op.ops) / result.seconds : 0;
    JsonLine line;
    line.string("kind", "result")
        .string("workload", config.workload)
        .string("op", op.op)
        .raw("ops_per_s", integerText(opsPerSecond))
        .raw("p50_us", microseconds(op, 0.5))
        .raw("p90_us", microseconds(op, 0.9))
        .raw("p99_us", microseconds(op, 0.99))
        .raw("p999_us", microseconds(op, 0.999))
        .raw("max_us", microseconds(op, 1))
        .raw("errors", std::to_string(op.errors))
        .raw("errors_by_kind", errorsByKindJson(op))
        .string("backend", result.backend)
        .string("store", storeName(config.store))
        .string("mode", modeName(config))
        .raw("concurrency", std::to_string(config.concurrency))
        .raw("seconds", formatJsNumber(std::round(result.seconds * 1000) / 1000))
        .raw("partial", result.partial ? "true" : "false")
        .string("db", redactedConnection(config.db.empty() ? config.scratchFolder : config.db));
    if (config.rate > 0) {
        line.raw("target_rate", formatJsNumber(config.rate)).raw("late", std::to_string(op.late));
    }
    return line.text();
}

std::string row(const std::string &name, double opsPerSecond, const OpResult &op, bool rate)
{
    char text[256];
    std::snprintf(text,
                  sizeof text,
                  "%-12s %12s %9.1f %9.1f %9.1f %10.1f %10.1f %8llu",
                  name.c_str(),
                  groupedInteger(opsPerSecond).c_str(),
                  op.latency->percentileUs(0.5),
                  op.latency->percentileUs(0.9),
                  op.latency->percentileUs(0.99),
                  op.latency->percentileUs(0.999),
                  op.latency->percentileUs(1),
                  static_cast<unsigned long long>(op.errors));
    std::string line = text;
    if (rate)
        line += " " + std::to_string(op.late);
    return line;
}

} // namespace

std::string modeName(const WorkloadConfig &config)
{
    return config.rate > 0 ? "rate" : "closed";
}

std::string storeName(StoreKind store)
{
    return store == StoreKind::KVStore ? "kvstore" : "async";
}

std::string distributionName(KeyDistribution distribution)
{
    switch (distribution) {
    case KeyDistribution::Uniform:
        return "uniform";
    case KeyDistribution::Zipfian:
        return "zipfian";
    case KeyDistribution::Latest:
        return "latest";
    case KeyDistribution::Sequential:
        return "sequential";
    }
    return "uniform";
}

std::string groupedInteger(double value)
{
    const std::string digits = integerText(value);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-')
            out += ',';
        out += digits[i];
    }
    return out;
}

std::vector<std::string> resultJsonLines(const WorkloadConfig &config, const RunResult &result)
{
    std::vector<std::string> lines;
    for (const OpResult &op : result.ops)
        lines.push_back(resultLine(config, result, op));
    lines.push_back(resultLine(config, result, result.all));
    return lines;
}

std::string secondJsonLine(const WorkloadConfig &config, const SecondStats &second)
{
    JsonLine line;
    line.string("kind", "second")
        .string("workload", config.workload)
        .raw("second", std::to_string(second.second))
        .raw("ops_per_s", integerText(second.opsPerSecond))
        .raw("p50_us", twoDecimals(second.p50Us))
        .raw("p99_us", twoDecimals(second.p99Us))
        .raw("errors", std::to_string(second.errors));
    if (config.rate > 0)
        line.raw("late", std::to_string(second.late));
    return line.text();
}

std::string runJsonLine(const WorkloadConfig &config, const RunResult &result)
{
    JsonLine line;
    line.string("kind", "run")
        .string("workload", config.workload)
        .string("backend", result.backend)
        .string("server_version", result.serverVersion)
        .string("store", storeName(config.store))
        .raw("load_keys", std::to_string(result.load.keys))
        .raw("load_seconds", formatJsNumber(std::round(result.load.seconds * 1000) / 1000))
        .raw("load_ops_per_s", integerText(result.load.opsPerSecond()))
        .raw("client_cpu_percent", integerText(result.clientCpu * 100))
        .raw("partial", result.partial ? "true" : "false");
    if (!config.like.empty())
        line.string("like", redactedConnection(config.like)).string("shape", result.shape);
    return line.text();
}

std::string resultTable(const WorkloadConfig &config, const RunResult &result)
{
    const bool rate = config.rate > 0;
    std::string text
        = "kvs bench: " + config.workload + " on "
          + (config.store == StoreKind::KVStore ? "KVStore" : "AsyncKVStore") + " ("
          + result.backend + " " + result.serverVersion + "), "
          + jsonQuoted(redactedConnection(config.db.empty() ? config.scratchFolder : config.db))
          + ", "
          + (rate ? "fixed rate " + groupedInteger(config.rate) + " ops/s"
                  : std::string("closed loop"))
          + ", concurrency " + std::to_string(config.concurrency) + "\n";
    if (!config.like.empty()) {
        text += "keys and values shaped like " + jsonQuoted(redactedConnection(config.like)) + ": "
                + result.shape + "\n";
    }
    if (result.load.keys > 0) {
        text += "load phase: " + groupedInteger(double(result.load.keys)) + " keys in "
                + twoDecimals(result.load.seconds) + " s ("
                + groupedInteger(result.load.opsPerSecond()) + " keys/s)\n";
    }
    char header[256];
    std::snprintf(header,
                  sizeof header,
                  "%-12s %12s %9s %9s %9s %10s %10s %8s%s\n",
                  "op",
                  "ops/s",
                  "p50 us",
                  "p90 us",
                  "p99 us",
                  "p99.9 us",
                  "max us",
                  "errors",
                  rate ? " late" : "");
    text += header;
    const auto perSecond = [&](const OpResult &op) {
        return result.seconds > 0 ? double(op.ops) / result.seconds : 0;
    };
    for (const OpResult &op : result.ops)
        text += row(op.op, perSecond(op), op, rate) + "\n";
    text += row("all", perSecond(result.all), result.all, rate) + "\n";
    for (const auto &[kind, count] : result.all.errorsByKind)
        text += "errors " + kind + ": " + std::to_string(count) + "\n";
    text += twoDecimals(result.seconds) + " s measured, client CPU "
            + integerText(result.clientCpu * 100) + " % of one core"
            + (result.partial ? ", PARTIAL: stopped before its time" : "") + "\n";
    return text;
}

std::string progressLine(const WorkloadConfig &config, const SecondStats &second)
{
    char text[200];
    std::snprintf(text,
                  sizeof text,
                  "%4d/%s s  %s ops/s  p50 %.1f us  p99 %.1f us  errors %llu",
                  second.second,
                  formatJsNumber(config.seconds).c_str(),
                  groupedInteger(second.opsPerSecond).c_str(),
                  second.p50Us,
                  second.p99Us,
                  static_cast<unsigned long long>(second.errors));
    std::string line = text;
    if (config.rate > 0)
        line += "  late " + std::to_string(second.late);
    return line;
}

} // namespace kvs::bench
