#pragma once

#include "bench/measure/measure.h"

#include <chrono>

namespace kvs::bench {

// The bare round trip the async-sqlite bench compares AsyncKVStore on SQLite with: a job posted
// to a worker thread and its future awaited, one at a time, for about budget, with the same
// queue-and-wake mechanism the adapter uses but no SQL. Throws kvs::Error when a round trip loses
// its result.
[[nodiscard]] Measurement measureWorkerRoundTrip(std::chrono::nanoseconds budget);

} // namespace kvs::bench
