#pragma once

#include <iosfwd>

namespace kvs::bench {

struct BenchConfig;

// The bench op queue_bulk_retry: fills a SQLite file (config.db, which must not exist) or
// kvsbench_ tables on PostgreSQL (a URL; QueueBenchDatabase) with 100,000 dead letters and
// retries them all through the operator's sweep (sweepDeadLetters, filter "last error contains
// lease", no rate limit): once alone, then, dead-lettered again, while another process runs a
// set() loop (KVStore on SQLite, AsyncKVStore on PostgreSQL) on the same database. Prints one
// JSON line: retried per second alone and with the writer, and the longest and the 99th
// percentile time one set() of the writer took meanwhile (how long the sweep's batches made a
// writer wait), with the load average. Deletes the file or the tables after. Throws kvs::Error
// "kvs: bench queue_bulk_retry needs a SQLite file or a PostgreSQL URL --db" for :memory:,
// and the store's errors.
void runQueueBulkRetryBench(const BenchConfig &config, std::ostream &out);

} // namespace kvs::bench
