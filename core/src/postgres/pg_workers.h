#pragma once

#include "postgres/pg_calls.h"
#include "postgres/pq_connection.h"
#include "runtime/future_util.h"

#include <kvs/errors.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace kvs::detail {

// PostgresAdapter's connections: a bounded pool of worker threads, each owning one connection
// (connected on first use, replaced after it broke: a statement in flight on a broken connection
// fails with ConnectionError, later ones reconnect). Workers take queued statements in batches
// and run each batch as one libpq pipeline, so requests in flight share round trips; a session job
// (a transaction, the migration) has a connection to itself until it returns.
//
// Thread rule: safe from any thread. Destruction closes and joins; it must not run on a worker.
class PgWorkers
{
public:
    struct Settings
    {
        std::string conninfo; // a URL libpq accepts (our own parameters stripped)
        int size = 4;
        std::chrono::milliseconds connectTimeout{10000};
    };

    explicit PgWorkers(Settings settings);
    ~PgWorkers();
    PgWorkers(const PgWorkers &) = delete;
    PgWorkers &operator=(const PgWorkers &) = delete;

    // Queues one statement; its future carries the parsed answer or the (mapped) error.
    template <typename T>
    QFuture<T> submit(PgCallSpec<T> spec)
    {
        auto promise = std::make_shared<QPromise<T>>();
        promise->start();
        QFuture<T> future = promise->future();
        Job job;
        job.call.statement = spec.statement;
        job.call.params = std::move(spec.params);
        job.complete =
            [promise, parse = std::move(spec.parse), map = std::move(spec.mapError)](PqCall &call) {
                settle(*promise, [&] {
                    if (call.error)
                        std::rethrow_exception(map ? map(call.error) : call.error);
                    return parse(call.result);
                });
            };
        post(std::move(job), [promise](std::exception_ptr error) {
            promise->setException(error);
            kvs::finish(*promise);
        });
        return future;
    }

    // Queues work with a connection of its own; its future carries what work returns or throws.
    template <typename T>
    QFuture<T> submitSession(std::function<T(PqConnection &)> work)
    {
        auto promise = std::make_shared<QPromise<T>>();
        promise->start();
        QFuture<T> future = promise->future();
        Job job;
        job.session = [promise, work = std::move(work)](PqConnection *connection,
                                                        std::exception_ptr error) {
            settle(*promise, [&] {
                if (error)
                    std::rethrow_exception(error);
                return work(*connection);
            });
        };
        post(std::move(job), [promise](std::exception_ptr error) {
            promise->setException(error);
            kvs::finish(*promise);
        });
        return future;
    }

    // Runs the queued jobs, then closes every connection; later submissions fail with
    // ClosedError "kvs: the store is closed". The future finishes when all workers are done.
    QFuture<void> close();

private:
    struct Job
    {
        PqCall call;                                                     // a statement job
        std::function<void(PqCall &)> complete;                          // a statement job
        std::function<void(PqConnection *, std::exception_ptr)> session; // a session job
    };

    struct Core
    {
        Settings settings;
        std::mutex mutex;
        std::condition_variable wake;
        std::deque<Job> jobs;  // Guarded by mutex.
        bool closing = false;  // Guarded by mutex.
        int idle = 0;          // Guarded by mutex. Workers waiting for jobs.
        bool spinning = false; // Guarded by mutex. A worker is looking for jobs without sleeping.
        std::atomic<std::size_t> queued{0}; // jobs.size(), readable without the lock
        int running = 0;                    // Guarded by mutex. Workers not exited yet.
        std::vector<std::shared_ptr<QPromise<void>>> closed; // Guarded by mutex.
    };

    void post(Job job, const std::function<void(std::exception_ptr)> &refuse);
    static void work(const std::shared_ptr<Core> &core);

    std::shared_ptr<Core> m_core;
    std::vector<std::thread> m_workers;
};

} // namespace kvs::detail
