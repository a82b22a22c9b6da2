#include "queue/queue_dispatch.h"

#include "queue/queue_worker.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <algorithm>
#include <cmath>

namespace kvs::detail {

namespace {

constexpr double kMaxConcurrency = 1000;

} // namespace

QueueDispatch::QueueDispatch(QueueBackend &backend,
                             Dispatcher &dispatcher,
                             double defaultVisibilityTimeout)
    : m_backend(backend)
    , m_dispatcher(dispatcher)
    , m_defaultVisibilityTimeout(defaultVisibilityTimeout)
{}

QueueDispatch::~QueueDispatch()
{
    close();
    waitForHandlers();
}

QueueListenerHandle QueueDispatch::add(const std::string &topic,
                                       QueueHandler handler,
                                       const QueueListenerOptions &options)
{
    const double concurrency = options.concurrency;
    if (!std::isfinite(concurrency) || std::trunc(concurrency) != concurrency || concurrency < 1
        || concurrency > kMaxConcurrency) {
        throw RangeError("kvs: addQueueListener() concurrency must be an integer from 1 to 1000, "
                         "got "
                         + formatJsNumber(concurrency));
    }
    const double visibility = options.visibilityTimeout.value_or(m_defaultVisibilityTimeout);
    if (!std::isfinite(visibility) || visibility <= 0) {
        throw RangeError("kvs: addQueueListener() visibilityTimeout must be a finite number > 0, "
                         "got "
                         + formatJsNumber(visibility));
    }
    QueueWorker::Settings settings{
        topic, static_cast<int>(concurrency), visibility, options.autoAck};
    auto worker = std::make_shared<QueueWorker>(
        std::move(settings), std::move(handler), m_backend, m_dispatcher, m_counters);
    worker->setOnStopped([this](QueueWorker *stopped) { remove(stopped); });
    {
        std::lock_guard lock(m_mutex);
        m_active.push_back(worker);
        m_all.push_back(worker);
        m_listenerCount.store(static_cast<int>(m_active.size()));
        if (m_poll == 0)
            m_poll = m_dispatcher.startTimer(kPollInterval, [this] { notifyAll(); });
    }
    worker->notify(); // the listener's own start
    return worker->handle();
}

std::vector<std::shared_ptr<QueueWorker>> QueueDispatch::listenersOf(const std::string *topic) const
{
    std::lock_guard lock(m_mutex);
    std::vector<std::shared_ptr<QueueWorker>> out;
    for (const auto &worker : m_active) {
        if (!topic || worker->topic() == *topic)
            out.push_back(worker);
    }
    return out;
}

void QueueDispatch::notify(const std::string &topic)
{
    if (m_listenerCount.load(std::memory_order_relaxed) == 0)
        return;
    for (const auto &worker : listenersOf(&topic))
        worker->notify();
}

void QueueDispatch::notifyAll()
{
    for (const auto &worker : listenersOf(nullptr))
        worker->notify();
}

void QueueDispatch::remove(QueueWorker *worker)
{
    std::lock_guard lock(m_mutex);
    m_active.erase(std::remove_if(m_active.begin(),
                                  m_active.end(),
                                  [worker](const auto &w) { return w.get() == worker; }),
                   m_active.end());
    m_listenerCount.store(static_cast<int>(m_active.size()));
    if (m_active.empty() && m_poll != 0) {
        m_dispatcher.stopTimer(m_poll);
        m_poll = 0;
    }
}

void QueueDispatch::close()
{
    // cancel() unregisters through remove(), so take a copy first.
    for (const auto &worker : listenersOf(nullptr))
        (void)worker->cancel(); // close() does not wait for running handlers (reference)
}

void QueueDispatch::waitForHandlers()
{
    std::vector<std::shared_ptr<QueueWorker>> all;
    {
        std::lock_guard lock(m_mutex);
        all = m_all;
    }
    for (const auto &worker : all)
        worker->waitForDone();
}

QueueDiagnostics QueueDispatch::diagnostics() const
{
    QueueDiagnostics d;
    {
        std::lock_guard lock(m_mutex);
        d.listeners = static_cast<std::int64_t>(m_active.size());
        for (const auto &worker : m_all)
            d.inFlight += worker->inFlight();
    }
    d.delivered = m_counters.delivered.load();
    d.acked = m_counters.acked.load();
    d.nacked = m_counters.nacked.load();
    d.handlerErrors = m_counters.handlerErrors.load();
    d.leaseLost = m_counters.leaseLost.load();
    d.dispatchErrors = m_counters.dispatchErrors.load();
    return d;
}

} // namespace kvs::detail
