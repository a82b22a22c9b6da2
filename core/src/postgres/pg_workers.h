#pragma once

#include "postgres/pg_calls.h"
#include "postgres/pq_connection.h"
#include "runtime/future_util.h"
#include "runtime/work_queue.h"

#include <kvs/errors.h>

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace kvs::detail {

// PostgresAdapter's connections: a bounded pool of worker threads, each owning one connection
// (connected on first use, replaced after it broke: a statement in flight on a broken connection
// fails with ConnectionError, later ones reconnect). Workers take queued statements in batches
// (runtime/work_queue.h) and run each batch as one libpq pipeline, so requests in flight share
// round trips; a session job (a transaction, the migration, an operation of several statements)
// has a connection to itself until it returns.
//
// Thread rule: safe from any thread. Destruction closes and joins; it must not run on a worker.
class PgWorkers
{
public:
    struct Settings
    {
        std::string conninfo; // a URL or key=value text libpq accepts (ours stripped)
        int size = 4;
        std::chrono::milliseconds connectTimeout{10000};
        std::chrono::milliseconds callTimeout{0}; // per statement batch or session statement
    };

    explicit PgWorkers(Settings settings);
    ~PgWorkers();
    PgWorkers(const PgWorkers &) = delete;
    PgWorkers &operator=(const PgWorkers &) = delete;

    // Queues one call; its future carries the parsed answer or the (mapped) error. A call with a
    // session runs as submitSession() does.
    template <typename T>
    QFuture<T> submit(PgCall<T> call)
    {
        if (call.session)
            return submitSession<T>(std::move(call.session));
        auto promise = std::make_shared<QPromise<T>>();
        promise->start();
        QFuture<T> future = promise->future();
        Job job;
        job.call.statement = call.statement;
        job.call.params = std::move(call.params);
        job.complete
            = [promise, parse = std::move(call.parse), map = std::move(call.mapError)](PqCall &c) {
                  settle(*promise, [&] {
                      if (c.error)
                          std::rethrow_exception(map ? map(c.error) : c.error);
                      return parse(c.result);
                  });
              };
        post(job, promise);
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
        post(job, promise);
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
        WorkQueue<Job> queue;
        std::mutex mutex;
        int running = 0;                                     // Guarded by mutex.
        std::vector<std::shared_ptr<QPromise<void>>> closed; // Guarded by mutex.
    };

    template <typename T>
    void post(Job &job, const std::shared_ptr<QPromise<T>> &promise)
    {
        if (m_core->queue.post(job))
            return;
        promise->setException(std::make_exception_ptr(ClosedError("kvs: the store is closed")));
        kvs::finish(*promise);
    }
    static void work(const std::shared_ptr<Core> &core);
    // The queue's pick: a session job alone, or a run of statements shared with the sleeping
    // workers, so that a burst spreads over the pool's connections.
    static void pick(std::deque<Job> &jobs, int sleeping, std::vector<Job> &batch);

    std::shared_ptr<Core> m_core;
    std::vector<std::thread> m_workers;
};

} // namespace kvs::detail
