#include "sqlite/sqlite_worker.h"

namespace kvs::detail {

SqliteWorker::SqliteWorker(SqliteSession::Settings settings)
    : m_settings(std::move(settings))
    , m_thread([this] { run(); })
{}

SqliteWorker::~SqliteWorker()
{
    (void)close();
    {
        std::lock_guard lock(m_mutex);
        m_exit = true;
        m_wake.notify_one();
    }
    m_thread.join();
}

bool SqliteWorker::post(Job job)
{
    std::lock_guard lock(m_mutex);
    if (m_closing)
        return false;
    m_jobs.push_back(std::move(job));
    if (m_sleeping)
        m_wake.notify_one(); // a busy worker finds the job when it looks again, no wake-up
    return true;
}

QFuture<void> SqliteWorker::close()
{
    auto promise = std::make_shared<QPromise<void>>();
    promise->start();
    QFuture<void> done = promise->future();
    std::lock_guard lock(m_mutex);
    if (m_closing) {
        promise->finish();
        return done;
    }
    m_closing = true;
    m_jobs.push_back([promise](SqliteWorker &worker) {
        if (worker.m_session)
            (void)worker.m_session->close();
        worker.m_session.reset();
        promise->finish();
    });
    if (m_sleeping)
        m_wake.notify_one();
    return done;
}

SqliteSession &SqliteWorker::session()
{
    if (!m_session)
        m_session = std::make_unique<SqliteSession>(m_settings);
    return *m_session;
}

void SqliteWorker::run()
{
    std::vector<Job> batch;
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (m_jobs.empty()) {
            if (m_exit)
                return;
            m_sleeping = true;
            m_wake.wait(lock, [this] { return !m_jobs.empty() || m_exit; });
            m_sleeping = false;
            continue;
        }
        batch.swap(m_jobs);
        lock.unlock();
        for (Job &job : batch)
            job(*this); // jobs settle their own promise and never throw
        batch.clear();
        lock.lock();
    }
}

} // namespace kvs::detail
