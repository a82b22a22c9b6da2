#include "analysis/analysis_controller.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/key_space_analysis.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMetaObject>
#include <QPointer>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent>

#include <exception>

namespace kvs::ui {

namespace {

// The analyses' own thread: an analysis waits on its store page by page and must not hold a
// thread of the global pool that other views' work queues on. Ends with the application.
QThreadPool &analysisPool()
{
    static QThreadPool *pool = [] {
        auto *made = new QThreadPool(QCoreApplication::instance());
        made->setMaxThreadCount(2); // a report and a list or comparison of saved ones
        return made;
    }();
    return *pool;
}

// Posts a worker's results to the controller on the GUI thread through a relay object that
// lives as long as the worker holds it, so a controller deleted meanwhile is never posted to
// (the QPointer is read on the GUI thread only).
class Relay
{
public:
    explicit Relay(AnalysisController *target)
        : m_target(target)
    {
        auto *relay = new QObject;
        relay->moveToThread(target->thread());
        m_relay = std::shared_ptr<QObject>(relay, [](QObject *r) {
            if (QCoreApplication::closingDown() && r->thread() == QThread::currentThread())
                delete r;
            else
                r->deleteLater();
        });
    }

    template <typename Call>
    void post(Call call) const
    {
        QMetaObject::invokeMethod(
            m_relay.get(),
            [relay = m_relay, target = m_target, call = std::move(call)]() mutable {
                if (target)
                    call(target.data());
            },
            Qt::QueuedConnection);
    }

private:
    QPointer<AnalysisController> m_target;
    std::shared_ptr<QObject> m_relay;
};

constexpr qint64 kProgressEveryMs = 100;

// What a worker needs of one analysis (values only: it never touches the controller).
struct AnalysisJob
{
    std::shared_ptr<AsyncKVStore> store;
    KeySpaceRequest request;
    std::optional<std::int64_t> budgetMs;
    std::shared_ptr<Clock> clock;
    std::shared_ptr<std::atomic<bool>> cancel;
    std::function<void(std::int64_t)> hook;
    std::string database;
    std::string path;
    quint64 generation = 0;
};

// On the analyses' thread: the report, its progress posted (the first page at once, then at
// most every kProgressEveryMs), saved when complete.
void runAnalysis(const AnalysisJob &job, const Relay &relay)
{
    AnalysisOutcome outcome;
    try {
        KeySpaceOptions options;
        options.clock = job.clock;
        options.budgetMs = job.budgetMs;
        QElapsedTimer sincePost;
        QElapsedTimer elapsed;
        elapsed.start();
        options.onProgress = [&](const KeySpaceProgress &progress) {
            if (!sincePost.isValid() || sincePost.elapsed() >= kProgressEveryMs) {
                sincePost.start();
                relay.post([generation = job.generation,
                            rows = progress.rows,
                            ms = elapsed.elapsed()](AnalysisController *target) {
                    target->deliverProgress(generation, rows, ms);
                });
            }
            if (job.hook)
                job.hook(progress.rows);
            return !job.cancel->load();
        };
        const KeySpaceReport report = analyzeKeySpace(*job.store, job.request, options);
        outcome.report = keySpaceReportJson(report);
        outcome.cancelled = report.cancelled;
        outcome.partial = report.partial;
        // A partial report is not saved (as `kvs analyze --save`): it would compare as shrunk.
        if (!report.partial && !job.database.empty())
            outcome.savedId
                = saveKeySpaceReport(job.database, outcome.report, job.clock->now(), job.path);
    } catch (const std::exception &error) {
        outcome.error = QString::fromStdString(error.what());
    }
    relay.post([generation = job.generation,
                outcome = std::move(outcome)](AnalysisController *target) mutable {
        target->deliverOutcome(generation, std::move(outcome));
    });
}

} // namespace

AnalysisController::AnalysisController(QObject *parent)
    : QObject(parent)
{}

AnalysisController::~AnalysisController()
{
    if (m_cancel)
        m_cancel->store(true);
}

void AnalysisController::setStore(std::shared_ptr<AsyncKVStore> store)
{
    if (store == m_store)
        return;
    if (m_running) {
        m_cancel->store(true);
        ++m_generation; // the old store's report is not this store's
        m_running = false;
        m_cancelling = false;
        AnalysisOutcome outcome;
        outcome.cancelled = true;
        emit finished(outcome);
    }
    m_store = std::move(store);
}

std::string AnalysisController::reportsPath() const
{
    return m_reportsPath.isEmpty() ? savedKeySpaceReportsPath() : m_reportsPath.toStdString();
}

bool AnalysisController::start(const Key &prefix,
                               int depth,
                               std::optional<std::int64_t> budgetMs,
                               std::optional<std::int64_t> expectedRows)
{
    if (!m_store)
        return false;
    if (m_running)
        m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    m_cancelling = false;
    m_rows = 0;
    m_elapsedMs = 0;
    m_expectedRows = expectedRows;
    AnalysisJob job;
    job.store = m_store;
    job.request.prefix = prefix;
    job.request.depth = depth;
    job.budgetMs = budgetMs;
    job.clock = m_clock ? m_clock : systemClock();
    job.cancel = m_cancel;
    job.hook = m_progressHook;
    job.database = m_database.toStdString();
    job.path = reportsPath();
    job.generation = ++m_generation;
    (void)QtConcurrent::run(
        &analysisPool(), [job = std::move(job), relay = Relay(this)] { runAnalysis(job, relay); });
    emit started();
    return true;
}

void AnalysisController::cancel()
{
    if (!m_running || m_cancelling)
        return;
    m_cancel->store(true);
    m_cancelling = true;
    emit cancelling();
    QTimer::singleShot(
        m_cancelGraceMs, this, [this, generation = m_generation] { abandon(generation); });
}

// The worker still waits on the database: the run ends here, and its answer, whenever it comes,
// is another generation's.
void AnalysisController::abandon(quint64 generation)
{
    if (generation != m_generation || !m_running)
        return;
    ++m_generation;
    m_running = false;
    m_cancelling = false;
    AnalysisOutcome outcome;
    outcome.cancelled = true;
    outcome.abandoned = true;
    emit finished(outcome);
}

void AnalysisController::deliverProgress(quint64 generation,
                                         std::int64_t rows,
                                         std::int64_t elapsedMs)
{
    if (generation != m_generation || !m_running || m_cancelling)
        return;
    m_rows = rows;
    m_elapsedMs = elapsedMs;
    emit progress(rows, elapsedMs);
}

void AnalysisController::deliverOutcome(quint64 generation, AnalysisOutcome outcome)
{
    if (generation != m_generation || !m_running)
        return;
    m_running = false;
    m_cancelling = false;
    m_rows = static_cast<std::int64_t>(
        outcome.report.value(QStringLiteral("rowsRead")).toDouble(double(m_rows)));
    emit finished(outcome);
}

void AnalysisController::listSaved()
{
    const Relay relay(this);
    const quint64 asked = ++m_listsAsked;
    (void)QtConcurrent::run(
        &analysisPool(), [database = m_database.toStdString(), path = reportsPath(), relay, asked] {
            std::vector<SavedKeySpaceReport> reports;
            QString error;
            try {
                reports = listKeySpaceReports(database, path);
            } catch (const std::exception &e) {
                error = QString::fromStdString(e.what());
            }
            relay.post(
                [asked, reports = std::move(reports), error](AnalysisController *target) mutable {
                    target->deliverSaved(asked, std::move(reports), error);
                });
        });
}

void AnalysisController::compare(const QJsonObject &before, const QJsonObject &after)
{
    const Relay relay(this);
    const quint64 asked = ++m_comparesAsked;
    (void)QtConcurrent::run(&analysisPool(), [before, after, relay, asked] {
        std::vector<KeySpaceChange> changes;
        QString error;
        try {
            changes = compareKeySpaceReports(before, after);
        } catch (const std::exception &e) {
            error = QString::fromStdString(e.what());
        }
        relay.post(
            [asked, changes = std::move(changes), error](AnalysisController *target) mutable {
                target->deliverCompared(asked, std::move(changes), error);
            });
    });
}

void AnalysisController::deliverSaved(quint64 asked,
                                      std::vector<SavedKeySpaceReport> reports,
                                      QString error)
{
    if (asked == m_listsAsked)
        emit savedListed(reports, error);
}

void AnalysisController::deliverCompared(quint64 asked,
                                         std::vector<KeySpaceChange> changes,
                                         QString error)
{
    if (asked == m_comparesAsked)
        emit compared(changes, error);
}

} // namespace kvs::ui
