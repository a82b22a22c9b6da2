#pragma once

#include "queue/queue_backend.h"
#include "runtime/dispatcher.h"

#include <kvs/queue_listener.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace kvs::detail {

class QueueWorker;

// The queue listeners of one store: registration, wake-ups by topic, the 1 s poll that runs
// while at least one listener exists (it picks up delayed messages, retries, reclaimed leases
// and other processes' enqueues), and the diagnostics. Shared by KVStore and AsyncKVStore.
// Thread rule: safe from any thread.
class QueueDispatch
{
public:
    // QUEUE_POLL_INTERVAL of the reference.
    static constexpr std::chrono::milliseconds kPollInterval{1000};

    QueueDispatch(QueueBackend &backend, Dispatcher &dispatcher, double defaultVisibilityTimeout);
    ~QueueDispatch();

    // Validates options and starts a listener. RangeError "kvs: addQueueListener() concurrency
    // must be an integer from 1 to 1000, got X" and "kvs: addQueueListener() visibilityTimeout
    // must be a finite number > 0, got X".
    QueueListenerHandle
    add(const std::string &topic, QueueHandler handler, const QueueListenerOptions &options);

    // Wakes the listeners of topic. Costs one atomic load when the store has no listener.
    void notify(const std::string &topic);
    void notifyAll();

    // close(): cancels every listener without waiting for running handlers.
    void close();
    // Waits for the handlers still running (destruction: they call into the store).
    void waitForHandlers();

    QueueDiagnostics diagnostics() const;

private:
    void remove(QueueWorker *worker);
    std::vector<std::shared_ptr<QueueWorker>> listenersOf(const std::string *topic) const;

    QueueBackend &m_backend;  // Not owned.
    Dispatcher &m_dispatcher; // Not owned.
    const double m_defaultVisibilityTimeout;
    QueueCounters m_counters;
    std::atomic<int> m_listenerCount{0};

    mutable std::mutex m_mutex;
    std::vector<std::shared_ptr<QueueWorker>> m_active; // Guarded by m_mutex.
    // Every worker ever started, so destruction can wait for cancelled ones still running.
    std::vector<std::shared_ptr<QueueWorker>> m_all; // Guarded by m_mutex.
    Dispatcher::TimerId m_poll = 0;                  // Guarded by m_mutex.
};

} // namespace kvs::detail
