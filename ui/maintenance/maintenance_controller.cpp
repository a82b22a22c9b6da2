#include "maintenance/maintenance_controller.h"

#include "common/audited_job.h"
#include "maintenance/maintenance_actions.h"
#include "reconnect/reconnect_monitor.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/sql_adapter.h>

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <filesystem>

namespace kvs::ui {

namespace {

// A SQLite file that went away (deleted, moved, its disk removed) is a lost connection, as the
// tab's reconnect check says it (session/database_session.cpp), so the monitor handles it.
void requireSqliteFile(const std::string &path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
        throw ConnectionError("kvs: the database file \"" + path
                                  + "\" is gone (deleted, moved, or its disk removed)",
                              ConnectionError::Step::Lost);
    }
}

} // namespace

// What one read brings back to the GUI thread (no exception crosses a thread).
struct MaintenanceController::Figures
{
    std::optional<SqliteFileFigures> sqlite;
    std::optional<StorageFigures> storage;
    std::optional<PgActivity> activity;
    std::exception_ptr error;
};

MaintenanceController::MaintenanceController(QObject *parent)
    : QObject(parent)
    , m_timer(new ClockTimer(this))
{
    m_timer->setInterval(kRefreshMs);
    connect(m_timer, &ClockTimer::timeout, this, &MaintenanceController::refresh);
}

MaintenanceController::~MaintenanceController()
{
    // A check running on a worker stops at its next step; its answer finds nobody.
    if (m_check)
        m_check->store(true);
}

void MaintenanceController::setTarget(MaintenanceTarget target)
{
    const bool sameDatabase = target.connection == m_target.connection
                              && target.schema == m_target.schema
                              && target.tablePrefix == m_target.tablePrefix;
    m_target = std::move(target);
    ++m_generation;
    m_pending = {};
    if (!sameDatabase) {
        m_sqlite.reset();
        m_storage.reset();
        m_activity.reset();
    }
    emit busyChanged();
    if (m_target.store && m_live)
        refresh();
}

void MaintenanceController::setMonitor(ReconnectMonitor *monitor)
{
    m_monitor = monitor;
    if (monitor)
        connect(monitor, &ReconnectMonitor::recovered, this, &MaintenanceController::refresh);
}

void MaintenanceController::setClock(std::shared_ptr<Clock> clock)
{
    m_timer->setClock(std::move(clock));
}

void MaintenanceController::setLive(bool live)
{
    m_live = live;
    if (live)
        m_timer->start();
    else
        m_timer->stop();
}

void MaintenanceController::refresh()
{
    if (!m_target.store || (m_monitor && m_monitor->isOffline()))
        return;
    if (!m_target.postgres) {
        startRead(Part::File, [target = m_target](Figures &figures) {
            requireSqliteFile(target.connection);
            figures.sqlite = readSqliteFileFigures(target.connection);
        });
        return;
    }
    // The activity on a connection of its own, apart from the sizes: pg_relation_size waits
    // behind an ACCESS EXCLUSIVE lock, and then the sessions and the lock's holder are what
    // the view must still show.
    startRead(Part::Activity, [target = m_target](Figures &figures) {
        figures.activity
            = readPostgresActivity(target.connection, target.schema, target.tablePrefix);
    });
    if (m_pending[std::size_t(Part::Storage)])
        return;
    m_pending[std::size_t(Part::Storage)] = true;
    emit busyChanged();
    // The adapter's own worker reads; no thread of ours waits for it.
    kvs::then(m_target.store->adapter().storageFigures(),
              this,
              [this, generation = m_generation](QFuture<StorageFigures> done) {
                  auto figures = std::make_shared<Figures>();
                  figures->error = ReconnectMonitor::exceptionOf(done);
                  if (!figures->error)
                      figures->storage = done.result();
                  readDone(figures, generation, Part::Storage);
              });
}

void MaintenanceController::startRead(Part part, std::function<void(Figures &)> read)
{
    if (m_pending[std::size_t(part)])
        return;
    m_pending[std::size_t(part)] = true;
    emit busyChanged();
    auto job = QtConcurrent::run([read = std::move(read)] {
        auto figures = std::make_shared<Figures>();
        try {
            read(*figures);
        } catch (...) {
            figures->error = std::current_exception();
        }
        return figures;
    });
    kvs::then(
        job, this, [this, generation = m_generation, part](QFuture<std::shared_ptr<Figures>> done) {
            readDone(done.result(), generation, part);
        });
}

