#pragma once

#include <iosfwd>

namespace kvs::bench {

struct BenchConfig;

// The bench op analyze (issue 39's target), on the find op's database (FindBenchDatabase:
// 1,000,000 rows of about 100 bytes written in random key order), one JSON line:
// - analyze_sqlite: the whole report at the default depth, top and cap (kvs/key_space_analysis.h,
//   as `kvs analyze` runs it, JSON included) against the raw key-order read of every row
//   (bench/baselines/raw_key_order_read.h), in alternating rounds; ratio = analysis seconds /
//   raw seconds (target <= 2).
// On PostgreSQL it prints the analysis's seconds only (analyze_postgres): the server-side
// aggregation and its round-trip target are not built yet.
void runAnalyzeBench(const BenchConfig &config, std::ostream &out);

} // namespace kvs::bench
