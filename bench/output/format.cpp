#include "bench/output/format.h"

#include <kvs/js_number.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace kvs::bench {

std::string integerText(double value)
{
    return std::to_string(std::llround(value));
}

std::string twoDecimals(double value)
{
    return formatJsNumber(std::round(value * 100) / 100);
}

std::string fourDigits(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return formatJsNumber(std::strtod(text, nullptr));
}

double ratioOf(const Measurement &measured, const Measurement &baseline)
{
    return baseline.opsPerSecond() > 0 ? measured.opsPerSecond() / baseline.opsPerSecond() : 0;
}

} // namespace kvs::bench
