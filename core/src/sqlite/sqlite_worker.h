#pragma once

#include "async/future_util.h"
#include "sqlite/sqlite_session.h"

#include <kvs/errors.h>

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace kvs::detail {

// SQLiteAsyncAdapter's thread: it owns the one connection (a SqliteSession) and runs queued jobs
// one at a time, in order: the serial queue of the reference. When it wakes it takes every job
// queued so far in one go, so that requests in flight share one wake-up instead of paying one
// each (on this kind of machine a cross-thread wake-up costs tens of microseconds, the same
// order as the statement itself). Thread rule: submit() is safe from any thread.
class SqliteWorker
{
public:
    explicit SqliteWorker(SqliteSession::Settings settings);
    ~SqliteWorker(); // runs the queued jobs, closes the session, joins

    // Queues fn(session) and returns its result as a future. After close(), the future fails
    // with ClosedError "kvs: the store is closed".
    template <typename T, typename Fn>
    QFuture<T> submit(Fn fn)
    {
        auto promise = std::make_shared<QPromise<T>>();
        promise->start();
        QFuture<T> future = promise->future();
        const bool queued = post([promise, fn = std::move(fn)](SqliteWorker &worker) mutable {
            settle(*promise, [&] { return fn(worker.session()); });
        });
        if (!queued) {
            promise->setException(std::make_exception_ptr(ClosedError("kvs: the store is closed")));
            promise->finish();
        }
        return future;
    }

    // Closes the session after the jobs queued before; later submits fail.
    QFuture<void> close();

    const std::string &path() const noexcept { return m_settings.path; }

private:
    using Job = std::function<void(SqliteWorker &)>;

    bool post(Job job);
    void run();
    // The session, opened on first use. Throws what the open throws (tried again next time).
    SqliteSession &session();

    const SqliteSession::Settings m_settings;
    std::unique_ptr<SqliteSession> m_session; // Worker thread only.

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<Job> m_jobs; // Guarded by m_mutex.
    bool m_closing = false;  // Guarded by m_mutex. No job is accepted any more.
    bool m_sleeping = false; // Guarded by m_mutex.
    bool m_exit = false;     // Guarded by m_mutex.
    std::thread m_thread;
};

} // namespace kvs::detail
