#pragma once

#include "bench/measure/bench_config.h"
#include "bench/measure/data.h"

#include <iosfwd>
#include <vector>

namespace kvs::bench {

// Runs the kvstore part of the bench: each of ops on KVStore at config.db against the same SQL as
// a raw SQLite prepared-statement loop (RawSqliteBaseline), in alternating rounds, and
// queue_cycle_backlog_10000 against the store's own queue_cycle. A file config.db must not exist,
// be empty, or hold a database left by an earlier kvs bench (it is replaced, with a note on err);
// it is created and deleted at the end, as is the baseline's file config.db + ".bench-raw".
// Throws kvs::Error "kvs: bench ..." for any other existing file, and the store's errors.
void runKVStoreBench(const BenchConfig &config,
                     const BenchKeys &keys,
                     const std::vector<BenchOp> &ops,
                     std::ostream &out,
                     std::ostream &err);

} // namespace kvs::bench
