#include "bench/workload/capacity_report.h"

#include "bench/output/format.h"
#include "bench/workload/workload_report.h"

#include <kvs/connection_string.h>
#include <kvs/js_number.h>
#include <kvs/json_line.h>

#include <cmath>
#include <cstdio>

namespace kvs::bench {

namespace {

std::string sloText(const std::vector<SloThreshold> &slo)
{
    std::string text;
    for (const SloThreshold &threshold : slo)
        text += (text.empty() ? "" : ",") + threshold.text;
    return text;
}

std::string number(double value)
{
    return formatJsNumber(std::round(value * 100) / 100);
}

std::string rateOrNull(double rate)
{
    return rate > 0 ? formatJsNumber(rate) : std::string("null");
}

std::string dbOf(const WorkloadConfig &config)
{
    return redactedConnection(config.db.empty() ? config.scratchFolder : config.db);
}

} // namespace

std::string sloJsonLine(const std::vector<SloCheck> &checks)
{
    std::string items = "[";
    for (const SloCheck &check : checks) {
        JsonLine item;
        item.string("slo", check.threshold.text)
            .string("metric", sloMetricName(check.threshold.metric))
            .raw("measured", formatJsNumber(check.measured))
            .raw("held", check.held ? "true" : "false");
        items += (items.size() > 1 ? ", " : "") + item.text();
    }
    items += "]";
    return JsonLine()
        .string("kind", "slo")
        .raw("held", sloHeld(checks) ? "true" : "false")
        .raw("checks", items)
        .text();
}

std::string sloLine(const std::vector<SloCheck> &checks)
{
    if (!sloHeld(checks))
        return "SLO BROKEN: " + brokenSloText(checks);
    std::string text;
    for (const SloCheck &check : checks)
        text += (text.empty() ? "" : ", ") + sloCheckText(check);
    return "SLO held: " + text;
}

std::string stepJsonLine(const WorkloadConfig &config, const CapacityStep &step)
{
    return JsonLine()
        .string("kind", "step")
        .string("workload", config.workload)
        .raw("step", std::to_string(step.index))
        .raw("rate", formatJsNumber(step.rate))
        .raw("achieved", number(step.achieved))
        .raw("p50_us", twoDecimals(step.p50Us))
        .raw("p99_us", twoDecimals(step.p99Us))
        .raw("p999_us", twoDecimals(step.p999Us))
        .raw("calls", std::to_string(step.calls))
        .raw("errors", std::to_string(step.errors))
        .raw("late", std::to_string(step.late))
        .raw("unstarted", std::to_string(step.unstarted))
        .raw("late_share", formatJsNumber(std::round(step.lateShare * 1e4) / 1e4))
        .raw("repeat", step.repeat ? "true" : "false")
        .raw("held", step.held ? "true" : "false")
        .string("broken", step.broken)
        .text();
}

std::string capacityJsonLine(const WorkloadConfig &config,
                             const CapacityOptions &options,
                             const CapacityResult &result)
{
    return JsonLine()
        .string("kind", "capacity")
        .string("workload", config.workload)
        .string("backend", result.loaded.backend)
        .string("store", storeName(config.store))
        .raw("concurrency", std::to_string(config.concurrency))
        .raw("step_seconds", formatJsNumber(config.seconds))
        .raw("warmup_seconds", formatJsNumber(config.warmupSeconds))
        .string("slo", sloText(options.slo))
        .raw("late_share_max", formatJsNumber(options.lateShare))
        .raw("precision", formatJsNumber(options.precision))
        .raw("highest_held", rateOrNull(result.highestHeld))
        .raw("lowest_broken", rateOrNull(result.lowestBroken))
        .string("end", capacityEndName(result.end))
        .raw("steps", std::to_string(result.steps.size()))
        .string("db", dbOf(config))
        .text();
}

std::string capacityHeading(const WorkloadConfig &config, const CapacityOptions &options)
{
    const std::string slo = sloText(options.slo);
    return "kvs bench: capacity of " + config.workload + " on "
           + (config.store == StoreKind::KVStore ? "KVStore" : "AsyncKVStore") + ", "
           + jsonQuoted(dbOf(config)) + ", concurrency " + std::to_string(config.concurrency)
           + ", steps of " + formatJsNumber(config.seconds) + " s after "
           + formatJsNumber(config.warmupSeconds) + " s of warm-up; a step breaks when it "
           + (slo.empty() ? std::string() : "breaks the SLO " + slo + " or ") + "starts more than "
           + twoDecimals(options.lateShare * 100) + "% of its calls late\n";
}

std::string stepTableHeader()
{
    char text[200];
    std::snprintf(text,
                  sizeof text,
                  "%4s %12s %12s %10s %10s %10s %7s  %s\n",
                  "step",
                  "rate asked",
                  "achieved",
                  "p50 us",
                  "p99 us",
                  "p99.9 us",
                  "late",
                  "result");
    return text;
}

std::string stepTableRow(const CapacityStep &step)
{
    char text[200];
    std::snprintf(text,
                  sizeof text,
                  "%4d %12s %12s %10.1f %10.1f %10.1f %6.1f%%  ",
                  step.index,
                  groupedInteger(step.rate).c_str(),
                  groupedInteger(step.achieved).c_str(),
                  step.p50Us,
                  step.p99Us,
                  step.p999Us,
                  step.lateShare * 100);
    std::string row = text;
    row += step.held ? "held" : "broke: " + step.broken;
    if (step.repeat)
        row += " (run again)";
    return row + "\n";
}

std::string capacitySummary(const CapacityOptions &options, const CapacityResult &result)
{
    const std::string held = groupedInteger(result.highestHeld) + " calls/s";
    switch (result.end) {
    case CapacityEnd::Bisected:
        return "capacity: " + held + " held; " + groupedInteger(result.lowestBroken)
               + " calls/s broke (searched to within " + twoDecimals(options.precision * 100)
               + "%)\n";
    case CapacityEnd::ReachedMax:
        return "capacity: every step held, up to the maximum rate " + held
               + " (--max-rate); the capacity is higher\n";
    case CapacityEnd::FirstStepBroke:
        return "capacity: even the first step (" + groupedInteger(result.lowestBroken)
               + " calls/s) broke; lower --start-rate\n";
    case CapacityEnd::Stopped:
        break;
    }
    return "capacity: STOPPED before the search ended"
           + (result.highestHeld > 0 ? "; the highest rate that held so far: " + held
                                     : std::string())
           + "\n";
}

} // namespace kvs::bench
