#pragma once

#include "bench/measure/bench_config.h"
#include "bench/measure/data.h"

#include <iosfwd>
#include <vector>

namespace kvs::bench {

// Runs the async-postgres part of the bench on ops (the queue cycles are skipped) on config.db,
// a postgres:// URL, in a schema of its own that it drops at the end: AsyncKVStore one call at a
// time against a raw libpq loop, and kInFlight calls in flight against a raw libpq pipeline (get)
// or the store's own one-at-a-time call (the others).
void runAsyncPostgresBench(const BenchConfig &config,
                           const BenchKeys &keys,
                           const std::vector<BenchOp> &ops,
                           std::ostream &out);

} // namespace kvs::bench
