#include "sqlite/sqlite_worker.h"

namespace kvs::detail {

SqliteWorker::SqliteWorker(SqliteSession::Settings settings)
    : m_core(std::make_shared<Core>(std::move(settings)))
{
    m_thread = std::thread([core = m_core] { run(core); });
    m_core->threadId = m_thread.get_id(); // read by the destructor only
}

SqliteWorker::~SqliteWorker()
{
    (void)close();
    {
        std::lock_guard lock(m_core->mutex);
        m_core->exit = true;
        m_core->wake.notify_one();
    }
    if (std::this_thread::get_id() == m_core->threadId)
        m_thread.detach(); // destroyed by a continuation on the worker: it finishes on its own
    else
        m_thread.join();
}

bool SqliteWorker::post(Access access, std::unique_ptr<Task> &task)
{
    std::lock_guard lock(m_core->mutex);
    if (m_core->closing)
        return false;
    m_core->jobs.push_back({access, std::move(task)});
    m_core->queued.store(m_core->jobs.size(), std::memory_order_release);
    if (m_core->sleeping)
        m_core->wake.notify_one(); // a busy worker finds the job when it looks again, no wake-up
    return true;
}

QFuture<void> SqliteWorker::close()
{
    auto promise = std::make_shared<QPromise<void>>();
    promise->start();
    QFuture<void> done = promise->future();
    std::unique_lock lock(m_core->mutex);
    if (m_core->closing) {
        // A second close() finishes with the first: when the session is closed. Finished
        // outside the lock: finish() takes futureLock(), which callers hold when they post.
        if (m_core->sessionClosed) {
            lock.unlock();
            kvs::finish(*promise);
        } else {
            m_core->closeWaiters.push_back(std::move(promise));
        }
        return done;
    }
    m_core->closing = true;
    m_core->closeWaiters.push_back(std::move(promise));
    const auto closeSession = [](Core &core) {
        if (core.openSession)
            (void)core.openSession->close();
        core.openSession.reset();
        std::vector<std::shared_ptr<QPromise<void>>> waiters;
        {
            std::lock_guard lock(core.mutex);
            core.sessionClosed = true;
            waiters.swap(core.closeWaiters);
        }
        for (const auto &waiter : waiters)
            kvs::finish(*waiter);
    };
    m_core->jobs.push_back(
        {Access::Write, std::make_unique<Step<decltype(closeSession)>>(*m_core, closeSession)});
    m_core->queued.store(m_core->jobs.size(), std::memory_order_release);
    if (m_core->sleeping)
        m_core->wake.notify_one();
    return done;
}

SqliteSession &SqliteWorker::Core::session()
{
    if (!openSession)
        openSession = std::make_unique<SqliteSession>(settings);
    return *openSession;
}

// How long the worker keeps looking for more work before it sleeps. A caller with requests in
// flight submits its next one within microseconds of seeing a result; catching it here saves
// the worker's sleep and wake-up (a futex round trip through the kernel on each side).
constexpr auto kSpin = std::chrono::microseconds(50);

void SqliteWorker::run(const std::shared_ptr<Core> &core)
{
    std::vector<Job> batch;
    std::unique_lock lock(core->mutex);
    for (;;) {
        if (core->jobs.empty() && !core->exit) {
            lock.unlock();
            const auto until = std::chrono::steady_clock::now() + kSpin;
            while (core->queued.load(std::memory_order_acquire) == 0
                   && std::chrono::steady_clock::now() < until) {
            }
            lock.lock();
        }
        if (core->jobs.empty()) {
            if (core->exit)
                return;
            core->sleeping = true;
            core->wake.wait(lock, [&] { return !core->jobs.empty() || core->exit; });
            core->sleeping = false;
            continue;
        }
        batch.swap(core->jobs);
        core->queued.store(0, std::memory_order_release);
        lock.unlock();
        runBatch(*core, batch);
        batch.clear(); // captures released outside the lock
        lock.lock();
    }
}

void SqliteWorker::runBatch(Core &core, std::vector<Job> &batch)
{
    std::size_t completed = 0; // the jobs before this one have finished their futures
    const auto completeUpTo = [&](std::size_t end) {
        for (; completed < end; ++completed)
            batch[completed].task->complete(); // continuations run here, on this thread
    };
    bool reading = false; // a read batch is open on the session
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const bool read = batch[i].access == Access::Read;
        if (read && !reading && i + 1 < batch.size() && batch[i + 1].access == Access::Read) {
            try {
                reading = core.session().beginReadBatch();
            } catch (...) {
                // No batch (the session does not open, say): each read runs, and fails, alone.
            }
        } else if (!read) {
            if (reading) {
                core.openSession->endReadBatch();
                reading = false;
            }
            completeUpTo(i);
        }
        batch[i].task->execute(core);
    }
    if (reading && core.openSession)
        core.openSession->endReadBatch();
    completeUpTo(batch.size());
}

} // namespace kvs::detail
