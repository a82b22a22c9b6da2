#pragma once

#include <kvs/key.h>
#include <kvs/key_space_json.h>
#include <kvs/saved_key_space_reports.h>

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace kvs {
class AsyncKVStore;
class Clock;
} // namespace kvs

namespace kvs::ui {

// What one analysis ended with: its report as JSON (kvs/key_space_json.h; empty when it failed),
// the error that ended it ("kvs: ..."), whether it was cancelled or stopped by the budget, and
// the id it was saved under (0: not saved; a partial report is never saved). abandoned: cancelled
// while its worker still waited on the database past the grace (no report).
struct AnalysisOutcome
{
    QJsonObject report;
    QString error;
    bool cancelled = false;
    bool partial = false;
    bool abandoned = false;
    std::int64_t savedId = 0;
};

// Runs the key-space analysis (kvs/key_space_analysis.h, the engine of `kvs analyze`) of a
// database tab on a thread of its own, never the GUI thread: one analysis at a time, its progress
// (rows read, at most every 100 ms), Cancel (after the page being read), a budget; a complete
// report is saved in the data folder under the database's name (kvs/saved_key_space_reports.h,
// as `kvs analyze --save`), which is all it writes: the analysis only reads the database. Also
// lists the saved reports and compares two, on the same thread. Thread rule: GUI thread only.
class AnalysisController : public QObject
{
    Q_OBJECT

public:
    explicit AnalysisController(QObject *parent = nullptr);
    // Cancels a running analysis; its worker ends after its page without waiting here.
    ~AnalysisController() override;

    void setStore(std::shared_ptr<AsyncKVStore> store);
    bool hasStore() const { return m_store != nullptr; }
    // The database as saved reports name it (auditDatabaseName(), as `kvs analyze` does).
    void setDatabase(const QString &database) { m_database = database; }
    QString database() const { return m_database; }
    // The time of the tab (expiry groups, savedAt); null: the system's.
    void setClock(std::shared_ptr<Clock> clock) { m_clock = std::move(clock); }
    // Where the reports are saved; empty: savedKeySpaceReportsPath().
    void setReportsPath(const QString &path) { m_reportsPath = path; }

    // Starts the analysis of prefix's subtree down to depth (cancelling one still running), with
    // a budget in ms (nullopt: none). expectedRows: how many rows it will likely read (from an
    // earlier report of the same prefix), for the estimate. False, starting nothing, without a
    // store.
    bool start(const Key &prefix,
               int depth,
               std::optional<std::int64_t> budgetMs,
               std::optional<std::int64_t> expectedRows = std::nullopt);
    // Stops the running analysis after the page being read: cancelling() at once, then
    // finished() with the partial report (cancelled). When the worker has not stopped within the
    // grace (a database that does not answer the page it is reading), the run is left to end on
    // its own and finished() comes without a report (abandoned); its late answer is dropped.
    void cancel();
    bool isRunning() const { return m_running; }
    bool isCancelling() const { return m_cancelling; }
    // How long cancel() waits for the worker's partial report (default 2,000 ms).
    void setCancelGraceMs(int ms) { m_cancelGraceMs = ms; }
    std::int64_t rowsRead() const { return m_rows; }
    std::int64_t elapsedMs() const { return m_elapsedMs; }
    std::optional<std::int64_t> expectedRows() const { return m_expectedRows; }

    // Reads the database's saved reports (savedListed() follows).
    void listSaved();
    // Compares saved reports (the earlier first; compared() follows).
    void compare(const QJsonObject &before, const QJsonObject &after);

    // For tests: runs on the worker after each page, with the rows read so far.
    void setProgressHook(std::function<void(std::int64_t rows)> hook)
    {
        m_progressHook = std::move(hook);
    }

    // For the worker's delivery, on the GUI thread (dropped when it is not the current run's).
    void deliverProgress(quint64 generation, std::int64_t rows, std::int64_t elapsedMs);
    void deliverOutcome(quint64 generation, AnalysisOutcome outcome);
    // Dropped when a later listSaved() or compare() was asked for: answers can arrive out of
    // order (two workers), and an older list would hide a report saved since.
    void deliverSaved(quint64 asked, std::vector<SavedKeySpaceReport> reports, QString error);
    void deliverCompared(quint64 asked, std::vector<KeySpaceChange> changes, QString error);

signals:
    void started();
    void cancelling();
    void progress(std::int64_t rows, std::int64_t elapsedMs);
    void finished(const kvs::ui::AnalysisOutcome &outcome);
    // The saved reports of the database, in the order saved, or why they cannot be read.
    void savedListed(const std::vector<kvs::SavedKeySpaceReport> &reports, const QString &error);
    void compared(const std::vector<kvs::KeySpaceChange> &changes, const QString &error);

private:
    void abandon(quint64 generation);

    std::string reportsPath() const;

    std::shared_ptr<AsyncKVStore> m_store;
    std::shared_ptr<Clock> m_clock;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::function<void(std::int64_t)> m_progressHook;
    QString m_database;
    QString m_reportsPath;
    std::optional<std::int64_t> m_expectedRows;
    quint64 m_generation = 0;
    quint64 m_listsAsked = 0;
    quint64 m_comparesAsked = 0;
    std::int64_t m_rows = 0;
    std::int64_t m_elapsedMs = 0;
    bool m_running = false;
    bool m_cancelling = false;
    int m_cancelGraceMs = 2000;
};

} // namespace kvs::ui
