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
// - analyze_postgres: the same report against one bare SELECT count(*),
//   sum(octet_length(value)) over the table (bench/baselines/pg_count_sum.h; target <= 8). The
//   analysis reads every row in pages today: the server-side aggregation is not built yet.
void runAnalyzeBench(const BenchConfig &config, std::ostream &out);

} // namespace kvs::bench
