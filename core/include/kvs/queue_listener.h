#pragma once

#include <kvs/types.h>

#include <QFuture>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace kvs {

namespace detail {
class QueueWorker;
}

/// Options of addQueueListener() (the reference's QueueListenerOptions).
struct QueueListenerOptions
{
    double concurrency = 1;                  // integer 1..1000: handlers running at once
    std::optional<double> visibilityTimeout; // ms, finite > 0; default queue.visibilityTimeout
    bool autoAck = true; // returns -> acknowledge, throws -> nack (the exception's what())
};

/// A queue handler. It runs on a thread of the listener's own pool, never on the thread that
/// enqueued, and the listener's slot is held until it returns. With autoAck, returning
/// acknowledges the message and throwing nacks it with the exception's message as the error;
/// without autoAck the handler owns the message (acknowledge or nack it with msg.token).
using QueueHandler = std::function<void(const QueueMessage &message)>;

/// The reference's KvQueueDiagnostics, summed over the store's listeners.
struct QueueDiagnostics
{
    std::int64_t listeners = 0;
    std::int64_t inFlight = 0;       // handlers running now
    std::int64_t delivered = 0;      // messages handed to handlers
    std::int64_t acked = 0;          // auto-acknowledgements the store accepted
    std::int64_t nacked = 0;         // auto-nacks the store accepted
    std::int64_t handlerErrors = 0;  // handlers that threw
    std::int64_t leaseLost = 0;      // ack, nack or renewal refused: the lease moved on
    std::int64_t dispatchErrors = 0; // failed dequeue, ack, nack or renewal (closed, lost link)
};

/// The handle addQueueListener() returns. Copies share one listener; destroying a handle does not
/// cancel. Thread rule: safe from any thread.
class QueueListenerHandle
{
public:
    QueueListenerHandle() = default;
    /// Stops dequeuing. The future finishes when the handlers already running have returned and
    /// their acknowledge/nack is done; messages dequeued after the cancel are released at once
    /// (extendLease(id, token, 0)). Never wait on it on a thread a handler needs.
    QFuture<void> cancel();
    bool isActive() const noexcept;

private:
    friend class detail::QueueWorker;
    explicit QueueListenerHandle(std::shared_ptr<detail::QueueWorker> worker)
        : m_worker(std::move(worker))
    {}
    std::shared_ptr<detail::QueueWorker> m_worker;
};

} // namespace kvs
