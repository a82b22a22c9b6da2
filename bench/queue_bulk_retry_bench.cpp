#include "bench/queue_bulk_retry_bench.h"

#include "bench/bench.h"
#include "bench/json_line.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/dead_letter_sweep.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
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
double retryAll(const std::string &db, DeadLetterSweepResult &swept, int goFd = -1)
{
    AsyncKVStore store(db);
    (void)store.queueStats(kTopic).result(); // opened and migrated before the clock starts
    if (goFd >= 0 && write(goFd, "g", 1) != 1)
        throw Error("kvs: bench queue_bulk_retry: cannot start the writer");
    DeadLetterSweepOptions options;
    options.action = DeadLetterAction::Retry;
    options.topic = kTopic;
    options.filter.setErrorContains("lease");
    const auto from = Clock::now();
    swept = sweepDeadLetters(store, options);
    const double seconds = std::chrono::duration<double>(Clock::now() - from).count();
    store.close().waitForFinished();
    return seconds;
}

// The writer process: after "go" on goFd, set()s in a loop with no pause (the hardest steady
// writer: it wants the write lock again as soon as it has let it go, so every batch of the
// sweep keeps it waiting), until stopFd is readable, then writes "count max_us p99_us" to
// resultFd. Never returns.
[[noreturn]] void writerProcess(const std::string &db, int goFd, int stopFd, int resultFd)
{
    char go = 0;
    if (read(goFd, &go, 1) != 1)
        _exit(2);
    std::vector<std::int64_t> waitsUs;
    try {
        KVStore store(db);
        pollfd stop{stopFd, POLLIN, 0};
        for (std::int64_t i = 0; poll(&stop, 1, 0) == 0; ++i) {
            const auto from = Clock::now();
            (void)store.set(Key{KeyPart("bench-writer"), KeyPart(double(i % 100))},
                            Value(double(i)));
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
    if (isPostgresUrl(config.db) || config.db == ":memory:")
        throw Error("kvs: bench queue_bulk_retry needs a SQLite file --db");
    if (std::filesystem::exists(config.db))
        throw Error("kvs: bench queue_bulk_retry: " + config.db + " exists; give a new file");
    int go[2], stop[2], result[2];
    if (pipe(go) != 0 || pipe(stop) != 0 || pipe(result) != 0)
        throw Error("kvs: bench queue_bulk_retry: cannot make pipes");
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
    const double aloneSeconds = retryAll(config.db, alone);
    killAll(config.db);
    DeadLetterSweepResult swept;
    const double seconds = retryAll(config.db, swept, go[1]);
    if (write(stop[1], "s", 1) != 1)
        throw Error("kvs: bench queue_bulk_retry: cannot stop the writer");
    char line[128] = {};
    const ssize_t got = read(result[0], line, sizeof line - 1);
    int status = 0;
    waitpid(writer, &status, 0);
    for (int fd : {go[0], go[1], stop[0], stop[1], result[0], result[1]})
        close(fd);
    long long sets = 0, maxUs = 0, p99Us = 0;
    if (got <= 0 || std::sscanf(line, "%lld %lld %lld", &sets, &maxUs, &p99Us) != 3)
        throw Error("kvs: bench queue_bulk_retry: the writer process failed");
    double load[3] = {0, 0, 0};
    (void)getloadavg(load, 3);
    std::filesystem::remove(config.db);
    std::filesystem::remove(config.db + "-wal");
    std::filesystem::remove(config.db + "-shm");
    out << JsonLine()
               .string("op", "queue_bulk_retry")
               .string("db", config.db)
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
