#include "bench/workload/slo.h"

#include "bench/output/format.h"

#include <kvs/errors.h>
#include <kvs/json_line.h>

#include <array>
#include <charconv>
#include <cmath>

namespace kvs::bench {

namespace {

struct MetricName
{
    SloMetric metric;
    std::string_view name;
};

constexpr std::array<MetricName, 7> kMetrics{{{SloMetric::P50, "p50"},
                                              {SloMetric::P90, "p90"},
                                              {SloMetric::P99, "p99"},
                                              {SloMetric::P999, "p999"},
                                              {SloMetric::Max, "max"},
                                              {SloMetric::Errors, "errors"},
                                              {SloMetric::Late, "late"}}};

constexpr std::string_view kExample = "as in p99<5ms,errors<0.1%";

bool isShare(SloMetric metric) noexcept
{
    return metric == SloMetric::Errors || metric == SloMetric::Late;
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

std::string withoutSpaces(std::string_view text)
{
    std::string out;
    for (const char c : text) {
        if (c != ' ' && c != '\t')
            out += c;
    }
    return out;
}

[[noreturn]] void refuse(const std::string &message)
{
    throw Error("kvs: --slo: " + message);
}

SloThreshold parseThreshold(std::string_view part)
{
    SloThreshold threshold;
    threshold.text = withoutSpaces(part);
    const std::string quoted = jsonQuoted(threshold.text);
    const std::size_t op = part.find('<');
    if (op == std::string_view::npos) {
        refuse(quoted + " needs < or <= between the metric and its limit, "
               + std::string(kExample));
    }
    const std::string_view name = trimmed(part.substr(0, op));
    bool known = false;
    for (const MetricName &metric : kMetrics) {
        if (metric.name == name) {
            threshold.metric = metric.metric;
            known = true;
        }
    }
    if (!known) {
        refuse("unknown metric " + jsonQuoted(std::string(name)) + " in " + quoted
               + " (known: p50, p90, p99, p999, max, errors, late)");
    }
    std::string_view limit = part.substr(op + 1);
    if (!limit.empty() && limit.front() == '=') {
        threshold.inclusive = true;
        limit.remove_prefix(1);
    }
    limit = trimmed(limit);
    double number = 0;
    const auto [end, error] = std::from_chars(limit.data(), limit.data() + limit.size(), number);
    if (error != std::errc() || end == limit.data() || !std::isfinite(number) || number < 0) {
        refuse(quoted + " needs a limit >= 0 with its unit, " + std::string(kExample));
    }
    threshold.unit = std::string(trimmed(std::string_view(end, limit.data() + limit.size())));
    if (isShare(threshold.metric)) {
        if (threshold.unit != "%") {
            refuse(quoted + " needs a share of the calls in %, as in "
                   + std::string(sloMetricName(threshold.metric)) + "<0.1%");
        }
        if (number > 100)
            refuse(quoted + " needs a share from 0 to 100%");
        threshold.limit = number / 100;
        return threshold;
    }
    if (threshold.unit == "us")
        threshold.limit = number;
    else if (threshold.unit == "ms")
        threshold.limit = number * 1e3;
    else if (threshold.unit == "s")
        threshold.limit = number * 1e6;
    else
        refuse(quoted + " needs a time unit (us, ms or s), as in p99<5ms");
    return threshold;
}

double percentileOf(SloMetric metric) noexcept
{
    switch (metric) {
    case SloMetric::P50:
        return 0.5;
    case SloMetric::P90:
        return 0.9;
    case SloMetric::P99:
        return 0.99;
    case SloMetric::P999:
        return 0.999;
    default:
        return 1;
    }
}

// measured in the threshold's unit, as "12.35 ms" or "0.5%".
std::string measuredText(const SloCheck &check)
{
    const std::string &unit = check.threshold.unit;
    double value = check.measured;
    if (unit == "%")
        value *= 100;
    else if (unit == "ms")
        value /= 1e3;
    else if (unit == "s")
        value /= 1e6;
    return twoDecimals(value) + (unit == "%" ? "%" : " " + unit);
}

} // namespace

std::string_view sloMetricName(SloMetric metric) noexcept
{
    for (const MetricName &known : kMetrics) {
        if (known.metric == metric)
            return known.name;
    }
    return "p99";
}

std::vector<SloThreshold> parseSlo(std::string_view text)
{
    std::vector<SloThreshold> thresholds;
    if (trimmed(text).empty())
        throw Error("kvs: --slo needs thresholds, " + std::string(kExample));
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view part = trimmed(text.substr(0, comma));
        if (part.empty())
            refuse("an empty threshold between commas, " + std::string(kExample));
        thresholds.push_back(parseThreshold(part));
        if (comma == std::string_view::npos)
            break;
        text.remove_prefix(comma + 1);
    }
    return thresholds;
}

bool sloNamesLate(const std::vector<SloThreshold> &thresholds) noexcept
{
    for (const SloThreshold &threshold : thresholds) {
        if (threshold.metric == SloMetric::Late)
            return true;
    }
    return false;
}

std::vector<SloCheck> checkSlo(const std::vector<SloThreshold> &thresholds, const OpResult &result)
{
    const double calls = static_cast<double>(result.ops + result.errors + result.unstarted);
    std::vector<SloCheck> checks;
    for (const SloThreshold &threshold : thresholds) {
        SloCheck check;
        check.threshold = threshold;
        if (threshold.metric == SloMetric::Errors)
            check.measured = calls > 0 ? static_cast<double>(result.errors) / calls : 0;
        else if (threshold.metric == SloMetric::Late)
            check.measured = calls > 0 ? static_cast<double>(result.late) / calls : 0;
        else
            check.measured = result.latency->percentileUs(percentileOf(threshold.metric));
        check.held = threshold.inclusive ? check.measured <= threshold.limit
                                         : check.measured < threshold.limit;
        checks.push_back(check);
    }
    return checks;
}

bool sloHeld(const std::vector<SloCheck> &checks) noexcept
{
    for (const SloCheck &check : checks) {
        if (!check.held)
            return false;
    }
    return true;
}

std::string sloCheckText(const SloCheck &check)
{
    const std::string_view metric = sloMetricName(check.threshold.metric);
    const bool plural = isShare(check.threshold.metric);
    return std::string(metric) + (plural ? " were " : " was ") + measuredText(check) + " (SLO "
           + check.threshold.text + ")";
}

std::string brokenSloText(const std::vector<SloCheck> &checks)
{
    std::string text;
    for (const SloCheck &check : checks) {
        if (!check.held)
            text += (text.empty() ? "" : "; ") + sloCheckText(check);
    }
    return text;
}

} // namespace kvs::bench
