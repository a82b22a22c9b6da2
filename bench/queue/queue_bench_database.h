#pragma once

#include "bench/workload/scratch_database.h"

#include <kvs/async_kvstore.h>

#include <cstdint>
#include <memory>
#include <string>

struct sqlite3;

namespace kvs::bench {

struct BenchConfig;

// The database of a queue dashboard bench (queue_overview, queue_dead_filter and
// queue_bulk_retry on PostgreSQL): a scratch SQLite file or kvsbench_ tables on PostgreSQL
// (ScratchDatabase: created by the run, removed at its end), the store on it, and a connection
// of its own that fills the queue table with plain SQL (a million enqueues through the store
// would take minutes on PostgreSQL, and the rows would not be the ones asked for).
// Thread rule: one thread.
class QueueBenchDatabase
{
public:
    // Throws what ScratchDatabase throws, the store's errors, and DatabaseError
    // "kvs: bench: ..." when a fill statement fails.
    explicit QueueBenchDatabase(const BenchConfig &config);
    ~QueueBenchDatabase();
    QueueBenchDatabase(const QueueBenchDatabase &) = delete;
    QueueBenchDatabase &operator=(const QueueBenchDatabase &) = delete;

    [[nodiscard]] bool postgres() const noexcept { return m_scratch->postgres(); }
    [[nodiscard]] AsyncKVStore &store() const noexcept { return *m_store; }
    // The connection string the store was opened with (a writer process opens its own).
    [[nodiscard]] const std::string &connection() const noexcept;
    [[nodiscard]] const AsyncKVStoreSettings &settings() const noexcept { return m_settings; }

    // Inserts rows messages (row i = 0..rows-1), their columns given as SQL expressions of i,
    // the time now (ms) and the payload of one real enqueue (so every row decodes).
    struct Columns
    {
        std::string topic, status, enqueuedAt, deliverAt, attempts, maxAttempts, lockedUntil,
            leaseToken, lastError, finishedAt;

        // Dead letters of topic (a name, quoted here), with no lease, dead since 5 s ago; the
        // caller sets the times, the attempts and the error.
        static Columns deadLetters(const std::string &topic);
    };
    void fill(std::int64_t rows, const Columns &columns);
    // The queue table's name, quoted for SQL.
    [[nodiscard]] const std::string &table() const noexcept { return m_table; }
    // Runs sql on the fill connection.
    void exec(const std::string &sql);
    // After a fill, on PostgreSQL: the planner's statistics and the visibility map that
    // index-only scans need, as autovacuum would make them.
    void analyze();

private:
    std::unique_ptr<ScratchDatabase> m_scratch;
    AsyncKVStoreSettings m_settings;
    std::unique_ptr<AsyncKVStore> m_store;
    std::string m_table;
    sqlite3 *m_sqlite = nullptr;
    PgConnPtr m_pg;
};

// Milliseconds since the epoch now (the stores' default clock).
std::int64_t epochMs();

} // namespace kvs::bench
