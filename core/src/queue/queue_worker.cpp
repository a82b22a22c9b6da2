#include "queue/queue_worker.h"

#include <kvs/future.h>

#include <QFuture>
#include <QPromise>

#include <algorithm>
#include <chrono>

namespace kvs {

QFuture<void> QueueListenerHandle::cancel()
{
    if (!m_worker)
        return QtFuture::makeReadyFuture();
    return m_worker->cancel();
}

bool QueueListenerHandle::isActive() const noexcept
{
    return m_worker && m_worker->isActive();
}

namespace detail {

namespace {

// Lease renewal runs every visibilityTimeout / 2, at least every 10 ms (reference).
std::chrono::milliseconds renewalInterval(double visibilityTimeout)
{
    return std::chrono::milliseconds(
        std::max<std::int64_t>(10, static_cast<std::int64_t>(visibilityTimeout / 2)));
}

} // namespace

QueueWorker::QueueWorker(Settings settings,
                         QueueHandler handler,
                         QueueBackend &backend,
                         Dispatcher &dispatcher,
                         QueueCounters &counters)
    : m_settings(std::move(settings))
    , m_handler(std::move(handler))
    , m_backend(backend)
    , m_dispatcher(dispatcher)
    , m_counters(counters)
{
    m_pool.setMaxThreadCount(m_settings.concurrency);
}

QueueWorker::~QueueWorker()
{
    m_pool.waitForDone();
}

QueueListenerHandle QueueWorker::handle()
{
    return QueueListenerHandle(shared_from_this());
}

void QueueWorker::setOnStopped(std::function<void(QueueWorker *)> onStopped)
{
    std::lock_guard lock(m_mutex);
    m_onStopped = std::move(onStopped);
}

bool QueueWorker::isActive() const
{
    std::lock_guard lock(m_mutex);
    return m_active;
}

std::int64_t QueueWorker::inFlight() const
{
    std::lock_guard lock(m_mutex);
    return static_cast<std::int64_t>(m_inFlight.size());
}

void QueueWorker::notify()
{
    std::lock_guard lock(m_mutex);
    if (!m_active)
        return;
    m_again = true;
    if (m_pumping)
        return; // the running pump sees m_again before it ends
    m_pumping = true;
    m_dispatcher.post([self = shared_from_this()] { self->pump(); });
}

void QueueWorker::pump()
{
    std::unique_lock lock(m_mutex);
    while (m_active && m_again) {
        m_again = false;
        while (m_active && static_cast<int>(m_inFlight.size()) < m_settings.concurrency) {
            const int free = m_settings.concurrency - static_cast<int>(m_inFlight.size());
            lock.unlock();
            std::vector<QueueMessage> messages;
            try {
                messages = m_backend.dequeue(m_settings.topic, free, m_settings.visibilityTimeout);
            } catch (...) {
                m_counters.dispatchErrors.fetch_add(1);
                lock.lock();
                m_pumping = false;
                return; // the 1 s poll retries
            }
            lock.lock();
            if (messages.empty())
                break;
            if (!m_active) {
                lock.unlock();
                release(messages);
                lock.lock();
                break;
            }
            for (auto &message : messages) {
                m_inFlight.emplace(DeliveryId{message.id, message.token}, false);
                m_counters.delivered.fetch_add(1);
                m_pool.start([self = shared_from_this(), message = std::move(message)] {
                    self->run(message);
                });
            }
            if (m_settings.autoAck && m_renewal == 0) {
                m_renewal = m_dispatcher.startTimer(renewalInterval(m_settings.visibilityTimeout),
                                                    [self = shared_from_this()] { self->renew(); });
            }
        }
    }
    m_pumping = false;
}

void QueueWorker::run(const QueueMessage &message)
{
    bool succeeded = true;
    std::string error;
    try {
        m_handler(message);
    } catch (const std::exception &e) {
        succeeded = false;
        error = e.what();
    } catch (...) {
        succeeded = false;
        error = "unknown error";
    }
    if (!succeeded)
        m_counters.handlerErrors.fetch_add(1);
    const DeliveryId delivery{message.id, message.token};
    {
        std::lock_guard lock(m_mutex);
        m_inFlight[delivery] = true; // a renewal from now on is not a lost lease
    }
    if (m_settings.autoAck) {
        try {
            NackOptions nack;
            nack.error = error;
            const bool accepted = succeeded ? m_backend.ack(message.id, message.token)
                                            : m_backend.nack(message.id, message.token, nack);
            if (!accepted)
                m_counters.leaseLost.fetch_add(1);
            else if (succeeded)
                m_counters.acked.fetch_add(1);
            else
                m_counters.nacked.fetch_add(1);
        } catch (...) {
            m_counters.dispatchErrors.fetch_add(1);
        }
    }
    {
        std::lock_guard lock(m_mutex);
        m_inFlight.erase(delivery);
        if (m_inFlight.empty() && m_renewal != 0) {
            m_dispatcher.stopTimer(m_renewal);
            m_renewal = 0;
        }
        finishCancelIfIdle();
    }
    notify(); // a slot is free
}

void QueueWorker::renew()
{
    std::vector<DeliveryId> running;
    {
        std::lock_guard lock(m_mutex);
        for (const auto &[delivery, settled] : m_inFlight) {
            if (!settled)
                running.push_back(delivery);
        }
    }
    for (const auto &[id, token] : running) {
        try {
            if (m_backend.extendLease(id, token, m_settings.visibilityTimeout))
                continue;
            std::lock_guard lock(m_mutex);
            // A renewal that crossed the handler's own ack is not a lost lease (reference).
            const auto it = m_inFlight.find({id, token});
            if (it != m_inFlight.end() && !it->second)
                m_counters.leaseLost.fetch_add(1);
        } catch (...) {
            m_counters.dispatchErrors.fetch_add(1);
        }
    }
}

void QueueWorker::release(const std::vector<QueueMessage> &messages)
{
    for (const auto &message : messages) {
        try {
            m_backend.extendLease(message.id, message.token, 0);
        } catch (...) {
            m_counters.dispatchErrors.fetch_add(1);
        }
    }
}

QFuture<void> QueueWorker::cancel()
{
    std::function<void(QueueWorker *)> onStopped;
    QFuture<void> done = QtFuture::makeReadyFuture();
    {
        std::lock_guard lock(m_mutex);
        if (m_active) {
            m_active = false;
            onStopped = std::move(m_onStopped);
        }
        if (!m_inFlight.empty()) {
            auto waiter = std::make_shared<QPromise<void>>();
            waiter->start();
            done = waiter->future();
            m_cancelWaiters.push_back(std::move(waiter));
        }
    }
    // Outside m_mutex: the store's registry takes its own lock, and it calls notify() (this
    // worker's lock) while holding it.
    if (onStopped)
        onStopped(this);
    return done;
}

void QueueWorker::finishCancelIfIdle()
{
    if (m_active || !m_inFlight.empty())
        return;
    for (auto &waiter : m_cancelWaiters)
        kvs::finish(*waiter);
    m_cancelWaiters.clear();
}

void QueueWorker::waitForDone()
{
    m_pool.waitForDone();
}

} // namespace detail
} // namespace kvs
