#pragma once

#include "bench/measure/measure.h"

#include <string>

// The number formats of `kvs bench` output, shared by every backend's lines.
namespace kvs::bench {

// 1234.6 -> "1235"
[[nodiscard]] std::string integerText(double value);
// 12.345 -> "12.35" (JavaScript's shortest form, so 12.3 stays "12.3")
[[nodiscard]] std::string twoDecimals(double value);
// Four significant digits: 0.91234 -> "0.9123"
[[nodiscard]] std::string fourDigits(double value);
// measured / baseline throughput, 0 without a baseline.
[[nodiscard]] double ratioOf(const Measurement &measured, const Measurement &baseline);

} // namespace kvs::bench
