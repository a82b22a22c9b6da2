#include "bench/baselines/worker_round_trip.h"

#include <kvs/errors.h>
#include <kvs/future.h>

#include <QPromise>

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace kvs::bench {

namespace {

// A worker thread like SQLiteAsyncAdapter's, with no SQL behind it: jobs queue under a mutex,
// a sleeping worker is woken, a busy one finds them when it looks again.
class RoundTripWorker
{
public:
    RoundTripWorker()
        : m_thread([this] { run(); })
    {}
    ~RoundTripWorker()
    {
        {
            std::lock_guard lock(m_mutex);
            m_exit = true;
            m_wake.notify_one();
        }
        m_thread.join();
    }

    QFuture<int> roundTrip()
    {
        auto promise = std::make_shared<QPromise<int>>();
        promise->start();
        QFuture<int> future = promise->future();
        std::lock_guard lock(m_mutex);
        m_jobs.push_back([promise] {
            promise->addResult(1);
            kvs::finish(*promise);
        });
        if (m_sleeping)
            m_wake.notify_one();
        return future;
    }

private:
    void run()
    {
        std::vector<std::function<void()>> batch;
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
            for (auto &job : batch)
                job();
            batch.clear();
            lock.lock();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<std::function<void()>> m_jobs;
    bool m_sleeping = false;
    bool m_exit = false;
    std::thread m_thread;
};

} // namespace

Measurement measureWorkerRoundTrip(std::chrono::nanoseconds budget)
{
    RoundTripWorker worker;
    Timing timing;
    measure(
        budget,
        kNoRefill,
        [](std::uint64_t) {},
        [&](std::uint64_t) {
            if (worker.roundTrip().result() != 1)
                throw Error("kvs: bench: the round trip lost its result");
        },
        timing);
    return timing.result();
}

} // namespace kvs::bench
