#include "sqlite/sqlite_worker.h"

namespace kvs::detail {

SqliteWorker::SqliteWorker(SqliteEngine::Settings settings)
    : m_core(std::make_shared<Core>(std::move(settings)))
{
    m_thread = std::thread([core = m_core] { run(core); });
    m_core->threadId = m_thread.get_id(); // read by the destructor only
}

SqliteWorker::~SqliteWorker()
{
    (void)close();
    if (std::this_thread::get_id() == m_core->threadId)
        m_thread.detach(); // destroyed by a continuation on the worker: it finishes on its own
    else
        m_thread.join();
}

QFuture<void> SqliteWorker::close()
{
    auto waiter = std::make_shared<QPromise<void>>();
    waiter->start();
    QFuture<void> done = waiter->future();
    {
        std::unique_lock lock(m_core->closeMutex);
        if (m_core->engineClosed) {
            // Finished outside the lock: finish() takes futureLock(), which callers hold when
            // they submit.
            lock.unlock();
            kvs::finish(*waiter);
            return done;
        }
        m_core->closeWaiters.push_back(std::move(waiter));
    }
    Job last{Access::Write, std::make_unique<CloseStep>(*m_core)};
    m_core->queue.close(&last); // the first close() queues the step; it finishes every waiter
    return done;
}

void SqliteWorker::CloseStep::complete() noexcept
{
    if (core.openEngine)
        core.openEngine->close();
    core.openEngine.reset();
    std::vector<std::shared_ptr<QPromise<void>>> waiters;
    {
        std::lock_guard lock(core.closeMutex);
        core.engineClosed = true;
        waiters.swap(core.closeWaiters);
    }
    for (const auto &waiter : waiters)
        kvs::finish(*waiter);
}

SqliteEngine &SqliteWorker::Core::engine()
{
    if (!openEngine)
        openEngine = std::make_unique<SqliteEngine>(settings);
    return *openEngine;
}

void SqliteWorker::run(const std::shared_ptr<Core> &core)
{
    std::vector<Job> batch;
    while (core->queue.take(batch, WorkQueue<Job>::takeAll)) {
        runBatch(*core, batch);
        batch.clear(); // captures released before the next wait
    }
}

void SqliteWorker::runBatch(Core &core, std::vector<Job> &batch)
{
    std::size_t completed = 0; // the jobs before this one have finished their futures
    const auto completeUpTo = [&](std::size_t end) {
        for (; completed < end; ++completed)
            batch[completed].task->complete(); // continuations run here, on this thread
    };
    bool reading = false; // a read batch is open on the engine
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const bool read = batch[i].access == Access::Read;
        if (read && !reading && i + 1 < batch.size() && batch[i + 1].access == Access::Read) {
            try {
                reading = core.engine().beginReadBatch();
            } catch (...) {
                // No batch (the engine does not open, say): each read runs, and fails, alone.
            }
        } else if (!read) {
            if (reading) {
                core.openEngine->endReadBatch();
                reading = false;
            }
            completeUpTo(i);
        }
        batch[i].task->execute(core);
    }
    if (reading && core.openEngine)
        core.openEngine->endReadBatch();
    completeUpTo(batch.size());
}

} // namespace kvs::detail
