#pragma once

#include "maintenance/maintenance_controller.h"

#include <QWidget>

#include <map>
#include <string>

class QGroupBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace kvs::ui {

struct MaintenanceQuestion;
class PgLockWaitsModel;
class PgSessionsModel;
class PgStorageModel;

// A database tab's Maintenance view (issue 41). SQLite: the file's, its WAL's and its free
// pages' sizes, page size and journal mode; quick_check and integrity_check with a busy bar and
// Cancel; with writes allowed, the WAL checkpoint (passive or truncate), PRAGMA optimize, VACUUM,
// purge expired now and clean the queue now. PostgreSQL: the store's tables and indexes (sizes,
// dead rows, last vacuum and analyze), the sessions of its database (those that hold back VACUUM
// marked) and the locks waited on with who holds them; with writes allowed, VACUUM (ANALYZE).
// Every writing action asks first (the typed name for VACUUM on a production tab) and says what
// it did. The figures are read when shown and every MaintenanceController::kRefreshMs while
// visible; Refresh reads now. Thread rule: GUI thread only.
class MaintenancePane : public QWidget
{
    Q_OBJECT

public:
    explicit MaintenancePane(QWidget *parent = nullptr);
    ~MaintenancePane() override;

    MaintenanceController *controller() const { return m_controller; }
    // The tab's database (read-only or writable), or none.
    void setTarget(MaintenanceTarget target);

    // Asks (as the action's button does), then runs action; false when it did not start.
    bool askAndRun(MaintenanceController::Action action);

    // For tests and the tab's wiring.
    QPushButton *refreshButton() const { return m_refresh; }
    QPushButton *checkButton(bool full) const { return full ? m_integrityCheck : m_quickCheck; }
    QPushButton *cancelCheckButton() const { return m_cancelCheck; }
    QPushButton *actionButton(MaintenanceController::Action action) const;
    QLabel *checkResult() const { return m_checkResult; }
    QLabel *actionResult() const { return m_actionResult; }
    // The text of a SQLite figure: "file", "wal", "free", "pageSize", "journal".
    QString sqliteFigureText(const QString &name) const;
    QLabel *writesNote() const { return m_writesNote; }
    QLabel *sessionsNote() const { return m_sessionsNote; }
    QLabel *locksNote() const { return m_locksNote; }
    PgStorageModel *storageModel() const { return m_storageModel; }
    PgSessionsModel *sessionsModel() const { return m_sessionsModel; }
    PgLockWaitsModel *lockWaitsModel() const { return m_lockWaitsModel; }
    QTableView *sessionsView() const { return m_sessionsView; }
    // Whether any writing action is offered (visible) now.
    bool offersWrites() const;

public slots:
    // Makes this view the current one of its tab (for a link from another view, e.g. an
    // analysis finding about free pages or dead rows), and reads its figures.
    void reveal();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    QWidget *buildSqlite();
    QWidget *buildPostgres();
    QPushButton *addAction(MaintenanceController::Action action, const QString &text);
    MaintenanceQuestion questionFor(MaintenanceController::Action action) const;
    void showFigures();
    void updateState();

    MaintenanceController *m_controller; // Owned (child).
    QLabel *m_status;
    QPushButton *m_refresh;
    QLabel *m_writesNote;
    QWidget *m_sqlite;   // the SQLite sections (hidden on PostgreSQL)
    QWidget *m_postgres; // the PostgreSQL sections (hidden on SQLite)
    std::map<std::string, QLabel *> m_sqliteFigures;
    QPushButton *m_quickCheck = nullptr;
    QPushButton *m_integrityCheck = nullptr;
    QPushButton *m_cancelCheck = nullptr;
    QProgressBar *m_checkProgress = nullptr;
    QLabel *m_checkResult = nullptr;
    QGroupBox *m_sqliteActions = nullptr;
    QGroupBox *m_postgresActions = nullptr;
    std::map<MaintenanceController::Action, QPushButton *> m_actions;
    QLabel *m_actionResult; // shared by both backends' actions
    PgStorageModel *m_storageModel;
    PgSessionsModel *m_sessionsModel;
    PgLockWaitsModel *m_lockWaitsModel;
    QTableView *m_sessionsView = nullptr;
    QLabel *m_sessionsNote = nullptr;
    QLabel *m_locksNote = nullptr;
    bool m_standby = false;
};

} // namespace kvs::ui
