#pragma once

#include <iosfwd>

namespace kvs::bench {

struct BenchConfig;

// The bench op find (issue 37's targets), on a database of 1,000,000 rows of about 100 bytes
// written in random key order (FindBenchDatabase), printing one JSON line per measurement:
// - find_text: a case-sensitive text search matching 1 % ("needle"), as `kvs find --text
//   needle --match-case` runs it (the engine and the printed lines), against the raw key-order
//   read of every row (bench/baselines/raw_key_order_read.h), in alternating rounds; ratio =
//   search seconds / raw seconds (target <= 1.5). SQLite.
// - find_condition: value.status == "failed" (a third of the rows) against `kvs export` of the
//   same rows to nowhere, alternating; ratio = condition rows/s / export rows/s (target >= 1.5).
// - find_memory: the peak anonymous memory (RssAnon, sampled every 5 ms) while a condition
//   search reads 10,000 rows and then all of them.
// - find_round_trips (PostgreSQL): the text search through a proxy that delays each direction
//   by 0.5 ms: its round trips against candidates / 1000 + 10, and its seconds.
void runFindBench(const BenchConfig &config, std::ostream &out);

} // namespace kvs::bench
