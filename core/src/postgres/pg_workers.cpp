#include "postgres/pg_workers.h"

#include <algorithm>

namespace kvs::detail {

namespace {

// A batch holds at most this many statements (one pipeline, one round trip).
constexpr std::size_t kMaxBatch = 64;
// How long an idle worker looks for the next job before it sleeps (see work()).
constexpr auto kSpin = std::chrono::microseconds(50);

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

void PgWorkers::post(Job job, const std::function<void(std::exception_ptr)> &refuse)
{
    {
        std::lock_guard lock(m_core->mutex);
        if (!m_core->closing) {
            m_core->jobs.push_back(std::move(job));
            m_core->queued.store(m_core->jobs.size(), std::memory_order_release);
            // A spinning worker finds the job itself; otherwise wake a sleeping one.
            if (m_core->idle > 0 && !m_core->spinning)
                m_core->wake.notify_one();
            return;
        }
    }
    refuse(std::make_exception_ptr(ClosedError("kvs: the store is closed")));
}

QFuture<void> PgWorkers::close()
{
    auto promise = std::make_shared<QPromise<void>>();
    promise->start();
    QFuture<void> done = promise->future();
    std::lock_guard lock(m_core->mutex);
    m_core->closing = true;
    if (m_core->running == 0) {
        kvs::finish(*promise);
        return done;
    }
    m_core->closed.push_back(std::move(promise));
    m_core->wake.notify_all();
    return done;
}

void PgWorkers::work(const std::shared_ptr<Core> &core)
{
    std::unique_ptr<PqConnection> connection;
    std::vector<Job> batch;
    std::unique_lock lock(core->mutex);
    for (;;) {
        if (core->jobs.empty() && !core->closing && !core->spinning) {
            // One worker at a time looks for the next job for a moment before it sleeps: a
            // caller awaiting one call at a time sends the next within microseconds, and catching
            // it here saves a sleep and a wake-up, as much time on this kind of machine as the
            // statement itself on loopback.
            core->spinning = true;
            lock.unlock();
            const auto until = std::chrono::steady_clock::now() + kSpin;
            while (core->queued.load(std::memory_order_acquire) == 0
                   && std::chrono::steady_clock::now() < until) {
            }
            lock.lock();
            core->spinning = false;
        }
        if (core->jobs.empty()) {
            if (core->closing)
                break;
            ++core->idle;
            core->wake.wait(lock, [&] { return !core->jobs.empty() || core->closing; });
            --core->idle;
            continue;
        }
        // A session job alone; otherwise a run of statements, shared with the idle workers so
        // that a burst spreads over the pool's connections.
        if (core->jobs.front().session) {
            batch.push_back(std::move(core->jobs.front()));
            core->jobs.pop_front();
        } else {
            const std::size_t share = core->jobs.size() / static_cast<std::size_t>(core->idle + 1);
            const std::size_t limit = std::clamp<std::size_t>(share, 1, kMaxBatch);
            while (!core->jobs.empty() && !core->jobs.front().session && batch.size() < limit) {
                batch.push_back(std::move(core->jobs.front()));
                core->jobs.pop_front();
            }
        }
        core->queued.store(core->jobs.size(), std::memory_order_release);
        if (!core->jobs.empty() && core->idle > 0)
            core->wake.notify_one();
        lock.unlock();

        std::exception_ptr unavailable;
        if (!connection || connection->closedByServer()) {
            connection.reset();
            try {
                connection = std::make_unique<PqConnection>(core->settings.conninfo,
                                                            core->settings.connectTimeout);
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
            for (Job &job : batch)
                job.complete(job.call);
        }
        batch.clear();
        lock.lock();
    }
    --core->running;
    std::vector<std::shared_ptr<QPromise<void>>> closed;
    if (core->running == 0)
        closed.swap(core->closed);
    lock.unlock();
    connection.reset();
    for (const auto &promise : closed)
        kvs::finish(*promise);
}

} // namespace kvs::detail
