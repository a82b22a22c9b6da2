#include "bench/workload/store_calls.h"
#include "bench/workload/workload_drivers.h"

#include <kvs/kvstore.h>

#include <thread>

namespace kvs::bench {

namespace {

using Clock = DriveContext::Clock;

void record(DriveContext &context,
            WorkOp op,
            Clock::time_point end,
            Clock::time_point from,
            std::exception_ptr error,
            CallOutcome outcome)
{
    std::lock_guard lock(context.mutex);
    if (error)
        context.recorder.failure(op, end, errorKindOf(error));
    else if (outcome == CallOutcome::Conflict)
        context.recorder.failure(op, end, "conflict");
    else
        context.recorder.success(op, end, end - from);
}

// Makes one call; returns when it ended.
Clock::time_point
callOnce(KVStore &store, DriveContext &context, const Call &call, Clock::time_point from)
{
    std::exception_ptr error;
    CallOutcome outcome = CallOutcome::Done;
    try {
        outcome = makeCall(store, context.data, context.chooser, call);
    } catch (...) {
        error = std::current_exception();
    }
    const Clock::time_point end = Clock::now();
    record(context, call.op, end, from, error, outcome);
    return end;
}

} // namespace

void countUnstarted(DriveContext &context,
                    CallPlanner &planner,
                    std::uint64_t first,
                    std::chrono::duration<double> period)
{
    const Clock::time_point givenUp = Clock::now();
    for (std::uint64_t i = first;; ++i) {
        const Clock::time_point intended
            = context.start + std::chrono::duration_cast<Clock::duration>(period * double(i));
        if (intended >= context.end)
            break;
        context.recorder.unstarted(planner.next().op, intended, givenUp);
    }
}

Clock::time_point driveSync(KVStore &store, DriveContext &context)
{
    CallPlanner planner(context.mix, context.config.ttlShare, context.chooser, context.data, 1);
    if (context.config.rate <= 0) {
        // Chained: one clock read per call, its end being the next call's start.
        Clock::time_point previous = Clock::now();
        while (previous < context.end && !context.cancel.load(std::memory_order_relaxed))
            previous = callOnce(store, context, planner.next(), previous);
        return previous;
    }
    const std::chrono::duration<double> period(1 / context.config.rate);
    Clock::time_point last = Clock::now();
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
        // The engine set this thread's timer slack to 1 ns, so the wake-up is on time without
        // spinning. A spin before the due time was measured on a busy host and made it worse
        // (more late calls: a spinning thread is preempted sooner), with or without yield.
        std::this_thread::sleep_until(intended);
        const Call call = planner.next();
        const Clock::time_point started = Clock::now();
        if (started - intended > kLateAfter) {
            std::lock_guard lock(context.mutex);
            context.recorder.late(call.op, started);
        }
        last = callOnce(store, context, call, intended);
    }
    return last;
}

} // namespace kvs::bench
