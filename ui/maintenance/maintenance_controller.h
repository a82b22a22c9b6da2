#pragma once

#include "common/clock_timer.h"
#include "maintenance/maintenance_target.h"

#include <kvs/audit_log.h>
#include <kvs/maintenance.h>
#include <kvs/postgres_activity.h>
#include <kvs/store_figures.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace kvs::ui {

class ReconnectMonitor;

// The work behind a tab's Maintenance view (issue 41), all of it off the GUI thread through the
// core's maintenance API (kvs/maintenance.h, kvs/postgres_activity.h; no SQL here): the figures
// (SQLite: the file's; PostgreSQL: the store's relations, through the adapter's storageFigures(),
// and the sessions and lock waits of its database), SQLite's checks with Cancel, and the writing
// actions, each audited as the CLI's maintenance-<action> and refused unless the tab allows
// writes (the core refuses them on a standby). A read that lost the connection goes to the tab's
// reconnect monitor, which reads again when the database is back. Thread rule: GUI thread only.
class MaintenanceController : public QObject
{
    Q_OBJECT

public:
    enum class Action {
        CheckpointPassive,
        CheckpointTruncate,
        Optimize,
        VacuumSqlite,
        PurgeExpired,
        CleanQueue,
        VacuumPostgres,
    };
    // While the view is visible the figures are read again this often (the tab's clock).
    static constexpr std::int64_t kRefreshMs = 5000;

    explicit MaintenanceController(QObject *parent = nullptr);
    ~MaintenanceController() override;

    // A new target (another database) forgets the figures read; while live, it reads at once.
    void setTarget(MaintenanceTarget target);
    const MaintenanceTarget &target() const { return m_target; }
    // Not owned; it outlives this. Lost connections go to it; its recovery reads again.
    void setMonitor(ReconnectMonitor *monitor);
    void setClock(std::shared_ptr<Clock> clock);
    // The timer runs while the view is visible (live).
    void setLive(bool live);

    // Reads the figures (a part still being read is not asked again). figuresRead() or
    // readFailed() follows each part: SQLite's file; PostgreSQL's activity and its sizes.
    void refresh();
    bool isReading() const;
    const std::optional<SqliteFileFigures> &sqliteFigures() const { return m_sqlite; }
    const std::optional<StorageFigures> &storage() const { return m_storage; }
    const std::optional<PgActivity> &activity() const { return m_activity; }

    // PRAGMA quick_check (full: integrity_check) of a SQLite target; checkFinished() follows.
    void startCheck(bool full);
    void cancelCheck();
    bool isChecking() const { return m_check != nullptr; }

    // Runs action (the caller asked first); actionFinished() follows. Refused (false, nothing
    // runs) while another action runs or the tab does not allow writes.
    bool run(Action action, AuditPolicy policy);
    bool isActing() const { return m_acting; }
    // The action as the audit log names it: "maintenance-vacuum", ...
    static std::string auditName(Action action);

signals:
    void figuresRead();
    void readFailed(const QString &message);
    // text: the result in words; ok false for problems found, a failure, or a cancel.
    void checkFinished(const QString &text, bool ok);
    void actionFinished(const QString &text, bool ok);
    void busyChanged();

private:
    struct Figures;
    enum class Part { File, Activity, Storage };
    void startRead(Part part, std::function<void(Figures &)> read);
    void readDone(const std::shared_ptr<Figures> &figures, quint64 generation, Part part);

    MaintenanceTarget m_target;
    QPointer<ReconnectMonitor> m_monitor;
    ClockTimer *m_timer; // Owned (child).
    std::optional<SqliteFileFigures> m_sqlite;
    std::optional<StorageFigures> m_storage;
    std::optional<PgActivity> m_activity;
    std::shared_ptr<std::atomic_bool> m_check; // the running check's cancel flag
    quint64 m_generation = 0;                  // of the target: older answers are dropped
    std::array<bool, 3> m_pending{};           // by Part: a read of it runs
    bool m_live = false;
    bool m_acting = false;
};

} // namespace kvs::ui
