#include "postgres/pg_workers.h"

#include <algorithm>

namespace kvs::detail {

namespace {

// A batch holds at most this many statements (one pipeline, one round trip).
constexpr std::size_t kMaxBatch = 64;

} // namespace

PgWorkers::PgWorkers(Settings settings)
    : m_core(std::make_shared<Core>())
{
    m_core->settings = std::move(settings);
    const int size = std::max(1, m_core->settings.size);
    m_core->running = size;
    for (int i = 0; i < size; ++i)
        m_workers.emplace_back([core = m_core] { work(core); });
}

PgWorkers::~PgWorkers()
{
    (void)close();
    for (auto &worker : m_workers)
        worker.join();
}

QFuture<void> PgWorkers::close()
{
    auto promise = std::make_shared<QPromise<void>>();
    promise->start();
    QFuture<void> done = promise->future();
    {
        std::lock_guard lock(m_core->mutex);
        if (m_core->running > 0) {
            m_core->closed.push_back(std::move(promise));
            promise = nullptr;
        }
    }
    m_core->queue.close();
    if (promise) // every worker is done already
        kvs::finish(*promise);
    return done;
}

void PgWorkers::pick(std::deque<Job> &jobs, int sleeping, std::vector<Job> &batch)
{
    if (jobs.front().session) {
        batch.push_back(std::move(jobs.front()));
        jobs.pop_front();
        return;
    }
    const std::size_t share = jobs.size() / static_cast<std::size_t>(sleeping + 1);
    const std::size_t limit = std::clamp<std::size_t>(share, 1, kMaxBatch);
    while (!jobs.empty() && !jobs.front().session && batch.size() < limit) {
        batch.push_back(std::move(jobs.front()));
        jobs.pop_front();
    }
}

void PgWorkers::work(const std::shared_ptr<Core> &core)
{
    std::unique_ptr<PqConnection> connection;
    std::vector<Job> batch;
    while (core->queue.take(batch, pick)) {
        std::exception_ptr unavailable;
        if (!connection || connection->closedByServer()) {
            connection.reset();
            try {
                connection = std::make_unique<PqConnection>(core->settings.conninfo,
                                                            core->settings.connectTimeout,
                                                            core->settings.callTimeout);
            } catch (...) {
                unavailable = std::current_exception();
            }
        }
        if (batch.front().session) {
            batch.front().session(connection.get(), unavailable);
            // A connection left inside a transaction (or broken) is not reused.
            if (connection && (connection->isBroken() || connection->inTransaction()))
                connection.reset();
        } else {
            std::vector<PqCall *> calls;
            for (Job &job : batch) {
                if (unavailable)
                    job.call.error = unavailable;
                else
                    calls.push_back(&job.call);
            }
            if (!calls.empty())
                connection->run(calls);
            // A broken connection (a call timed out, the server went) is closed at once.
            if (connection && connection->isBroken())
                connection.reset();
            for (Job &job : batch)
                job.complete(job.call);
        }
        batch.clear();
    }
    connection.reset();
    std::vector<std::shared_ptr<QPromise<void>>> closed;
    {
        std::lock_guard lock(core->mutex);
        if (--core->running == 0)
            closed.swap(core->closed);
    }
    for (const auto &promise : closed)
        kvs::finish(*promise);
}

} // namespace kvs::detail
