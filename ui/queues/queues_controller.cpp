#include "queues/queues_controller.h"

#include "common/audited_job.h"
#include "common/future_error.h"
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queue_refresh_scheduler.h"
#include "queues/sweep_job.h"
#include "reconnect/reconnect_monitor.h"

#include <kvs/future.h>

#include <QPointer>

#include <algorithm>
#include <utility>

namespace kvs::ui {

QueuesController::QueuesController(QObject *parent)
    : QObject(parent)
    , m_overview(new QueueOverviewModel(this))
    , m_deadLetters(new QueueMessageModel(this))
    , m_scheduler(new QueueRefreshScheduler(this))
{
    connect(m_scheduler, &QueueRefreshScheduler::refreshDue, this, &QueuesController::refresh);
}

QueuesController::~QueuesController() = default; // a running job cancels itself

void QueuesController::setStore(std::shared_ptr<AsyncKVStore> store,
                                bool writable,
                                QString database)
{
    m_store = std::move(store);
    ++m_storeGeneration;
    m_writable = writable;
    m_database = std::move(database);
    ++m_generation;
    m_deadLetters->clear();
    m_hasMore = false;
    m_topic.clear();
    emit browseChanged();
    refresh();
}

void QueuesController::setSqliteFile(const std::string &path)
{
    m_scheduler->setSqliteFile(path);
}

void QueuesController::setPolling(bool on)
{
    m_scheduler->setActive(on);
}

void QueuesController::setLeaseWindowMs(std::int64_t ms)
{
    m_leaseWindowMs = std::max<std::int64_t>(0, ms);
    refresh();
}

void QueuesController::setMonitor(ReconnectMonitor *monitor)
{
    m_monitor = monitor;
    connect(monitor, &ReconnectMonitor::recovered, this, &QueuesController::refresh);
}

void QueuesController::refresh()
{
    if (!m_store || (m_monitor && m_monitor->isOffline()))
        return;
    if (m_refreshing) {
        m_refreshAgain = true;
        return;
    }
    m_refreshing = true;
    auto started = std::make_shared<QElapsedTimer>();
    started->start();
    // Projected: a dashboard's read never writes, on a writable store too (a write would also
    // move PRAGMA data_version and trigger the next refresh itself). The continuation names the
    // store by its generation and never holds it (see m_storeGeneration).
    const std::int64_t window = m_leaseWindowMs;
    kvs::then(
        m_store->queueStats(std::nullopt,
                            QueueStatsOptions{ExpiredLeases::Project, double(window)}),
        this,
        [this, asked = m_storeGeneration, started, window](QFuture<std::vector<QueueStats>> f) {
            m_refreshing = false;
            if (asked != m_storeGeneration)
                return;
            const qint64 took = started->elapsed();
            m_scheduler->refreshFinished(took);
            if (std::exchange(m_refreshAgain, false))
                m_scheduler->requestRefresh();
            if (m_monitor && m_monitor->reportFailureOf(f))
                return; // the database went away: the counts stay, shown stale
            if (const QString error = errorOf(f); !error.isEmpty()) {
                emit failed(error);
                return;
            }
            if (m_monitor)
                m_monitor->reportSuccess();
            m_overview->setLeaseWindowMs(window);
            m_overview->setStats(f.result(), m_clock->now());
            emit refreshed(took);
        });
}

void QueuesController::browse(const std::string &topic,
                              BrowseStatus status,
                              DeadLetterFilter filter,
                              QString filterText)
{
    ++m_generation;
    m_topic = topic;
    m_status = status;
    m_filter = std::move(filter);
    m_filterText = std::move(filterText);
    m_after = 0;
    m_hasMore = true;
    m_loading = false;
    m_deadLetters->clear();
    loadMore();
}

void QueuesController::loadMore()
{
    if (!m_store || m_loading || !m_hasMore || m_topic.empty())
        return;
    m_loading = true;
    loadPage(m_generation);
}

// Reads pages of 1000 messages until kBrowsePage matches (or the end) are shown. Projected:
// the browser shows what the overview counts, and never writes.
void QueuesController::loadPage(std::uint64_t generation)
{
    AsyncKVStore *store = m_store.get();
    const int shownBefore = m_deadLetters->rowCount();
    // A new store is a new generation too (setStore).
    const auto onError = [this, generation](const QString &error) {
        if (generation != m_generation)
            return;
        m_loading = false;
        emit failed(error);
    };
    if (m_status == BrowseStatus::Dead) {
        auto read = store->listDead(
            m_topic, ListDeadOptions{kPageRead, double(m_after), ExpiredLeases::Project});
        kvs::then(
            read,
            this,
            [this, generation, shownBefore, onError](QFuture<std::vector<QueueDeadMessage>> f) {
                if (const QString error = errorOf(f); !error.isEmpty())
                    return onError(error);
                std::vector<BrowsedMessage> page;
                for (QueueDeadMessage &message : f.result())
                    page.push_back(BrowsedMessage::of(std::move(message)));
                takePage(generation, shownBefore, std::move(page));
            });
        return;
    }
    PeekOptions options{peekStatusOf(m_status), m_after, double(kPageRead)};
    options.expiredLeases = ExpiredLeases::Project;
    kvs::then(store->peek(m_topic, options),
              this,
              [this, generation, shownBefore, onError](QFuture<std::vector<QueuePeekMessage>> f) {
                  if (const QString error = errorOf(f); !error.isEmpty())
                      return onError(error);
                  std::vector<BrowsedMessage> page;
                  for (QueuePeekMessage &message : f.result())
                      page.push_back(BrowsedMessage::of(std::move(message)));
                  takePage(generation, shownBefore, std::move(page));
              });
}

void QueuesController::takePage(std::uint64_t generation,
                                int shownBefore,
                                std::vector<BrowsedMessage> page)
{
    if (generation != m_generation)
        return;
    m_hasMore = page.size() == std::size_t(kPageRead);
    if (!page.empty())
        m_after = page.back().id;
    std::vector<BrowsedMessage> matches;
    for (BrowsedMessage &message : page) {
        if (m_filter.isEmpty() || m_filter.matches(message.forFilter()))
            matches.push_back(std::move(message));
    }
    m_deadLetters->appendPage(std::move(matches));
    if (m_hasMore && m_deadLetters->rowCount() - shownBefore < kBrowsePage) {
        loadPage(generation);
        return;
    }
    m_loading = false;
    emit browseChanged();
}

void QueuesController::retry(const std::vector<double> &ids, AuditPolicy audit)
{
    repairSelection(true, ids, audit);
}

void QueuesController::remove(const std::vector<double> &ids, AuditPolicy audit)
{
    repairSelection(false, ids, audit);
}

void QueuesController::repairSelection(bool retry,
                                       const std::vector<double> &ids,
                                       AuditPolicy audit)
{
    if (!m_store || !m_writable || ids.empty())
        return;
    const std::string topic = m_topic;
    const auto count = std::int64_t(ids.size());
    auto job = runAudited<std::int64_t>(
        {retry ? "retry" : "delete-dead",
         m_database.toStdString(),
         topic,
         "selection of " + std::to_string(ids.size())},
        count,
        audit,
        [store = m_store, retry, topic, ids, count](AuditedAction &record) {
            const std::int64_t changed = retry ? store->retryDeadMessages(topic, ids).result()
                                               : store->deleteDeadMessages(topic, ids).result();
            (void)record.end(AuditOutcome::Done, count, changed);
            return changed;
        });
    kvs::then(job, this, [this, retry, ids](QFuture<Audited<std::int64_t>> f) {
        const Audited<std::int64_t> outcome = f.result();
        if (!outcome.error.isEmpty()) {
            emit failed(outcome.error);
            return;
        }
        m_deadLetters->removeIds(ids);
        emit actionFinished(retry ? tr("Retried %Ln message(s).", nullptr, int(outcome.value))
                                  : tr("Deleted %Ln message(s).", nullptr, int(outcome.value)));
        refresh();
    });
}

void QueuesController::startJob(DeadLetterAction action, std::optional<double> ratePerSecond)
{
    SweepJobSpec spec;
    spec.action = action;
    spec.ratePerSecond = ratePerSecond;
    startJob(std::move(spec));
}

void QueuesController::startJob(SweepJobSpec spec)
{
    if (!m_store || m_jobRunning || m_topic.empty() || m_status != BrowseStatus::Dead
        || (spec.action != DeadLetterAction::Count && !m_writable))
        return;
    m_jobRunning = true;
    spec.topic = m_topic;
    spec.filter = m_filter;
    spec.filterText = m_filterText;
    if (m_job)
        m_job->deleteLater();
    m_job = new SweepJob(m_store, m_clock, m_database, std::move(spec), this);
    SweepJob *job = m_job;
    connect(job, &SweepJob::stateChanged, this, &QueuesController::jobStateChanged);
    connect(job, &SweepJob::progressed, this, [this, job] {
        const DeadLetterSweepProgress &p = job->progress();
        // The rows a batch retried or deleted leave the list as it commits, not at the end.
        if (job->spec().action != DeadLetterAction::Count && job->spec().topic == m_topic
            && m_status == BrowseStatus::Dead && !p.lastBatchIds.empty())
            m_deadLetters->removeIds(
                std::vector<double>(p.lastBatchIds.begin(), p.lastBatchIds.end()));
        emit jobProgress(p.scanned, p.matched, p.changed);
    });
    connect(job, &SweepJob::finished, this, [this, job](const QString &message) {
        m_jobRunning = false;
        emit jobFinished(message);
        if (job->spec().action != DeadLetterAction::Count && !job->failed())
            browse(m_topic, m_status, m_filter, m_filterText);
        refresh();
    });
    job->start();
    emit jobStateChanged();
}

void QueuesController::cancelJob()
{
    if (m_job)
        m_job->cancel();
}

} // namespace kvs::ui
