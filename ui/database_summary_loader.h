#pragma once

#include "database_summary.h"

#include <QFuture>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <memory>

namespace kvs::ui {

// Reads a DatabaseSummary off the GUI thread. Each load opens the database read-only on this
// loader's own worker thread, counts its live entries page by page (list() with a cursor),
// closes it and reports back on the GUI thread; the GUI thread never waits on SQLite. A newer
// load() supersedes a running one, whose result is dropped (generation token). The worker task
// gets only values and a cancel flag; exceptions are caught there and come back as failed().
// Thread rule: GUI thread only (the thread that owns the loader).
class DatabaseSummaryLoader : public QObject
{
    Q_OBJECT

public:
    enum class Mode {
        OpenOnly,            // Open path as it is.
        CreateDemoIfMissing, // First create the demo database at path if no file is there.
    };

    explicit DatabaseSummaryLoader(QObject *parent = nullptr);
    // Cancels the running load and waits for its worker to stop, which it does after the page it
    // is reading; no signal is emitted afterwards.
    ~DatabaseSummaryLoader() override;

    // Starts summarising path and returns at once: emits started(path) now and later loaded() or
    // failed(), unless another load() or the destructor comes first.
    void load(const QString &path, Mode mode = Mode::OpenOnly);
    // True from load() until its loaded() or failed().
    bool isLoading() const;

signals:
    void started(const QString &path);
    void loaded(const kvs::ui::DatabaseSummary &summary);
    void failed(const kvs::ui::DatabaseLoadError &error);

private:
    void finish(quint64 generation, const QString &path, const QFuture<DatabaseSummary> &future);

    QThreadPool m_pool; // One worker: loads run in turn, so two never open a file at once.
    std::shared_ptr<std::atomic_bool> m_cancel; // The running load's flag; shared with its task.
    quint64 m_generation = 0;                   // Of the latest load().
    bool m_loading = false;
};

} // namespace kvs::ui
