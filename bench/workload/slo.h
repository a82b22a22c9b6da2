#pragma once

#include "bench/workload/workload_result.h"

#include <string>
#include <string_view>
#include <vector>

// Service-level objectives of a workload run (`kvs bench --workload ... --slo 'p99<5ms'`, and the
// capacity search's end): thresholds on the run's latency percentiles, its error share and its
// late share, checked against the result of all operations together.
namespace kvs::bench {

enum class SloMetric { P50, P90, P99, P999, Max, Errors, Late };

// One threshold. A value type.
struct SloThreshold
{
    SloMetric metric = SloMetric::P99;
    bool inclusive = false; // "<=" rather than "<"
    // Latencies: microseconds. errors and late: a share of the calls, 0 .. 1.
    double limit = 0;
    std::string unit; // as written: "us", "ms", "s" or "%"
    std::string text; // as written, without spaces: "p99<5ms"
};

// A threshold checked against a result. A value type.
struct SloCheck
{
    SloThreshold threshold;
    double measured = 0; // microseconds, or a share 0 .. 1
    bool held = true;
};

// "p50", "p90", "p99", "p999", "max", "errors", "late".
[[nodiscard]] std::string_view sloMetricName(SloMetric metric) noexcept;

// Parses a comma-separated list of thresholds METRIC<LIMIT or METRIC<=LIMIT: latencies (p50, p90,
// p99, p999, max) with a unit us, ms or s ("p99<5ms", "max<=1.5s"), errors and late as a share
// of the calls in % ("errors<0.1%"). Spaces around the parts are ignored. Throws kvs::Error
// "kvs: --slo: ..." naming the part that is wrong (an unknown metric, a missing operator, a
// number that is not one, a missing or wrong unit, a share above 100%), or "kvs: --slo needs
// thresholds, as in p99<5ms,errors<0.1%" for an empty text.
[[nodiscard]] std::vector<SloThreshold> parseSlo(std::string_view text);

// Whether one of thresholds is on late calls (meaningful at a fixed rate only).
[[nodiscard]] bool sloNamesLate(const std::vector<SloThreshold> &thresholds) noexcept;

// Checks every threshold against result (the run's "all"): latencies by its histogram's
// percentiles (max: the exact maximum), errors as errors / calls, late as late / calls (calls:
// the calls that succeeded or failed, and a capacity step's unstarted ones). A run without calls
// measures 0 everywhere.
[[nodiscard]] std::vector<SloCheck> checkSlo(const std::vector<SloThreshold> &thresholds,
                                             const OpResult &result);

// Whether every check held (true for none).
[[nodiscard]] bool sloHeld(const std::vector<SloCheck> &checks) noexcept;

// A check as a sentence part: "p99 was 12.35 ms (SLO p99<5ms)", "errors were 0.5% (SLO
// errors<0.1%)".
[[nodiscard]] std::string sloCheckText(const SloCheck &check);

// The broken checks as one line: "p99 was 12.35 ms (SLO p99<5ms); errors were ...". Empty when
// every check held.
[[nodiscard]] std::string brokenSloText(const std::vector<SloCheck> &checks);

} // namespace kvs::bench
