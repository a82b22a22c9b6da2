#pragma once

#include "bench/history/run_history.h"

#include <kvs/value.h>

// A saved run as the kvs value the history stores, and back. Member names are those of the JSON
// result lines where they exist (ops_per_s, p50_us, ...), so the stored object reads the same.
namespace kvs::bench {

[[nodiscard]] Value runToValue(const HistoryRun &run);
// Members it does not know are ignored and missing ones keep their defaults, so a history
// written by an older or newer release still lists.
[[nodiscard]] HistoryRun runFromValue(const Value &value);

} // namespace kvs::bench
