#pragma once

#include "bench/workload/latency_histogram.h"

#include <string>

// A latency histogram as HdrHistogram's percentile-distribution text (the .hgrm files of wrk2
// and memtier_benchmark, which HdrHistogram's plotter and HistogramLogAnalyzer read).
namespace kvs::bench {

// Reporting points per half of the distance to 100 % (HdrHistogram's and wrk2's default).
inline constexpr int kPercentileTicksPerHalfDistance = 5;

// The text of histogram, values in milliseconds: a header line ("Value", "Percentile",
// "TotalCount", "1/(1-Percentile)") and an empty line, then one line per reporting point: the
// highest value of the bucket where the recorded count first reaches the point's percentile, the
// percentile (0 .. 1), the count up to that bucket and 1/(1-percentile); the points start at 0
// and halve their distance to 100 % every kPercentileTicksPerHalfDistance lines, the last line is
// 100 % (no last column); then a footer of mean, standard deviation, exact maximum, count and the
// bucket layout ("#[Buckets = 57, SubBuckets = 256]": LatencyHistogram has HdrHistogram's layout
// with 256 sub-buckets, exact below 256 ns). An empty histogram gives the header and the footer.
// Numbers are written the same in every locale.
[[nodiscard]] std::string percentileDistribution(const LatencyHistogram &histogram);

} // namespace kvs::bench
