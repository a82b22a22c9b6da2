#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/audit_log.h>
#include <kvs/dead_letter_sweep.h>

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <atomic>
#include <memory>
#include <vector>

namespace kvs::ui {

class QueueMessageModel;
struct BrowsedMessage;
class ReconnectMonitor;
class QueueOverviewModel;
class QueueRefreshScheduler;
class SweepJob;
struct SweepJobSpec;

// The queue dashboard's work with the store, all of it off the GUI thread: the overview's
// refresh (when QueueRefreshScheduler says so; its reads never write, see ExpiredLeases),
// the dead-letter browser's filtered pages (id keyset, never OFFSET), and the operator's
// actions (retry or delete a selection, or everything a filter matches as a cancellable job),
// each recorded in the audit log. Thread rule: GUI thread only.
// What the browser lists: due, delayed and processing (as ExpiredLeases::Project shows them),
// dead and done messages.
enum class BrowseStatus { Due, Delayed, Processing, Dead, Done };

// The store's peek() status that lists a browsed status (Dead is read by listDead, not peek).
inline PeekStatus peekStatusOf(BrowseStatus status)
{
    switch (status) {
    case BrowseStatus::Delayed:
        return PeekStatus::Delayed;
    case BrowseStatus::Processing:
        return PeekStatus::Processing;
    case BrowseStatus::Done:
        return PeekStatus::Done;
    default:
        return PeekStatus::Pending;
    }
}

class QueuesController : public QObject
{
    Q_OBJECT

public:
    // The browser shows this many matches per "load more".
    static constexpr int kBrowsePage = 100;
    // Messages read per page from the store (its most).
    static constexpr int kPageRead = 1000;

    explicit QueuesController(QObject *parent = nullptr);
    ~QueuesController() override;

    QueueOverviewModel *overview() const { return m_overview; }
    QueueMessageModel *deadLetters() const { return m_deadLetters; }

    // A new store (or none); writable enables the actions. Refreshes at once.
    void setStore(std::shared_ptr<AsyncKVStore> store, bool writable, QString database);
    bool isWritable() const { return m_writable; }
    // A SQLite file whose commits trigger a refresh, or empty (PostgreSQL): a poll.
    void setSqliteFile(const std::string &path);
    // Starts or stops the refreshes (the pane refreshes only while it is shown).
    void setPolling(bool on);
    QueueRefreshScheduler *scheduler() const { return m_scheduler; }
    // The tab's reconnect mechanism (not owned; it outlives this): a refresh that lost the
    // connection is left to it (the overview keeps its counts, stale), none is asked while the
    // database cannot be reached, and one follows its recovered().
    void setMonitor(ReconnectMonitor *monitor);
    // The overview warns of leases that end within this window (ms, >= 0) and refreshes.
    // The default is the slow tick (QueueRefreshScheduler::kSlowTickMs): with nothing committed
    // a SQLite tab refreshes that often, so a lease that runs out unacknowledged is seen in the
    // window at least once before it expires; and it is a third of the store's default
    // visibility timeout (30 s), so a consumer that acknowledges within 20 s is never flagged.
    void setLeaseWindowMs(std::int64_t ms);
    std::int64_t leaseWindowMs() const { return m_leaseWindowMs; }
    static constexpr std::int64_t kDefaultLeaseWindowMs = 10000;

    void refresh();
    // Shows topic's messages of status that filter matches, from the start: pages by id read
    // through peek() or listDead(), never a lease taken.
    void browse(const std::string &topic,
                BrowseStatus status,
                DeadLetterFilter filter,
                QString filterText);
    BrowseStatus browsedStatus() const { return m_status; }
    void loadMore();
    bool hasMore() const { return m_hasMore; }
    const std::string &browsedTopic() const { return m_topic; }
    const DeadLetterFilter &browsedFilter() const { return m_filter; }
    const std::shared_ptr<AsyncKVStore> &store() const { return m_store; }

    // Retry or delete the selected dead letters ids, audited (audit: the confirmation's choice).
    void retry(const std::vector<double> &ids, AuditPolicy audit = AuditPolicy::Required);
    void remove(const std::vector<double> &ids, AuditPolicy audit = AuditPolicy::Required);
    // Retries (or deletes) every dead letter of the browsed topic the filter matches, in
    // batches, as a job with progress; cancelJob() stops it after the batch in flight.
    void startJob(DeadLetterAction action, std::optional<double> ratePerSecond = std::nullopt);
    // The same with every setting of a job (rate, auto-pause, scheduled start, export first);
    // spec's topic and filter are the browsed ones.
    void startJob(SweepJobSpec spec);
    void cancelJob();
    bool isJobRunning() const { return m_jobRunning; }
    // The current or last job (null before the first); owned by the controller.
    SweepJob *job() const { return m_job; }
    // The time the overview's ages are reckoned in and jobs read (scheduled starts, pacing): the
    // store's clock; null: the system's (the default).
    void setClock(std::shared_ptr<Clock> clock)
    {
        m_clock = clock ? std::move(clock) : systemClock();
    }
    const std::shared_ptr<Clock> &clock() const { return m_clock; }
    // The browsed filter, as the pane described it.
    const QString &browsedFilterText() const { return m_filterText; }

signals:
    void refreshed(qint64 queryMs);
    void browseChanged();
    void actionFinished(const QString &message);
    void failed(const QString &message);
    void jobProgress(qint64 scanned, qint64 matched, qint64 changed);
    void jobFinished(const QString &message);
    // A job started, was scheduled, paused, resumed or finished (see job()).
    void jobStateChanged();

private:
    void loadPage(std::uint64_t generation);
    void takePage(std::uint64_t generation, int shownBefore, std::vector<BrowsedMessage> page);
    // retry (true) or remove the dead letters ids, audited.
    void repairSelection(bool retry, const std::vector<double> &ids, AuditPolicy audit);

    QueueOverviewModel *m_overview;   // Owned (child).
    QueueMessageModel *m_deadLetters; // Owned (child).
    // Held here and by the jobs while they run, never by a continuation on the GUI thread: one
    // left there when the pane goes would be the store's last owner, and close it on the GUI
    // thread (waiting for its queries) or while the application object is destroyed (a crash).
    std::shared_ptr<AsyncKVStore> m_store;
    std::uint64_t m_storeGeneration = 0; // names m_store in the continuations
    bool m_writable = false;
    QString m_database;
    QueueRefreshScheduler *m_scheduler;   // Owned (child).
    QPointer<ReconnectMonitor> m_monitor; // Not owned.
    bool m_refreshing = false;
    bool m_refreshAgain = false; // asked while one ran
    std::int64_t m_leaseWindowMs = kDefaultLeaseWindowMs;
    std::string m_topic;
    BrowseStatus m_status = BrowseStatus::Dead;
    DeadLetterFilter m_filter;
    QString m_filterText;
    std::int64_t m_after = 0;
    bool m_hasMore = false;
    bool m_loading = false;
    std::uint64_t m_generation = 0; // a new browse() drops the pages of the old one
    SweepJob *m_job = nullptr;      // Owned (child); replaced by the next job
    std::shared_ptr<Clock> m_clock = systemClock();
    bool m_jobRunning = false;
};

} // namespace kvs::ui
