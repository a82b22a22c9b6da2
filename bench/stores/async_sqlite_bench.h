#pragma once

#include "bench/measure/bench_config.h"
#include "bench/measure/data.h"

#include <iosfwd>
#include <vector>

namespace kvs::bench {

// Runs the async-sqlite part of the bench on ops (the queue cycles are skipped): AsyncKVStore on
// SQLite, one awaited call at a time against a bare worker round trip, and kInFlight calls in
// flight against KVStore's same operation on the same data. A file config.db gets a temporary
// companion db + ".bench-async", deleted at the end; kvs::Error if that file exists already.
void runAsyncSqliteBench(const BenchConfig &config,
                         const BenchKeys &keys,
                         const std::vector<BenchOp> &ops,
                         std::ostream &out);

} // namespace kvs::bench
