#pragma once

#include "bench/measure/measure.h"

#include <kvs/future.h>

#include <QFuture>

#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>

namespace kvs::bench {

// Keeps depth calls in flight the way an async program does: depth chains, each starting its
// next call from the continuation of the last (QtFuture::Launch::Sync, on the store's thread), so
// no thread waits per call. submit(i) starts call i and returns its future; check(future) looks
// at the result (and throws when it is wrong). Chains stop starting calls after about budget or
// maxCalls calls in all; this thread waits until every chain has ended. Latency is per call,
// from its start to its continuation. The first exception of a call or check is rethrown here.
template <typename T, typename Submit, typename Check>
void measureInFlight(std::chrono::nanoseconds budget,
                     std::size_t depth,
                     Submit submit,
                     Check check,
                     Timing &timing,
                     std::uint64_t maxCalls = std::numeric_limits<std::uint64_t>::max())
{
    using Clock = std::chrono::steady_clock;
    struct Run
    {
        Run(Submit s, Check c, Timing &t, std::chrono::nanoseconds b, std::uint64_t m)
            : submit(std::move(s))
            , check(std::move(c))
            , timing(t)
            , start(Clock::now())
            , budget(b)
            , maxCalls(m)
        {}

        Submit submit;
        Check check;
        Timing &timing;
        Clock::time_point start;
        std::chrono::nanoseconds budget;
        std::uint64_t maxCalls;
        std::mutex mutex;
        std::condition_variable ended;
        std::uint64_t next = 0;   // Guarded by mutex.
        std::size_t running = 0;  // Guarded by mutex. Chains not ended yet.
        Clock::time_point last;   // Guarded by mutex. When the last counted call ended.
        std::exception_ptr error; // Guarded by mutex.

        // Takes the number of a chain's next call, or ends the chain (false). Requires: mutex
        // held. now: the clock read by the caller (the end of the chain's last call).
        bool reserve(Clock::time_point now, std::uint64_t &i)
        {
            if (error || next >= maxCalls || now - start >= budget) {
                if (--running == 0)
                    ended.notify_all();
                return false;
            }
            i = timing.ops + next++;
            return true;
        }

        // Starts call i of a chain at started; its continuation records it and starts the
        // chain's next call. One clock read and one lock per call, as few as the sync loop's
        // measure() takes, so the harness adds no more to a call here than there.
        void launch(const std::shared_ptr<Run> &self, std::uint64_t i, Clock::time_point started)
        {
            QFuture<T> future;
            try {
                future = submit(i);
            } catch (...) {
                fail(std::current_exception());
                return;
            }
            kvs::then(future, [self, started](QFuture<T> done) {
                try {
                    self->check(done);
                } catch (...) {
                    self->fail(std::current_exception());
                    return;
                }
                const Clock::time_point now = Clock::now();
                std::uint64_t next = 0;
                bool more = false;
                {
                    std::lock_guard lock(self->mutex);
                    self->timing.sample.add(now - started);
                    self->last = now;
                    ++self->counted;
                    more = self->reserve(now, next);
                }
                if (more)
                    self->launch(self, next, now);
            });
        }

        void fail(std::exception_ptr e)
        {
            std::lock_guard lock(mutex);
            if (!error)
                error = e;
            if (--running == 0)
                ended.notify_all();
        }

        std::uint64_t counted = 0; // Guarded by mutex.
    };
    auto run = std::make_shared<Run>(std::move(submit), std::move(check), timing, budget, maxCalls);
    run->last = run->start;
    run->running = depth;
    for (std::size_t k = 0; k < depth; ++k) {
        const Clock::time_point now = Clock::now();
        std::uint64_t i = 0;
        bool more = false;
        {
            std::lock_guard lock(run->mutex);
            more = run->reserve(now, i);
        }
        if (more)
            run->launch(run, i, now);
    }
    std::unique_lock lock(run->mutex);
    run->ended.wait(lock, [&] { return run->running == 0; });
    timing.ops += run->counted;
    timing.timed += run->last - run->start;
    if (run->error)
        std::rethrow_exception(run->error);
}

} // namespace kvs::bench
