#pragma once

#include "bench/workload/capacity_search.h"
#include "bench/workload/slo.h"
#include "bench/workload/workload_config.h"
#include "cli/command_context.h"

#include <string_view>
#include <vector>

// The options of `kvs bench --workload`: the run's parameters, its SLO and the capacity search's
// options, read from the command line.
namespace kvs::cli {

// Whether option belongs to `bench --workload` only (the developer comparisons refuse it).
[[nodiscard]] bool isWorkloadOption(std::string_view option) noexcept;
// Every option `bench --workload` takes, --seconds included.
[[nodiscard]] std::vector<std::string_view> workloadOptions();

// The run the options describe. With --find-capacity, --seconds (default 5) and --warmup are
// each step's, and --concurrency defaults to 64 on the async store. Throws UsageError for a bad
// option value (naming the option and the text).
[[nodiscard]] bench::WorkloadConfig workloadConfig(const CommandContext &context);

// --slo's thresholds; none without it. Throws UsageError with parseSlo()'s message, and for
// late without a fixed rate ("kvs: --slo: late needs --rate or --find-capacity ...").
[[nodiscard]] std::vector<bench::SloThreshold> sloOption(const CommandContext &context);

// The capacity search's options: --start-rate, --max-rate, --precision, --late-share, --repeat
// and --slo. Throws UsageError for a bad value.
[[nodiscard]] bench::CapacityOptions capacityOptions(const CommandContext &context);

} // namespace kvs::cli
