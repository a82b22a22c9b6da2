#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <vector>

namespace kvs::detail {

// The queue in front of a backend's worker threads (the SQLite worker, the PostgreSQL pool):
// callers post jobs, workers take them in batches, and a worker with nothing to do looks for the
// next job for a moment before it sleeps.
//
// Why batches: a wake-up of a worker costs a futex round trip through the kernel on each side,
// more on a virtual machine than a point read, so requests in flight share one. Why the spin: a
// caller that awaits one call at a time sends the next within microseconds of its result;
// catching it here saves the worker's sleep and the caller's wake-up of it. One worker at a time
// spins, so an idle pool does not burn every core.
//
// Thread rule: safe from any thread. Job is movable.
template <typename Job>
class WorkQueue
{
public:
    // How long an idle worker looks for the next job before it sleeps.
    static constexpr std::chrono::microseconds kSpin{50};

    // Queues job and returns true, or returns false and leaves job as it was once close()d.
    bool post(Job &job)
    {
        std::lock_guard lock(m_mutex);
        if (m_closed)
            return false;
        m_jobs.push_back(std::move(job));
        m_queued.store(m_jobs.size(), std::memory_order_release);
        // A spinning worker finds the job itself; otherwise wake a sleeping one.
        if (m_sleeping > 0 && !m_spinning)
            m_wake.notify_one();
        return true;
    }

    // Refuses later posts; the workers still take what is queued, then take() returns false.
    // With last, that job is queued as the final one (for a worker's own closing step) unless
    // the queue was closed already. Returns whether this call closed it.
    bool close(Job *last = nullptr)
    {
        std::lock_guard lock(m_mutex);
        if (m_closed)
            return false;
        if (last) {
            m_jobs.push_back(std::move(*last));
            m_queued.store(m_jobs.size(), std::memory_order_release);
        }
        m_closed = true;
        m_wake.notify_all();
        return true;
    }

    bool isClosed() const
    {
        std::lock_guard lock(m_mutex);
        return m_closed;
    }

    // Waits for jobs and moves a batch of them into batch (which must be empty): pick(jobs,
    // sleeping) moves the batch out of the queued jobs, where sleeping is the number of other
    // workers asleep (to leave them a share). Returns false, with batch empty, once the queue is
    // closed and drained. Wakes another worker when jobs are left.
    template <typename Pick>
    bool take(std::vector<Job> &batch, Pick &&pick)
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            if (m_jobs.empty() && !m_closed && !m_spinning) {
                m_spinning = true;
                lock.unlock();
                const auto until = std::chrono::steady_clock::now() + kSpin;
                while (m_queued.load(std::memory_order_acquire) == 0
                       && std::chrono::steady_clock::now() < until) {
                }
                lock.lock();
                m_spinning = false;
            }
            if (!m_jobs.empty())
                break;
            if (m_closed)
                return false;
            ++m_sleeping;
            m_wake.wait(lock, [&] { return !m_jobs.empty() || m_closed; });
            --m_sleeping;
        }
        pick(m_jobs, m_sleeping, batch);
        m_queued.store(m_jobs.size(), std::memory_order_release);
        if (!m_jobs.empty() && m_sleeping > 0)
            m_wake.notify_one();
        return true;
    }

    // A pick that takes every queued job (a single worker).
    static void takeAll(std::deque<Job> &jobs, int, std::vector<Job> &batch)
    {
        batch.reserve(jobs.size());
        for (Job &job : jobs)
            batch.push_back(std::move(job));
        jobs.clear();
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<Job> m_jobs;               // Guarded by m_mutex.
    bool m_closed = false;                // Guarded by m_mutex.
    bool m_spinning = false;              // Guarded by m_mutex. A worker looks without sleeping.
    int m_sleeping = 0;                   // Guarded by m_mutex. Workers waiting for jobs.
    std::atomic<std::size_t> m_queued{0}; // m_jobs.size(), readable without the lock
};

} // namespace kvs::detail
