#pragma once

#include "bench/workload/store_calls.h"
#include "bench/workload/workload_drivers.h"

#include <kvs/queue_listener.h>

#include <vector>

// The consumers of the queue workload: listeners of its topic whose handlers record the delay
// from a message's enqueue to the handler's start (op "handler").
namespace kvs::bench {

// Starts config.listeners listeners of kQueueWorkloadTopic on store, each running up to
// config.listenerConcurrency handlers at once; they stop when this is destroyed (destroy it
// before the store). Thread rule: one thread.
class QueueListeners
{
public:
    // Store: KVStore or AsyncKVStore. Requires: store and context outlive this.
    template <typename Store>
    QueueListeners(Store &store, DriveContext &context)
    {
        QueueListenerOptions options;
        options.concurrency = context.config.listenerConcurrency;
        for (int i = 0; i < context.config.listeners; ++i) {
            m_handles.push_back(store.addQueueListener(
                std::string(kQueueWorkloadTopic), handler(context), options));
        }
    }
    ~QueueListeners();
    QueueListeners(const QueueListeners &) = delete;
    QueueListeners &operator=(const QueueListeners &) = delete;

private:
    static QueueHandler handler(DriveContext &context);

    std::vector<QueueListenerHandle> m_handles;
};

} // namespace kvs::bench
