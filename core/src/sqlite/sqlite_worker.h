#pragma once

#include "runtime/future_util.h"
#include "runtime/work_queue.h"
#include "sqlite/sqlite_engine.h"

#include <kvs/engine_adapter.h>
#include <kvs/errors.h>

#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <vector>

namespace kvs::detail {

// SQLiteAsyncAdapter's thread: it owns the one connection (a SqliteEngine, opened by the first
// job) and runs queued jobs one at a time, in order: the serial queue of the reference. It takes
// every job queued so far in one batch (runtime/work_queue.h). Consecutive reads of a batch run
// back to back inside one read transaction (SqliteEngine::beginReadBatch), and their futures
// finish, in order, after the last of them, so the continuations run after the SQL rather than
// between statements. Before a write (a statement, a transaction(), closing) runs, every earlier
// future of the batch has finished: a write sees the world its caller saw, and a transaction's
// work may wait for an earlier call. A write is committed when its statement returns, before its
// future finishes.
//
// Thread rule: submit() is safe from any thread, and so is destruction: the thread's state is
// shared with it, so a worker destroyed from one of its own jobs' continuations (the last owner
// of a store let go there) lets the thread finish the queue and close the engine on its own.
class SqliteWorker
{
public:
    explicit SqliteWorker(SqliteEngine::Settings settings);
    ~SqliteWorker(); // closes (the queued jobs run first), joins (or detaches, see above)
    SqliteWorker(const SqliteWorker &) = delete;
    SqliteWorker &operator=(const SqliteWorker &) = delete;

    // Queues fn(engine) and returns its result as a future. After close(), the future fails
    // with ClosedError "kvs: the store is closed". A Read job must only read: reads may share a
    // batch's read transaction.
    template <typename T, typename Fn>
    QFuture<T> submit(Fn fn, Access access = Access::Write)
    {
        auto call = std::make_unique<Call<T, Fn>>(std::move(fn));
        QFuture<T> future = call->promise.future();
        Job job{access, std::move(call)};
        if (!m_core->queue.post(job)) {
            auto &refused = static_cast<Call<T, Fn> &>(*job.task);
            refused.promise.setException(
                std::make_exception_ptr(ClosedError("kvs: the store is closed")));
            kvs::finish(refused.promise);
        }
        return future;
    }

    // Closes the engine after the jobs queued before; later submits fail. A second call's future
    // finishes with the first's.
    QFuture<void> close();

    const std::string &path() const noexcept { return m_core->settings.path; }

private:
    struct Core;
    // A queued job. Calls keep their promise and their function in one allocation: with many
    // calls in flight the allocator is a visible part of each call's cost.
    struct Task
    {
        virtual ~Task() = default;
        // Does the job's work, keeping its outcome (never throws).
        virtual void execute(Core &core) noexcept = 0;
        // Settles its promise with the outcome, which runs its continuations (never throws).
        virtual void complete() noexcept {}
    };
    template <typename T, typename Fn>
    struct Call final : Task
    {
        explicit Call(Fn f)
            : fn(std::move(f))
        {
            promise.start();
        }
        void execute(Core &core) noexcept override
        {
            try {
                if constexpr (std::is_void_v<T>)
                    fn(core.engine());
                else
                    result.emplace(fn(core.engine()));
            } catch (...) {
                error = std::current_exception(); // reported in complete(), in order
            }
        }
        void complete() noexcept override
        {
            try {
                if constexpr (!std::is_void_v<T>) {
                    if (result)
                        promise.addResult(std::move(*result));
                }
            } catch (...) {
                error = std::current_exception(); // no memory for the result
            }
            if (error)
                promise.setException(error);
            kvs::finish(promise);
        }
        QPromise<T> promise;
        Fn fn;
        std::optional<std::conditional_t<std::is_void_v<T>, int, T>> result;
        std::exception_ptr error;
    };
    // The worker's closing step: it runs when the calls queued before it have completed, so
    // their futures finish before its own.
    struct CloseStep final : Task
    {
        explicit CloseStep(Core &c)
            : core(c)
        {}
        void execute(Core &) noexcept override {}
        void complete() noexcept override;
        Core &core;
    };
    struct Job
    {
        Access access = Access::Write;
        std::unique_ptr<Task> task;
    };

    // Everything the thread touches, owned jointly by the worker and its thread.
    struct Core
    {
        explicit Core(SqliteEngine::Settings s)
            : settings(std::move(s))
        {}
        // The engine, opened on first use. Throws what the open throws (tried again next
        // time). Worker thread only.
        SqliteEngine &engine();

        const SqliteEngine::Settings settings;
        std::unique_ptr<SqliteEngine> openEngine; // Worker thread only.
        WorkQueue<Job> queue;
        std::mutex closeMutex;
        bool engineClosed = false;                                 // Guarded by closeMutex.
        std::vector<std::shared_ptr<QPromise<void>>> closeWaiters; // Guarded by closeMutex.
        std::thread::id threadId;
    };

    static void run(const std::shared_ptr<Core> &core);
    static void runBatch(Core &core, std::vector<Job> &batch);

    std::shared_ptr<Core> m_core;
    std::thread m_thread;
};

} // namespace kvs::detail
