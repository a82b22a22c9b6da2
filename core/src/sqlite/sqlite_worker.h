#pragma once

#include "async/future_util.h"
#include "sqlite/sqlite_session.h"

#include <kvs/errors.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace kvs::detail {

// SQLiteAsyncAdapter's thread: it owns the one connection (a SqliteSession) and runs queued jobs
// one at a time, in order: the serial queue of the reference. When it wakes it takes every job
// queued so far in one go (a batch), so that requests in flight share one wake-up of the worker
// instead of paying one each: on this kind of machine a cross-thread wake-up costs more than a
// point read. Consecutive reads of a batch run inside one read transaction (see
// SqliteSession::beginReadBatch). A request alone in the queue is a batch of one, so nothing waits
// longer than the batch it arrived with.
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
        auto promise = std::make_shared<QPromise<T>>();
        promise->start();
        QFuture<T> future = promise->future();
        const bool queued = post(access, [promise, fn = std::move(fn)](Core &core) mutable {
            try {
                if constexpr (std::is_void_v<T>)
                    fn(core.session());
                else
                    promise->addResult(fn(core.session()));
            } catch (...) {
                promise->setException(std::current_exception());
            }
            kvs::finish(*promise);
        });
        if (!queued) {
            promise->setException(std::make_exception_ptr(ClosedError("kvs: the store is closed")));
            kvs::finish(*promise);
        }
        return future;
    }

    // Closes the session after the jobs queued before; later submits fail.
    QFuture<void> close();

    const std::string &path() const noexcept { return m_core->settings.path; }

private:
    struct Core;
    struct Job
    {
        Access access;
        std::function<void(Core &)> run;
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

    bool post(Access access, std::function<void(Core &)> job);
    static void run(const std::shared_ptr<Core> &core);
    static void runBatch(Core &core, std::vector<Job> &batch);

    std::shared_ptr<Core> m_core;
    std::thread m_thread;
};

} // namespace kvs::detail