bool MaintenanceController::isReading() const
{
    return std::any_of(m_pending.begin(), m_pending.end(), [](bool pending) { return pending; });
}

void MaintenanceController::readDone(const std::shared_ptr<Figures> &figures,
                                     quint64 generation,
                                     Part part)
{
    if (generation != m_generation)
        return;
    m_pending[std::size_t(part)] = false;
    emit busyChanged();
    if (figures->error) {
        if (m_monitor && m_monitor->reportFailure(figures->error))
            return; // the banner says so; recovered() reads again
        try {
            std::rethrow_exception(figures->error);
        } catch (const std::exception &error) {
            emit readFailed(
                QString::fromStdString(redactSecrets(error.what(), m_target.connection)));
        }
        return;
    }
    if (m_monitor)
        m_monitor->reportSuccess();
    switch (part) {
    case Part::File:
        m_sqlite = figures->sqlite;
        break;
    case Part::Activity:
        m_activity = figures->activity;
        break;
    case Part::Storage:
        m_storage = figures->storage;
        break;
    }
    emit figuresRead();
}

void MaintenanceController::startCheck(bool full)
{
    if (m_check || m_target.postgres || !m_target.store)
        return;
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_check = cancel;
    emit busyChanged();
    struct Outcome
    {
        SqliteCheckResult result;
        QString error;
    };
    auto job = QtConcurrent::run([path = m_target.connection, full, cancel] {
        Outcome outcome;
        try {
            outcome.result = checkSqliteStore(path, full, [cancel] { return !cancel->load(); });
        } catch (const std::exception &error) {
            outcome.error = QString::fromStdString(error.what());
        }
        return outcome;
    });
    kvs::then(job, this, [this, cancel, full](QFuture<Outcome> done) {
        if (m_check != cancel)
            return;
        m_check.reset();
        emit busyChanged();
        const Outcome outcome = done.result();
        if (!outcome.error.isEmpty())
            emit checkFinished(outcome.error, false);
        else
            emit checkFinished(maintenanceCheckText(outcome.result, full), outcome.result.ok);
    });
}

void MaintenanceController::cancelCheck()
{
    if (m_check)
        m_check->store(true);
}

std::string MaintenanceController::auditName(Action action)
{
    switch (action) {
    case Action::CheckpointPassive:
    case Action::CheckpointTruncate:
        return "maintenance-checkpoint";
    case Action::Optimize:
        return "maintenance-optimize";
    case Action::VacuumSqlite:
    case Action::VacuumPostgres:
        return "maintenance-vacuum";
    case Action::PurgeExpired:
        return "maintenance-purge-expired";
    case Action::CleanQueue:
        return "maintenance-clean-queue";
    }
    return "maintenance";
}

bool MaintenanceController::run(Action action, AuditPolicy policy)
{
    if (m_acting || !m_target.store || !m_target.writable)
        return false;
    m_acting = true;
    emit busyChanged();
    AuditRecord subject;
    subject.action = auditName(action);
    subject.database = m_target.auditDatabase.toStdString();
    auto job = runAudited<QString>(
        std::move(subject),
        std::nullopt,
        policy,
        [target = m_target, action](AuditedAction &audit) {
            const MaintenanceOutcome outcome = runMaintenanceAction(target, action);
            (void)audit.end(AuditOutcome::Done, outcome.changed, outcome.changed);
            return outcome.text;
        });
    kvs::then(job, this, [this](QFuture<Audited<QString>> done) {
        m_acting = false;
        emit busyChanged();
        const Audited<QString> outcome = done.result();
        if (!outcome.error.isEmpty()) {
            emit actionFinished(QString::fromStdString(redactSecrets(outcome.error.toStdString(),
                                                                     m_target.connection)),
                                false);
        } else {
            emit actionFinished(outcome.value, true);
        }
        refresh(); // what the action changed shows in the figures
    });
    return true;
}

} // namespace kvs::ui
