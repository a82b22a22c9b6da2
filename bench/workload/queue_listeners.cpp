#include "bench/workload/queue_listeners.h"

#include <chrono>

namespace kvs::bench {

QueueListeners::~QueueListeners()
{
    for (QueueListenerHandle &handle : m_handles) {
        try {
            handle.cancel().waitForFinished();
        } catch (...) {
            // A handler's failure was counted; the run is over either way.
        }
    }
}

QueueHandler QueueListeners::handler(DriveContext &context)
{
    return [&context](const QueueMessage &message) {
        using Clock = DriveContext::Clock;
        const Clock::time_point now = Clock::now();
        const Clock::time_point enqueued(std::chrono::duration_cast<Clock::duration>(
            std::chrono::nanoseconds(static_cast<std::int64_t>(message.payload.asNumber()))));
        std::lock_guard lock(context.mutex);
        context.recorder.success(WorkOp::Handler, now, now - enqueued);
    };
}

} // namespace kvs::bench
