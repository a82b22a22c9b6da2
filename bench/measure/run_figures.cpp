#include "bench/measure/run_figures.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace kvs::bench {

std::string threeDecimals(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

double secondsOf(const std::function<void()> &what)
{
    const auto from = std::chrono::steady_clock::now();
    what();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
}

double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double loadAverage1m()
{
    double load[3] = {0, 0, 0};
    if (getloadavg(load, 3) < 1)
        return 0;
    return load[0];
}

} // namespace kvs::bench
