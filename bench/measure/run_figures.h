#pragma once

#include <functional>
#include <string>
#include <vector>

// Small figures the one-shot benches (find, analyze, the queue dashboards) print.
namespace kvs::bench {

// value with three decimals, as the JSON lines print seconds, ratios and megabytes.
std::string threeDecimals(double value);
// The wall-clock seconds what takes.
double secondsOf(const std::function<void()> &what);
// The median of values (the upper one of an even count).
double medianOf(std::vector<double> values);
// The machine's load average over the last minute (0 when unknown), printed beside a figure so
// that a reader can tell a busy machine's.
double loadAverage1m();

} // namespace kvs::bench
