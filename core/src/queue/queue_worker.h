#pragma once

#include "queue/queue_backend.h"
#include "runtime/dispatcher.h"

#include <kvs/queue_listener.h>

#include <QPromise>
#include <QThreadPool>

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace kvs::detail {

// One addQueueListener() registration (reference "Queue dispatch internals"). notify() only
// sets a flag and, when no pump is running, posts one to the store's dispatcher thread: a
// handler never runs on the stack of the enqueue() that woke it, so a handler that enqueues to
// its own topic keeps a flat stack. The pump dequeues up to the free slots and starts each
// message on this listener's pool (concurrency threads). A failed dequeue ends the pump and
// counts a dispatch error; the store's 1 s poll tries again (no hot loop).
//
// Thread rule: safe from any thread. Tasks on the dispatcher and the pool hold a shared_ptr to
// the worker, so it outlives them; the backend and dispatcher must outlive waitForDone().
class QueueWorker : public std::enable_shared_from_this<QueueWorker>
{
public:
    struct Settings
    {
        std::string topic;
        int concurrency = 1;
        double visibilityTimeout = 30000;
        bool autoAck = true;
    };

    QueueWorker(Settings settings,
                QueueHandler handler,
                QueueBackend &backend,
                Dispatcher &dispatcher,
                QueueCounters &counters);
    ~QueueWorker();

    const std::string &topic() const noexcept { return m_settings.topic; }
    QueueListenerHandle handle();

    // Wakes the listener (see the class comment).
    void notify();
    // Stops dequeuing. The future finishes once no handler of this listener runs any more.
    QFuture<void> cancel();
    bool isActive() const;
    std::int64_t inFlight() const;
    // Waits until every handler task of the pool has returned (store destruction).
    void waitForDone();
    // Called once when the listener stops, to unregister it from the store.
    void setOnStopped(std::function<void(QueueWorker *)> onStopped);

private:
    using DeliveryId = std::pair<std::int64_t, std::string>; // id, lease token

    void pump();
    void run(const QueueMessage &message);
    void renew();
    void release(const std::vector<QueueMessage> &messages);
    void finishCancelIfIdle(); // Requires: m_mutex held.

    const Settings m_settings;
    const QueueHandler m_handler;
    QueueBackend &m_backend;   // Not owned.
    Dispatcher &m_dispatcher;  // Not owned.
    QueueCounters &m_counters; // Not owned.
    QThreadPool m_pool;

    mutable std::mutex m_mutex;
    bool m_active = true;                  // Guarded by m_mutex.
    bool m_again = false;                  // Guarded by m_mutex.
    bool m_pumping = false;                // Guarded by m_mutex.
    std::map<DeliveryId, bool> m_inFlight; // Guarded by m_mutex. Value: handler settled.
    Dispatcher::TimerId m_renewal = 0;     // Guarded by m_mutex.
    std::vector<std::shared_ptr<QPromise<void>>> m_cancelWaiters; // Guarded by m_mutex.
    std::function<void(QueueWorker *)> m_onStopped;               // Guarded by m_mutex.
};

} // namespace kvs::detail
