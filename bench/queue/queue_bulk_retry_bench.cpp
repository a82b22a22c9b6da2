#include "bench/queue/queue_bulk_retry_bench.h"

#include "bench/measure/bench_config.h"
#include "bench/queue/queue_bench_database.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/dead_letter_sweep.h>
#include <kvs/errors.h>
#include <kvs/json_line.h>
#include <kvs/kvstore.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <ostream>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace kvs::bench {

namespace {

constexpr int kMessages = 100000;
constexpr const char *kTopic = "bench-dead";

using Clock = std::chrono::steady_clock;

std::string number(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

// Every due message of the topic dead-lettered cheaply: dequeued with a lease that a moved
// clock then expires; the settling read dead-letters them all ("lease expired").
void killAll(const std::string &db)
{
    auto clock = std::make_shared<ManualClock>();
    KVStoreOptions options;
    options.clock = clock;
    KVStore store(db, options);
    while (!store.dequeue(kTopic, 1000, {1000.0}).empty()) {
    }
    clock->advance(5000);
    (void)store.queueStats(kTopic);
}

// kMessages dead letters: enqueued in commits of 1000 (max attempts 1), then killAll().
void fill(const std::string &db)
{
    {
        KVStore store(db);
        QueueOptions queue;
        queue.topic = kTopic;
        queue.maxAttempts = 1;
        for (int i = 0; i < kMessages; i += 1000) {
            AtomicOperation op = store.atomic();
            for (int j = i; j < i + 1000; ++j)
                op.enqueue(Value::object({{"order", Value(double(j))}}), queue);
            (void)op.commit();
        }
    }
    killAll(db);
}

// Retries every dead letter of the topic; returns the seconds it took.
double retryAll(AsyncKVStore &store, DeadLetterSweepResult &swept, int goFd = -1)
{
    (void)store.queueStats(kTopic).result(); // opened and migrated before the clock starts
    if (goFd >= 0 && write(goFd, "g", 1) != 1)
        throw Error("kvs: bench queue_bulk_retry: cannot start the writer");
    DeadLetterSweepOptions options;
    options.action = DeadLetterAction::Retry;
    options.topic = kTopic;
    options.filter.setErrorContains("lease");
    const auto from = Clock::now();
    swept = sweepDeadLetters(store, options);
    return std::chrono::duration<double>(Clock::now() - from).count();
}

double retryAll(const std::string &db, DeadLetterSweepResult &swept, int goFd = -1)
{
    AsyncKVStore store(db);
    const double seconds = retryAll(store, swept, goFd);
    store.close().waitForFinished();
    return seconds;
}

// PostgreSQL: kMessages dead letters written by plain SQL into the scratch tables, as fill()
// and killAll() leave them on SQLite.
QueueBenchDatabase::Columns deadLetters()
{
    QueueBenchDatabase::Columns rows = QueueBenchDatabase::Columns::deadLetters(kTopic);
    rows.enqueuedAt = "NOW - 10000";
    rows.deliverAt = "NOW - 10000";
    rows.attempts = "1";
    rows.maxAttempts = "1";
    rows.lastError = "'lease expired'";
    return rows;
}

void killAll(QueueBenchDatabase &db)
{
    db.exec("UPDATE " + db.table()
            + " SET status = 'dead', attempts = 1, finished_at = deliver_at, last_error = 'lease "
              "expired', locked_until = NULL, lease_token = NULL WHERE topic = '"
            + kTopic + "'");
}

// A set() of the writer process: KVStore on a SQLite file, AsyncKVStore on PostgreSQL.
std::function<void(std::int64_t)> writerStore(const std::string &db,
                                              std::unique_ptr<KVStore> &sync,
                                              std::unique_ptr<AsyncKVStore> &async)
{
    if (!isPostgresUrl(db)) {
        sync = std::make_unique<KVStore>(db);
        return [&sync](std::int64_t i) {
            (void)sync->set(Key{KeyPart("bench-writer"), KeyPart(double(i % 100))},
                            Value(double(i)));
        };
    }
    AsyncKVStoreSettings settings;
    settings.tablePrefix = std::string(kScratchPrefix);
    async = std::make_unique<AsyncKVStore>(db, settings);
    return [&async](std::int64_t i) {
        (void)async->set(Key{KeyPart("bench-writer"), KeyPart(double(i % 100))}, Value(double(i)))
            .result();
    };
}

// The writer process: after "go" on goFd, set()s (writerStore) in a loop with no pause (the hardest
// steady writer: it wants the write lock again as soon as it has let it go, so every batch of the
// sweep keeps it waiting), until stopFd is readable, then writes "count max_us p99_us" to
// resultFd. Never returns.
[[noreturn]] void writerProcess(const std::string &db, int goFd, int stopFd, int resultFd)
{
    char go = 0;
    if (read(goFd, &go, 1) != 1)
        _exit(2);
    std::vector<std::int64_t> waitsUs;
    try {
        std::unique_ptr<KVStore> sync;
        std::unique_ptr<AsyncKVStore> async;
        const std::function<void(std::int64_t)> set = writerStore(db, sync, async);
        pollfd stop{stopFd, POLLIN, 0};
        for (std::int64_t i = 0; poll(&stop, 1, 0) == 0; ++i) {
            const auto from = Clock::now();
            set(i);
            waitsUs.push_back(
                std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - from).count());
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "writer: %s\n", e.what());
        _exit(3);
    }
    std::sort(waitsUs.begin(), waitsUs.end());
    const std::int64_t max = waitsUs.empty() ? 0 : waitsUs.back();
    const std::int64_t p99 = waitsUs.empty() ? 0 : waitsUs[waitsUs.size() * 99 / 100];
    char line[128];
    const int n = std::snprintf(line,
                                sizeof line,
                                "%zu %lld %lld",
                                waitsUs.size(),
                                static_cast<long long>(max),
                                static_cast<long long>(p99));
    if (write(resultFd, line, std::size_t(n)) != n)
        _exit(4);
    _exit(0);
}

} // namespace

