#include "database_summary_loader.h"

#include "demo_database.h"

#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QPromise>
#include <QThread>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>
#include <optional>
#include <utility>

namespace kvs::ui {

namespace {

// The largest page list() returns.
constexpr double kPageSize = 1000;

// Runs on the worker. Opens, counts and closes in this one task: a KVStore is used by one thread
// at a time. Stops counting early once cancel is set (the result is dropped then anyway).
DatabaseSummary
summarize(const QString &path, DatabaseSummaryLoader::Mode mode, const std::atomic_bool &cancel)
{
    if (mode == DatabaseSummaryLoader::Mode::CreateDemoIfMissing)
        createDemoDatabase(path);

    KVStoreOptions options;
    options.readOnly = true;
    KVStore store(path.toStdString(), options);

    DatabaseSummary summary;
    summary.path = path;
    summary.schemaVersion = store.schemaVersion();

    ListSelector everything;
    everything.prefix = Key{};
    ListOptions page;
    page.limit = kPageSize;
    while (!cancel.load()) {
        ListResult result = store.list(everything, page);
        summary.entryCount += static_cast<qint64>(result.entries.size());
        if (!result.cursor)
            break;
        page.cursor = std::move(result.cursor);
    }
    store.close();
    return summary;
}

// Sorts the exception a load ended with into what the UI shows. Requires: error is not null.
DatabaseLoadError toLoadError(const QString &path, const std::exception_ptr &error)
{
    DatabaseLoadError result;
    result.path = path;
    const auto fromCore = [&result](DatabaseLoadError::Kind kind, const kvs::Error &e) {
        result.kind = kind;
        result.message = QString::fromStdString(e.what());
        result.detail = QString::fromStdString(e.detail());
    };
    try {
        std::rethrow_exception(error);
    } catch (const SchemaTooNewError &e) {
        fromCore(DatabaseLoadError::Kind::SchemaTooNew, e);
        result.schemaVersion = e.version();
    } catch (const NotKvsDatabaseError &e) {
        fromCore(DatabaseLoadError::Kind::NotKvsDatabase, e);
        result.tables = QString::fromStdString(e.tables());
    } catch (const ForeignTableError &e) {
        fromCore(DatabaseLoadError::Kind::ForeignTable, e);
        result.tables = QString::fromStdString(e.table());
    } catch (const DatabaseError &e) {
        fromCore(DatabaseLoadError::Kind::Database, e);
    } catch (const kvs::Error &e) {
        fromCore(DatabaseLoadError::Kind::Other, e);
    } catch (const std::exception &e) {
        result.message = QString::fromLocal8Bit(e.what());
    } catch (...) {
        result.message = QStringLiteral("unknown exception");
    }
    return result;
}

} // namespace

DatabaseSummaryLoader::DatabaseSummaryLoader(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_pool.setObjectName(QStringLiteral("kvs.ui.summary"));
}

DatabaseSummaryLoader::~DatabaseSummaryLoader()
{
    if (m_cancel)
        m_cancel->store(true);
    // The pending continuation has this object as context, so it is dropped with it.
    m_pool.waitForDone();
}

void DatabaseSummaryLoader::load(const QString &path, Mode mode)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (m_cancel)
        m_cancel->store(true); // The superseded load stops after its current page.
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const quint64 generation = ++m_generation;
    m_loading = true;
    emit started(path);

    // No capture of this: the task sees only its arguments, copied into it.
    QFuture<DatabaseSummary> future = QtConcurrent::run(
        &m_pool,
        [](QPromise<DatabaseSummary> &promise,
           const QString &file,
           Mode taskMode,
           const std::shared_ptr<std::atomic_bool> &cancel) {
            try {
                promise.addResult(summarize(file, taskMode, *cancel));
            } catch (...) {
                promise.setException(std::current_exception());
            }
        },
        path,
        mode,
        m_cancel);
    // A task can finish before then() attaches, and Qt then runs the continuation at once, inside
    // this call. Posting it keeps delivery asynchronous in every case, so a load() that
    // supersedes this one always comes first.
    future.then(this, [this, generation, path](const QFuture<DatabaseSummary> &done) {
        QTimer::singleShot(
            0, this, [this, generation, path, done] { finish(generation, path, done); });
    });
}

bool DatabaseSummaryLoader::isLoading() const
{
    return m_loading;
}

void DatabaseSummaryLoader::finish(quint64 generation,
                                   const QString &path,
                                   const QFuture<DatabaseSummary> &future)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (generation != m_generation)
        return; // Superseded by a later load().
    m_loading = false;
    m_cancel.reset();

    // result() rethrows the worker's exception here, on the GUI thread, inside this try.
    DatabaseSummary summary;
    std::optional<DatabaseLoadError> error;
    try {
        summary = future.result();
    } catch (...) {
        error = toLoadError(path, std::current_exception());
    }
    if (error)
        emit failed(*error);
    else
        emit loaded(summary);
}

} // namespace kvs::ui
