#pragma once

#include <QCoreApplication>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

#include <memory>
#include <utility>

namespace kvs::ui {

// The searches' own threads: a search waits on its store page by page and must not hold a
// thread of the global pool that other views' work queues on. Ends with the application, which
// waits for a scan still reading its page. Thread rule: any thread.
inline QThreadPool &searchPool()
{
    static QThreadPool *pool = [] {
        auto *made = new QThreadPool(QCoreApplication::instance());
        made->setMaxThreadCount(2);
        return made;
    }();
    return *pool;
}

// Posts a worker's progress to a controller on the GUI thread (target->deliver(generation,
// progress)), through a relay object that lives as long as the worker holds it, so a controller
// deleted meanwhile is never posted to (its QPointer is read on the GUI thread only).
template <typename Target, typename Progress>
class SearchDelivery
{
public:
    SearchDelivery(Target *target, quint64 generation)
        : m_target(target)
        , m_generation(generation)
    {
        auto *relay = new QObject;
        relay->moveToThread(target->thread());
        m_relay = std::shared_ptr<QObject>(relay, [](QObject *r) {
            // As in kvs::then(): while the application ends, no event loop deletes it later.
            if (QCoreApplication::closingDown() && r->thread() == QThread::currentThread())
                delete r;
            else
                r->deleteLater();
        });
    }

    void operator()(Progress progress) const
    {
        QMetaObject::invokeMethod(
            m_relay.get(),
            [relay = m_relay,
             target = m_target,
             generation = m_generation,
             progress = std::move(progress)]() mutable {
                if (target)
                    target->deliver(generation, std::move(progress));
            },
            Qt::QueuedConnection);
    }

private:
    QPointer<Target> m_target;
    quint64 m_generation;
    std::shared_ptr<QObject> m_relay;
};

// Runs scan(job, delivery) on a search thread, for a search that SearchController::begin()
// started: scan's pages go to target->deliver(job.generation, progress) on the GUI thread.
// Thread rule: GUI thread (target's).
template <typename Target, typename Job, typename Scan>
void runSearch(Target *target, Job job, Scan scan)
{
    SearchDelivery<Target, typename Target::Progress> delivery(target, job.generation);
    (void)QtConcurrent::run(&searchPool(),
                            [job = std::move(job), delivery, scan] { scan(job, delivery); });
}

} // namespace kvs::ui
