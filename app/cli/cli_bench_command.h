#pragma once

#include "cli/command_context.h"

// `kvs bench --db PATH|:memory:|URL ...`: the store benchmarks of kvs_bench. The GUI's
// benchmarks are not here: they run in kvs-gui-bench, so that kvs links no GUI library.
namespace kvs::cli {

// Runs `bench` and returns its exit code. Throws UsageError for a bad command line (without --db,
// an unknown backend or operation, one of the GUI's, which name kvs-gui-bench, a bad --seconds)
// and kvs::Error for a failure of the benchmark or the store.
int runBenchCommand(const CommandContext &context);

} // namespace kvs::cli
