#pragma once

#include "bench/queue/queue_bench_database.h"

#include <cstdint>
#include <iosfwd>

namespace kvs::bench {

struct BenchConfig;

// The queue_overview database: kOverviewRows rows, as described below.
inline constexpr std::int64_t kOverviewRows = 1000000;
QueueBenchDatabase::Columns overviewRows();

// The bench op queue_overview: 1,000,000 queue rows in 10 topics (per topic 50,000 due,
// 18,000 delayed, 2,000 processing of which about half with an expired lease and a sixth ending
// within 10 s, 10,000 dead, 20,000 done) in a scratch SQLite file or kvsbench_ tables on
// PostgreSQL (--db), then the dashboard's read (queueStats() of every topic, ExpiredLeases::
// Project, leases ending within 10 s) timed over 11 runs after 2 unmeasured, beside a bare
// count per (topic, status) on a connection of its own. Prints one JSON line: the median,
// fastest and slowest run in ms of each, the totals read, and the load average. Throws what
// QueueBenchDatabase throws.
void runQueueOverviewBench(const BenchConfig &config, std::ostream &out);

// The bench op queue_dead_filter: 100,000 dead letters in one topic, every tenth with the last
// error "timeout after 30 s", the others "connection refused"; then the message browser's
// filter "last error contains timeout": the time to its first page (100 matches, read as the
// Queues view reads them: listDead() pages of 1000, projected) and to the exact count (the
// counting sweep), 5 runs each. Prints one JSON line (median and slowest ms, the count).
void runQueueDeadFilterBench(const BenchConfig &config, std::ostream &out);

// The bench op queue_dead_groups (issue 43): 100,000 dead letters in one topic whose last errors
// have 30 signatures in 3 shapes (a timeout with a duration and an address, an HTTP status with
// a UUID, a quoted path with a count), each message's numbers, address, UUID and path its own;
// then, over these same dead letters, queue_dead_filter's exact count ("last error contains
// timeout", the counting sweep) and the grouping by signature (groupDeadLetters), 5 runs each
// after one unmeasured. Prints one JSON line: both medians and slowest runs in ms, their ratio
// (target <= 1.5), the groups found and the load average.
void runQueueDeadGroupsBench(const BenchConfig &config, std::ostream &out);

} // namespace kvs::bench
