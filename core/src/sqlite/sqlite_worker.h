#pragma once

#include "runtime/future_util.h"
#include "sqlite/sqlite_session.h"

#include <kvs/errors.h>

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <vector>

namespace kvs::detail {

// SQLiteAsyncAdapter's thread: it owns the one connection (a SqliteSession) and runs queued jobs
// one at a time, in order: the serial queue of the reference. When it wakes it takes every job
// queued so far in one go (a batch), so that requests in flight share one wake-up of the worker
// instead of paying one each: on this kind of machine a cross-thread wake-up costs more than a
// point read. Consecutive reads of a batch run back to back inside one read transaction (see
// SqliteSession::beginReadBatch), and their futures finish, in order, after the last of them, so
// the continuations run after the SQL rather than between statements (measured on :memory: with
// 64 gets in flight: 3% faster, SQLite's pages staying in cache). Before a write (a statement, a
// transaction(), closing) runs, every earlier future of the batch has finished: a write sees the
// world its caller saw, and a transaction's work may wait for an earlier call. A write is committed
// when its statement returns, before its future finishes. A request alone in the queue is a batch
// of one, so nothing waits longer than the batch it arrived with.
//
// Thread rule: submit() is safe from any thread, and so is destruction: the thread's state is
// shared with it, so a worker destroyed from one of its own jobs' continuations (the last owner
// of a store let go there) lets the thread finish the queue and close the session on its own.
class SqliteWorker
{
public:
    explicit SqliteWorker(SqliteSession::Settings settings);
    ~SqliteWorker(); // runs the queued jobs, closes the session, joins (or detaches, see above)

    // What a job does to the database: reads may share a batch's read transaction.
    enum class Access { Read, Write };

    // Queues fn(session) and returns its result as a future. After close(), the future fails
    // with ClosedError "kvs: the store is closed". A Read job must only read.
    template <typename T, typename Fn>
    QFuture<T> submit(Fn fn, Access access = Access::Write)
    {
        auto call = std::make_unique<Call<T, Fn>>(std::move(fn));
        QFuture<T> future = call->promise.future();
        std::unique_ptr<Task> task = std::move(call);
        if (!post(access, task)) {
            auto &refused = static_cast<Call<T, Fn> &>(*task);
            refused.promise.setException(
                std::make_exception_ptr(ClosedError("kvs: the store is closed")));
            kvs::finish(refused.promise);
        }
        return future;
    }

    // Closes the session after the jobs queued before; later submits fail.
    QFuture<void> close();

    const std::string &path() const noexcept { return m_core->settings.path; }

private:
    struct Core;
    // A queued job. Calls keep their promise and their function in one allocation: with 64
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
                    fn(core.session());
                else
                    result.emplace(fn(core.session()));
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
    // The worker's own step (closing the session): it runs when the calls queued before it have
    // completed, so their futures finish before its own.
    template <typename Fn>
    struct Step final : Task
    {
        Step(Core &c, Fn f)
            : core(c)
            , fn(std::move(f))
        {}
        void execute(Core &) noexcept override {}
        void complete() noexcept override { fn(core); }
        Core &core;
        Fn fn;
    };
    struct Job
    {
        Access access;
        std::unique_ptr<Task> task;
    };

    // Everything the thread touches, owned jointly by the worker and its thread.
    struct Core
    {
        explicit Core(SqliteSession::Settings s)
            : settings(std::move(s))
        {}
        // The session, opened on first use. Throws what the open throws (tried again next
        // time). Worker thread only.
        SqliteSession &session();

        const SqliteSession::Settings settings;
        std::unique_ptr<SqliteSession> openSession; // Worker thread only.
        std::mutex mutex;
        std::condition_variable wake;
        std::vector<Job> jobs;      // Guarded by mutex.
        bool closing = false;       // Guarded by mutex. No job is accepted any more.
        bool sessionClosed = false; // Guarded by mutex.
        std::vector<std::shared_ptr<QPromise<void>>> closeWaiters; // Guarded by mutex.
        bool sleeping = false;                                     // Guarded by mutex.
        bool exit = false;                                         // Guarded by mutex.
        std::atomic<std::size_t> queued{0}; // jobs.size(), readable without the lock
        std::thread::id threadId;
    };

    // Queues task (moved from) and returns true, or returns false and leaves it when closing.
    bool post(Access access, std::unique_ptr<Task> &task);
    static void run(const std::shared_ptr<Core> &core);
    static void runBatch(Core &core, std::vector<Job> &batch);

    std::shared_ptr<Core> m_core;
    std::thread m_thread;
};

} // namespace kvs::detail