void runQueueBulkRetryBench(const BenchConfig &config, std::ostream &out)
{
    const bool postgres = isPostgresUrl(config.db);
    if (config.db == ":memory:")
        throw Error("kvs: bench queue_bulk_retry needs a SQLite file or a PostgreSQL URL --db");
    if (!postgres && std::filesystem::exists(config.db))
        throw Error("kvs: bench queue_bulk_retry: " + config.db + " exists; give a new file");
    int go[2], stop[2], result[2];
    if (pipe(go) != 0 || pipe(stop) != 0 || pipe(result) != 0)
        throw Error("kvs: bench queue_bulk_retry: cannot make pipes");
    if (!postgres)
        fill(config.db);
    // The writer is its own process (its own connection and busy handler, as the application
    // that owns the queue would be), forked before this process starts any store thread.
    const pid_t writer = fork();
    if (writer < 0)
        throw Error("kvs: bench queue_bulk_retry: cannot start the writer process");
    if (writer == 0)
        writerProcess(config.db, go[0], stop[0], result[1]);

    // Alone first (the throughput), then dead-lettered again and retried with the writer.
    DeadLetterSweepResult alone;
    DeadLetterSweepResult swept;
    double aloneSeconds = 0;
    double seconds = 0;
    char line[128] = {};
    ssize_t got = 0;
    const auto stopWriter = [&] {
        if (write(stop[1], "s", 1) != 1)
            throw Error("kvs: bench queue_bulk_retry: cannot stop the writer");
        got = read(result[0], line, sizeof line - 1);
    };
    if (postgres) {
        QueueBenchDatabase db(config); // the kvsbench_ tables, dropped at its end
        db.fill(kMessages, deadLetters());
        db.analyze();
        aloneSeconds = retryAll(db.store(), alone);
        killAll(db);
        seconds = retryAll(db.store(), swept, go[1]);
        stopWriter(); // before the tables it writes go
    } else {
        aloneSeconds = retryAll(config.db, alone);
        killAll(config.db);
        seconds = retryAll(config.db, swept, go[1]);
        stopWriter();
    }
    int status = 0;
    waitpid(writer, &status, 0);
    for (int fd : {go[0], go[1], stop[0], stop[1], result[0], result[1]})
        close(fd);
    long long sets = 0, maxUs = 0, p99Us = 0;
    if (got <= 0 || std::sscanf(line, "%lld %lld %lld", &sets, &maxUs, &p99Us) != 3)
        throw Error("kvs: bench queue_bulk_retry: the writer process failed");
    double load[3] = {0, 0, 0};
    (void)getloadavg(load, 3);
    if (!postgres) {
        std::filesystem::remove(config.db);
        std::filesystem::remove(config.db + "-wal");
        std::filesystem::remove(config.db + "-shm");
    }
    out << JsonLine()
               .string("op", "queue_bulk_retry")
               .string("backend", postgres ? "postgres" : "sqlite")
               .raw("messages", std::to_string(kMessages))
               .raw("retried_alone", std::to_string(alone.progress.changed))
               .raw("retried_alone_per_s", number(double(alone.progress.changed) / aloneSeconds))
               .raw("retried", std::to_string(swept.progress.changed))
               .raw("seconds", number(seconds))
               .raw("retried_per_s", number(double(swept.progress.changed) / seconds))
               .raw("writer_sets", std::to_string(sets))
               .raw("writer_max_wait_ms", number(double(maxUs) / 1000))
               .raw("writer_p99_ms", number(double(p99Us) / 1000))
               .raw("load_avg_1m", number(load[0]))
               .text()
        << '\n';
}

} // namespace kvs::bench
