#pragma once

#include "cli/command_context.h"

#include <string_view>

// `kvs bench --workload NAME ...`: a workload run of the benchmark engine (bench/workload_engine.h)
// with a progress line on a terminal, a final table or JSON lines, Ctrl+C for a partial result,
// and `--save` into the run history.
namespace kvs::cli {

// The exit code of a run stopped by Ctrl+C (its partial result printed): 128 + SIGINT, as a
// shell reports a command that SIGINT ended.
inline constexpr int kExitInterrupted = 130;

// Whether option belongs to `bench --workload` only (the developer comparisons refuse it).
[[nodiscard]] bool isWorkloadOption(std::string_view option) noexcept;

// Runs `bench --workload`. Throws UsageError for a bad option value (naming the option and the
// text), kvs::Error for the engine's refusals and the store's failures.
int runWorkloadBench(const CommandContext &context);

} // namespace kvs::cli
