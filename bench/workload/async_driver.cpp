#include "bench/workload/store_calls.h"
#include "bench/workload/workload_drivers.h"

#include <kvs/async_kvstore.h>

#include <condition_variable>
#include <deque>
#include <memory>
#include <thread>

namespace kvs::bench {

namespace {

using Clock = DriveContext::Clock;

// A continuation that would start its chain's next call this deep in nested continuations
// (calls that finish at once, such as those of a closed store) hands it to the driving thread
// instead, so the stack stays flat.
constexpr int kMaxNesting = 16;
thread_local int t_nesting = 0;

// The state of one async drive, shared by the driving thread and the continuations.
struct AsyncDrive : std::enable_shared_from_this<AsyncDrive>
{
    AsyncDrive(AsyncKVStore &s, DriveContext &c)
        : store(s)
        , context(c)
        , planner(c.mix, c.config.ttlShare, c.chooser, c.data, 1)
    {}

    AsyncKVStore &store;   // Not owned.
    DriveContext &context; // Not owned.
    std::condition_variable changed;
    // Guarded by context.mutex:
    CallPlanner planner;
    int inFlight = 0;
    std::deque<Clock::time_point> deferred; // closed loop: chains waiting for this thread
    Clock::time_point last;                 // when the last call ended

    bool stopping(Clock::time_point now) const
    {
        return now >= context.end || context.cancel.load(std::memory_order_relaxed);
    }

    // Records a finished call. Requires: context.mutex held.
    void record(WorkOp op,
                Clock::time_point end,
                Clock::time_point from,
                std::exception_ptr error,
                CallOutcome outcome)
    {
        if (error)
            context.recorder.failure(op, end, errorKindOf(error));
        else if (outcome == CallOutcome::Conflict)
            context.recorder.failure(op, end, "conflict");
        else
            context.recorder.success(op, end, end - from);
        last = std::max(last, end);
    }

    // Closed loop: starts a call at started; its continuation starts the chain's next one.
    void launchChained(Call call, Clock::time_point started)
    {
        auto self = shared_from_this();
        startCall(store,
                  context.data,
                  context.chooser,
                  call,
                  [self, op = call.op, started](std::exception_ptr error, CallOutcome outcome) {
                      self->chainDone(op, started, error, outcome);
                  });
    }

    void
    chainDone(WorkOp op, Clock::time_point started, std::exception_ptr error, CallOutcome outcome)
    {
        const Clock::time_point now = Clock::now();
        Call next;
        {
            std::lock_guard lock(context.mutex);
            record(op, now, started, error, outcome);
            if (stopping(now)) {
                --inFlight;
                changed.notify_all();
                return;
            }
            if (t_nesting >= kMaxNesting) {
                deferred.push_back(now);
                changed.notify_all();
                return;
            }
            next = planner.next();
        }
        ++t_nesting;
        launchChained(next, now);
        --t_nesting;
    }

    // Fixed rate: a call due at intended, started now; its continuation frees its slot.
    void launchScheduled(Call call, Clock::time_point intended)
    {
        auto self = shared_from_this();
        startCall(store,
                  context.data,
                  context.chooser,
                  call,
                  [self, op = call.op, intended](std::exception_ptr error, CallOutcome outcome) {
                      const Clock::time_point now = Clock::now();
                      std::lock_guard lock(self->context.mutex);
                      self->record(op, now, intended, error, outcome);
                      --self->inFlight;
                      self->changed.notify_all();
                  });
    }

    void driveClosed()
    {
        std::unique_lock lock(context.mutex);
        const int chains = context.config.concurrency;
        for (int k = 0; k < chains; ++k) {
            const Call call = planner.next();
            ++inFlight;
            lock.unlock();
            launchChained(call, Clock::now());
            lock.lock();
        }
        while (inFlight > 0) {
            changed.wait(lock, [&] { return inFlight == 0 || !deferred.empty(); });
            while (!deferred.empty()) {
                deferred.pop_front();
                const Call call = planner.next();
                lock.unlock();
                launchChained(call, Clock::now());
                lock.lock();
            }
        }
    }

    void driveRate()
    {
        const std::chrono::duration<double> period(1 / context.config.rate);
        for (std::uint64_t i = 0;; ++i) {
            const Clock::time_point intended
                = context.start + std::chrono::duration_cast<Clock::duration>(period * double(i));
            if (intended >= context.end || context.cancel.load(std::memory_order_relaxed))
                break;
            if (Clock::now() >= context.cutOff) {
                std::lock_guard lock(context.mutex);
                countUnstarted(context, planner, i, period);
                break;
            }
            std::this_thread::sleep_until(intended);
            Call call;
            {
                std::unique_lock lock(context.mutex);
                const auto slotFree = [&] {
                    return inFlight < context.config.concurrency
                           || context.cancel.load(std::memory_order_relaxed);
                };
                if (context.cutOff == Clock::time_point::max()) {
                    changed.wait(lock, slotFree);
                } else if (!changed.wait_until(lock, context.cutOff, slotFree)) {
                    countUnstarted(context, planner, i, period);
                    break;
                }
                if (context.cancel.load(std::memory_order_relaxed))
                    break;
                call = planner.next();
                const Clock::time_point started = Clock::now();
                if (started - intended > kLateAfter)
                    context.recorder.late(call.op, started);
                ++inFlight;
            }
            launchScheduled(call, intended);
        }
        std::unique_lock lock(context.mutex);
        changed.wait(lock, [&] { return inFlight == 0; });
    }
};

} // namespace

Clock::time_point driveAsync(AsyncKVStore &store, DriveContext &context)
{
    auto drive = std::make_shared<AsyncDrive>(store, context);
    drive->last = Clock::now();
    if (context.config.rate > 0)
        drive->driveRate();
    else
        drive->driveClosed();
    std::lock_guard lock(context.mutex);
    return drive->last;
}

} // namespace kvs::bench
