#pragma once

#include "bench/workload/capacity_search.h"
#include "bench/workload/latency_histogram.h"
#include "bench/workload/workload_config.h"
#include "bench/workload/workload_result.h"
#include "cli/command_context.h"

#include <string>
#include <vector>

// `kvs bench --workload NAME ...`: a workload run of the benchmark engine (bench/workload_engine.h)
// with a progress line on a terminal, a final table or JSON lines, SLO checks (--slo), the
// latency histogram as a .hgrm file (--hgrm), Ctrl+C for a partial result, `--save` into the run
// history, and the capacity search (--find-capacity, cli_bench_capacity.h).
namespace kvs::cli {

// The exit code of a run stopped by Ctrl+C (its partial result printed): 128 + SIGINT, as a
// shell reports a command that SIGINT ended.
inline constexpr int kExitInterrupted = 130;
// A run broke its --slo; with --find-capacity, even the first step broke it.
inline constexpr int kExitSloBroken = 4;

// Runs `bench --workload`. Throws UsageError for a bad option value (naming the option and the
// text), kvs::Error for the engine's refusals and the store's failures.
int runWorkloadBench(const CommandContext &context);

// Writes histogram to path as HdrHistogram's percentile distribution (through a temporary file
// beside it) and says so on stderr. Throws kvs::Error "kvs: --hgrm: cannot write PATH: REASON".
void writeHgrmFile(const CommandContext &context,
                   const std::string &path,
                   const bench::LatencyHistogram &histogram);

// Appends result (with a capacity search's steps, if any) to the run history and says so on
// stderr. Throws the history's errors.
void saveRun(const CommandContext &context,
             const bench::WorkloadConfig &config,
             const bench::RunResult &result,
             const std::vector<bench::CapacityStep> &capacity);

} // namespace kvs::cli
