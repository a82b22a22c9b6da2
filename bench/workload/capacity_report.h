#pragma once

#include "bench/workload/capacity_search.h"
#include "bench/workload/slo.h"
#include "bench/workload/workload_config.h"

#include <string>
#include <vector>

// The text of an SLO check and of a capacity search: the JSON lines of `kvs bench --workload
// --json` and the table.
namespace kvs::bench {

// {"kind": "slo", "held": BOOL, "checks": [{"slo": "p99<5ms", "metric": "p99", "measured": N,
// "held": BOOL}, ...]}: measured in microseconds for latencies, a share 0 .. 1 for errors and
// late.
[[nodiscard]] std::string sloJsonLine(const std::vector<SloCheck> &checks);
// "SLO held: p99 was 1.2 ms (SLO p99<5ms), ...", or "SLO BROKEN: ..." naming the broken ones.
[[nodiscard]] std::string sloLine(const std::vector<SloCheck> &checks);

// {"kind": "step", "workload", "step", "rate", "achieved", "p50_us", "p99_us", "p999_us",
// "calls", "errors", "late", "unstarted", "late_share", "repeat", "held", "broken"}.
[[nodiscard]] std::string stepJsonLine(const WorkloadConfig &config, const CapacityStep &step);
// {"kind": "capacity", "workload", "backend", "store", "concurrency", "step_seconds",
// "warmup_seconds", "slo", "late_share_max", "precision", "highest_held" (null when none),
// "lowest_broken" (null when none), "end", "steps", "db"}.
[[nodiscard]] std::string capacityJsonLine(const WorkloadConfig &config,
                                           const CapacityOptions &options,
                                           const CapacityResult &result);

// The heading of the search's table, its column header, one row per step, and the summary.
[[nodiscard]] std::string capacityHeading(const WorkloadConfig &config,
                                          const CapacityOptions &options);
[[nodiscard]] std::string stepTableHeader();
[[nodiscard]] std::string stepTableRow(const CapacityStep &step);
// "capacity: 1,200 calls/s held; 1,250 broke (p99 was ...)", or what ended the search otherwise.
[[nodiscard]] std::string capacitySummary(const CapacityOptions &options,
                                          const CapacityResult &result);

} // namespace kvs::bench
