#pragma once

#include "queues/queues_controller.h"

#include <kvs/async_kvstore.h>
#include <kvs/dead_letter_filter.h>

#include <QObject>

#include <memory>
#include <string>

namespace kvs::ui {

// The exact count of a topic's due, delayed, processing or done messages that a filter matches:
// pages of 1000 by id read through peek() (expired leases projected, never a lease taken, never
// a write), the filter applied to each, with progress after every page and a cancel that stops
// after the page in flight. (Dead letters are counted by the dead-letter sweep.) Thread rule:
// GUI thread only; the reads run on the store's threads.
class QueueCountJob : public QObject
{
    Q_OBJECT

public:
    static constexpr int kPage = 1000;

    explicit QueueCountJob(QObject *parent = nullptr);

    // Starts counting (a running count is cancelled first); expected: how many messages of
    // that status the overview counted (the progress bar's end), 0 when not known. Requires:
    // status is not Dead.
    void start(std::shared_ptr<AsyncKVStore> store,
               std::string topic,
               BrowseStatus status,
               DeadLetterFilter filter,
               qint64 expected = 0);
    void cancel();
    bool isRunning() const { return m_running; }
    qint64 expected() const { return m_expected; }

signals:
    void started();
    void progress(qint64 scanned, qint64 matched);
    // The count, or how far it got when cancelled (cancelled true) or when a read failed
    // (error not empty).
    void finished(qint64 scanned, qint64 matched, bool cancelled, const QString &error);

private:
    void readPage(std::uint64_t generation);

    std::shared_ptr<AsyncKVStore> m_store;
    std::string m_topic;
    PeekStatus m_status = PeekStatus::Pending;
    DeadLetterFilter m_filter;
    std::int64_t m_after = 0;
    qint64 m_scanned = 0;
    qint64 m_matched = 0;
    qint64 m_expected = 0;
    bool m_running = false;
    bool m_cancelled = false;
    std::uint64_t m_generation = 0; // a new start() drops the pages of the old one
};

} // namespace kvs::ui
