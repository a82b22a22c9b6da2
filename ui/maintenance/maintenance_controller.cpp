#include "maintenance/maintenance_controller.h"

#include "common/audited_job.h"
#include "maintenance/maintenance_actions.h"
#include "reconnect/reconnect_monitor.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/sql_adapter.h>

#include <QtConcurrent/QtConcurrentRun>

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
    m_reading = false;
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
    if (m_reading || !m_target.store || (m_monitor && m_monitor->isOffline()))
        return;
    m_reading = true;
    emit busyChanged();
    const quint64 generation = m_generation;
    auto job = QtConcurrent::run([target = m_target] {
        auto figures = std::make_shared<Figures>();
        try {
            if (target.postgres) {
                // Both asked for before either is waited on.
                QFuture<StorageFigures> storage = target.store->adapter().storageFigures();
                figures->activity
                    = readPostgresActivity(target.connection, target.schema, target.tablePrefix);
                figures->storage = storage.result();
            } else {
                requireSqliteFile(target.connection);
                figures->sqlite = readSqliteFileFigures(target.connection);
            }
        } catch (...) {
            figures->error = std::current_exception();
        }
        return figures;
    });
    kvs::then(job, this, [this, generation](QFuture<std::shared_ptr<Figures>> done) {
        readDone(done.result(), generation);
    });
}

void MaintenanceController::readDone(const std::shared_ptr<Figures> &figures, quint64 generation)
{
    if (generation != m_generation)
        return;
    m_reading = false;
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
    m_sqlite = figures->sqlite;
    m_storage = figures->storage;
    m_activity = figures->activity;
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
