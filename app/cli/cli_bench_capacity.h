#pragma once

#include "bench/workload/workload_config.h"
#include "cli/command_context.h"

#include <atomic>

// `kvs bench --workload W --find-capacity`: the capacity search (bench/capacity_search.h), each
// step printed as it ends (a table row, or a JSON line), then the highest rate that held.
namespace kvs::cli {

// Runs the search of config (its --seconds and --warmup are each step's); interrupted stops it.
// Returns kExitOk when it ended (a step breaking the SLO is its expected end), kExitSloBroken
// when even the first step broke, kExitInterrupted when interrupted. Throws UsageError for a bad
// option, kvs::Error for the engine's refusals and the store's failures.
int runCapacityBench(const CommandContext &context,
                     const bench::WorkloadConfig &config,
                     const std::atomic<bool> &interrupted);

} // namespace kvs::cli
