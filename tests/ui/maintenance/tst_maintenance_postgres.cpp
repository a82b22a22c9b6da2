// Issue 41: a PostgreSQL tab's Maintenance view on the run's server, each test in a schema of
// its own. The figures are the server's (sizes, dead rows after deleting rows); a session idle
// in a transaction from a second connection is marked as holding back VACUUM; a lock wait shows
// with its holder; a role without pg_read_all_stats is told what it cannot see; a read-only tab
// offers no VACUUM; with writes allowed VACUUM (ANALYZE) asks, runs, says so and is audited.
#include "maintenance/maintenance_pane.h"
#include "maintenance/pg_activity_models.h"
#include "support/audit_lines.h"
#include "support/database_view_fixture.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"

#include <kvs/async_kvstore.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <libpq-fe.h>

using namespace kvs;
using Action = ui::MaintenanceController::Action;

namespace {

constexpr int kTimeout = 20000;

// A schema holding n entries under "k", the first deleted of them deleted again (dead rows),
// with autovacuum off on its kv table so that the dead rows stay until the test vacuums.
std::string seeded(const char *tag, int n, int deleted)
{
    const std::string schema = test::freshSchema(tag);
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    AsyncKVStore seed(test::postgresUrl(), settings);
    for (int i = 0; i < n; ++i)
        seed.set({"k", double(i)}, Value(std::string(300, 'x'))).waitForFinished();
    test::PgAdmin admin;
    admin.exec("ALTER TABLE " + schema + ".kv SET (autovacuum_enabled = false)");
    for (int i = 0; i < deleted; ++i)
        seed.remove({"k", double(i)}).waitForFinished();
    seed.close().waitForFinished();
    return schema;
}

std::string statOf(test::PgAdmin &admin, const std::string &schema, const char *column)
{
    return admin.exec("SELECT coalesce(" + std::string(column)
                      + "::text, '') FROM pg_stat_user_tables WHERE schemaname = '" + schema
                      + "' AND relname = 'kv'");
}

ui::MaintenancePane *showMaintenance(ui::DatabaseView *view)
{
    ui::MaintenancePane *pane = view->maintenance();
    view->views()->setCurrentWidget(pane);
    return pane;
}

// The row of the store's table label in the pane's storage table, -1 when not shown.
int storageRow(ui::MaintenancePane *pane, const char *label)
{
    const std::vector<PgTableFigures> &tables = pane->storageModel()->tables();
    for (std::size_t i = 0; i < tables.size(); ++i) {
        if (tables[i].table == label)
            return int(i);
    }
    return -1;
}

QString cell(QAbstractItemModel *model, int row, int column)
{
    return model->index(row, column).data().toString();
}

// The row of the session pid in the pane's sessions table, -1 when not shown.
int sessionRow(ui::MaintenancePane *pane, const std::string &pid)
{
    ui::PgSessionsModel *model = pane->sessionsModel();
    for (int row = 0; row < model->rowCount(); ++row) {
        if (cell(model, row, ui::PgSessionsModel::Pid) == QString::fromStdString(pid))
            return row;
    }
    return -1;
}

// Reads the pane's figures again once the last read ended; true once check() holds.
template <typename Check>
bool refreshUntil(ui::MaintenancePane *pane, Check check)
{
    return QTest::qWaitFor(
        [&] {
            if (check())
                return true;
            pane->controller()->refresh();
            return false;
        },
        kTimeout);
}

using kvs::test::auditLines;

} // namespace

class TestMaintenancePostgres : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_log;

private slots:
    void init()
    {
        m_log = m_dir.filePath(QStringLiteral("audit-%1.jsonl").arg(QTest::currentTestFunction()));
        qputenv("KVS_AUDIT_LOG", m_log.toUtf8());
    }
    void cleanup() { qunsetenv("KVS_AUDIT_LOG"); }

    void aLongTransactionHoldsBackVacuum()
    {
        // Marked: idle in a transaction (however young), or in one open for 5 minutes or more.
        PgSessionFigures session;
        session.state = "active";
        session.transactionAgeMs = kLongTransactionMs - 1;
        QVERIFY(!session.holdsBackVacuum(kLongTransactionMs));
        session.transactionAgeMs = kLongTransactionMs;
        QVERIFY(session.holdsBackVacuum(kLongTransactionMs));
        session.transactionAgeMs.reset();
        QVERIFY(!session.holdsBackVacuum(kLongTransactionMs));
        session.state = "idle in transaction (aborted)";
        QVERIFY(session.holdsBackVacuum(kLongTransactionMs));
        ui::PgSessionsModel model;
        PgSessionFigures old;
        old.pid = 7;
        old.state = "active";
        old.transactionAgeMs = 6 * 60 * 1000 + 5000;
        model.setSessions({old, PgSessionFigures{}});
        QVERIFY(model.isMarked(0));
        QVERIFY(!model.isMarked(1));
        QCOMPARE(cell(&model, 0, ui::PgSessionsModel::State),
                 QStringLiteral("active, holds back VACUUM"));
        QCOMPARE(cell(&model, 0, ui::PgSessionsModel::TransactionAge), QStringLiteral("6 min 5 s"));
        QVERIFY(model.index(0, 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("open for 6 min 5 s")));
    }

    void figuresAreTheServersAndReadOnlyOffersNoVacuum()
    {
        const std::string schema = seeded("maint_figures", 300, 200);
        test::PgAdmin admin;
        QTRY_VERIFY_WITH_TIMEOUT(std::stoll("0" + statOf(admin, schema, "n_dead_tup")) >= 200,
                                 kTimeout);
        test::DatabaseWindow window;
        QVERIFY(window.open(test::postgresSession(test::postgresUrl(), schema), false, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        const QLocale locale;
        QVERIFY(refreshUntil(pane, [&] {
            const int row = storageRow(pane, "kv");
            return row >= 0
                   && cell(pane->storageModel(), row, ui::PgStorageModel::DeadRows)
                          == locale.toString(std::stoll(statOf(admin, schema, "n_dead_tup")));
        }));
        const int kv = storageRow(pane, "kv");
        QCOMPARE(cell(pane->storageModel(), kv, ui::PgStorageModel::TotalSize),
                 locale.formattedDataSize(
                     std::stoll(admin.exec("SELECT pg_total_relation_size('" + schema + ".kv')"))));
        QCOMPARE(cell(pane->storageModel(), kv, ui::PgStorageModel::IndexSize),
                 locale.formattedDataSize(
                     std::stoll(admin.exec("SELECT pg_indexes_size('" + schema + ".kv')"))));
        QCOMPARE(cell(pane->storageModel(), kv, ui::PgStorageModel::Vacuumed),
                 QStringLiteral("never"));
        QVERIFY(storageRow(pane, "meta") >= 0);

        // Read-only: figures only (the activity, read apart from the sizes, is in too).
        QTRY_VERIFY_WITH_TIMEOUT(pane->controller()->activity().has_value(), kTimeout);
        QVERIFY(!pane->offersWrites());
        QVERIFY(!pane->actionButton(Action::VacuumPostgres)->isVisibleTo(pane));
        QVERIFY(!pane->askAndRun(Action::VacuumPostgres));
        QVERIFY(pane->writesNote()->text().startsWith(QStringLiteral("Read-only:")));
        // The run's server is shared: other tests' sessions may wait for locks meanwhile.
        QVERIFY(!pane->locksNote()->text().isEmpty());
        QVERIFY(!QFile::exists(m_log));
    }

    void aSessionIdleInATransactionIsMarked()
    {
        const std::string schema = seeded("maint_idle", 20, 0);
        test::PgAdmin other;
        const std::string pid = other.exec("SELECT pg_backend_pid()");
        other.exec("BEGIN");
        other.exec("SELECT count(*) FROM " + schema + ".kv");

        test::DatabaseWindow window;
        QVERIFY(window.open(test::postgresSession(test::postgresUrl(), schema), false, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QVERIFY(refreshUntil(pane, [&] { return sessionRow(pane, pid) >= 0; }));
        const int row = sessionRow(pane, pid);
        QVERIFY(pane->sessionsModel()->isMarked(row));
        QCOMPARE(cell(pane->sessionsModel(), row, ui::PgSessionsModel::State),
                 QStringLiteral("idle in transaction, holds back VACUUM"));
        QCOMPARE(cell(pane->sessionsModel(), row, ui::PgSessionsModel::StoreTables),
                 QStringLiteral("kv"));
        QVERIFY(!cell(pane->sessionsModel(), row, ui::PgSessionsModel::TransactionAge).isEmpty());
        QVERIFY(pane->sessionsModel()
                    ->index(row, ui::PgSessionsModel::Pid)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("VACUUM cannot remove the rows")));
        QVERIFY2(pane->sessionsNote()->text().contains(QStringLiteral("hold back VACUUM")),
                 qPrintable(pane->sessionsNote()->text()));
        // The test's role is the cluster's superuser: it sees every statement.
        QVERIFY(!pane->sessionsNote()->text().contains(QStringLiteral("pg_read_all_stats")));

        // The transaction ends: the session is no longer marked.
        other.exec("COMMIT");
        QVERIFY(refreshUntil(pane, [&] {
            const int now = sessionRow(pane, pid);
            return now >= 0 && !pane->sessionsModel()->isMarked(now);
        }));
        QCOMPARE(cell(pane->sessionsModel(), sessionRow(pane, pid), ui::PgSessionsModel::State),
                 QStringLiteral("idle"));
    }

    void aLockWaitShowsWithItsHolder()
    {
        const std::string schema = seeded("maint_lock", 5, 0);
        test::DatabaseWindow window;
        QVERIFY(window.open(test::postgresSession(test::postgresUrl(), schema), false, kTimeout));
        // One session holds the rows' locks, idle in its transaction; a second one's UPDATE of
        // them waits for its transaction (a row lock, the kind kvs's writers meet).
        test::PgAdmin holder;
        const std::string holderPid = holder.exec("SELECT pg_backend_pid()");
        holder.exec("BEGIN");
        holder.exec("SELECT count(*) FROM (SELECT * FROM " + schema + ".kv FOR UPDATE) AS locked");
        PGconn *waiter = PQconnectdb(test::postgresUrl().c_str());
        QCOMPARE(PQstatus(waiter), CONNECTION_OK);
        const QString waiterPid = QString::number(PQbackendPID(waiter));
        QVERIFY(PQsendQuery(waiter, ("UPDATE " + schema + ".kv SET version = version").c_str())
                == 1);

        ui::MaintenancePane *pane = showMaintenance(window.view());
        ui::PgLockWaitsModel *waits = pane->lockWaitsModel();
        const auto waitRow = [&] {
            for (int i = 0; i < waits->rowCount(); ++i) {
                if (cell(waits, i, ui::PgLockWaitsModel::Pid) == waiterPid)
                    return i;
            }
            return -1;
        };
        QVERIFY(refreshUntil(pane, [&] { return waitRow() >= 0; }));
        const int row = waitRow();
        QCOMPARE(cell(waits, row, ui::PgLockWaitsModel::Lock),
                 QStringLiteral("ShareLock on a transactionid"));
        const QString holders = waits->holdersText(row);
        QVERIFY2(holders.startsWith(QStringLiteral("pid %1 (kvs_test, idle in transaction: "
                                                   "SELECT count(*) FROM (SELECT * FROM")
                                        .arg(QString::fromStdString(holderPid))),
                 qPrintable(holders));
        QCOMPARE(cell(waits, row, ui::PgLockWaitsModel::HeldBy), holders);
        QVERIFY(cell(waits, row, ui::PgLockWaitsModel::Query).startsWith(QStringLiteral("UPDATE")));
        QVERIFY2(pane->locksNote()->text().contains(QStringLiteral("wait for a lock")),
                 qPrintable(pane->locksNote()->text()));
        // The waiting session shows among the sessions too, with what it waits for.
        const int waiting = sessionRow(pane, waiterPid.toStdString());
        QVERIFY(waiting >= 0);
        QCOMPARE(cell(pane->sessionsModel(), waiting, ui::PgSessionsModel::WaitEvent),
                 QStringLiteral("Lock: transactionid"));

        holder.exec("ROLLBACK");
        while (PGresult *result = PQgetResult(waiter))
            PQclear(result);
        PQfinish(waiter);
        QVERIFY(refreshUntil(pane, [&] { return waitRow() < 0; }));
    }

    void anExclusiveLockShowsWhileTheSizesWaitForIt()
    {
        const std::string schema = seeded("maint_exclusive", 5, 0);
        test::DatabaseWindow window;
        QVERIFY(window.open(test::postgresSession(test::postgresUrl(), schema), false, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QVERIFY(refreshUntil(pane, [&] { return storageRow(pane, "kv") >= 0; }));
        // A migration's lock: every reader of kv waits, the sizes' read too (pg_relation_size).
        test::PgAdmin holder;
        const std::string holderPid = holder.exec("SELECT pg_backend_pid()");
        holder.exec("BEGIN");
        holder.exec("LOCK TABLE " + schema + ".kv IN ACCESS EXCLUSIVE MODE");
        PGconn *waiter = PQconnectdb(test::postgresUrl().c_str());
        QCOMPARE(PQstatus(waiter), CONNECTION_OK);
        const QString waiterPid = QString::number(PQbackendPID(waiter));
        QVERIFY(PQsendQuery(waiter, ("SELECT count(*) FROM " + schema + ".kv").c_str()) == 1);

        ui::PgLockWaitsModel *waits = pane->lockWaitsModel();
        const auto waitRow = [&] {
            for (int i = 0; i < waits->rowCount(); ++i) {
                if (cell(waits, i, ui::PgLockWaitsModel::Pid) == waiterPid)
                    return i;
            }
            return -1;
        };
        QVERIFY(refreshUntil(pane, [&] { return waitRow() >= 0; }));
        QCOMPARE(cell(waits, waitRow(), ui::PgLockWaitsModel::Lock),
                 QStringLiteral("AccessShareLock on %1.kv").arg(QString::fromStdString(schema)));
        QVERIFY2(waits->holdersText(waitRow()).startsWith(
                     QStringLiteral("pid %1 (kvs_test, idle in transaction: LOCK TABLE")
                         .arg(QString::fromStdString(holderPid))),
                 qPrintable(waits->holdersText(waitRow())));

        holder.exec("ROLLBACK");
        while (PGresult *result = PQgetResult(waiter))
            PQclear(result);
        PQfinish(waiter);
        QVERIFY(
            refreshUntil(pane, [&] { return waitRow() < 0 && !pane->controller()->isReading(); }));
    }

    void aRoleWithoutReadAllStatsIsToldWhatItCannotSee()
    {
        const std::string schema = seeded("maint_role", 5, 0);
        const std::string role = schema + "_r";
        test::PgAdmin admin;
        admin.exec("CREATE ROLE " + role + " LOGIN PASSWORD 'maint-pw'");
        admin.exec("GRANT USAGE ON SCHEMA " + schema + " TO " + role);
        admin.exec("GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
        admin.exec("GRANT SELECT ON ALL SEQUENCES IN SCHEMA " + schema + " TO " + role);
        const std::string pid = admin.exec("SELECT pg_backend_pid()");
        admin.exec("BEGIN");
        admin.exec("SELECT count(*) FROM " + schema + ".kv");
        std::string url = test::postgresUrl();
        const std::size_t at = url.find('@');
        url = "postgresql://" + role + ":maint-pw" + url.substr(at);

        test::DatabaseWindow window;
        QVERIFY(window.open(test::postgresSession(url, schema), false, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QVERIFY(refreshUntil(pane, [&] { return sessionRow(pane, pid) >= 0; }));
        QVERIFY2(pane->sessionsNote()->text().contains(
                     QStringLiteral("Without the role pg_read_all_stats (or superuser), other "
                                    "roles' statements and states are hidden")),
                 qPrintable(pane->sessionsNote()->text()));
        const int row = sessionRow(pane, pid);
        QCOMPARE(cell(pane->sessionsModel(), row, ui::PgSessionsModel::State),
                 QStringLiteral("(hidden)"));
        QCOMPARE(cell(pane->sessionsModel(), row, ui::PgSessionsModel::Query),
                 QStringLiteral("<insufficient privilege>"));
        admin.exec("ROLLBACK");
        window.close();
        test::PgAdmin cleanup;
        cleanup.exec("DROP OWNED BY " + role);
        cleanup.exec("DROP ROLE " + role);
    }

    void vacuumAsksRunsAndIsAudited()
    {
        const std::string schema = seeded("maint_vacuum", 300, 200);
        test::PgAdmin admin;
        QTRY_VERIFY_WITH_TIMEOUT(std::stoll("0" + statOf(admin, schema, "n_dead_tup")) >= 200,
                                 kTimeout);
        test::DatabaseWindow window;
        QVERIFY(window.open(test::postgresSession(test::postgresUrl(), schema), true, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QVERIFY(refreshUntil(pane, [&] { return storageRow(pane, "kv") >= 0; }));
        QVERIFY(pane->offersWrites());
        QVERIFY(pane->actionButton(Action::VacuumPostgres)->isVisibleTo(pane));

        QSignalSpy finished(pane->controller(), &ui::MaintenanceController::actionFinished);
        QString asked;
        test::answerNextMessageBox(QStringLiteral("Vacuum and analyze"), &asked);
        pane->actionButton(Action::VacuumPostgres)->click();
        QVERIFY(finished.wait(kTimeout));
        QVERIFY2(asked.contains(QStringLiteral("Run VACUUM (ANALYZE) on the store's tables?")),
                 qPrintable(asked));
        QVERIFY2(asked.contains(QStringLiteral("dead rows (")), qPrintable(asked));
        QCOMPARE(pane->actionResult()->text(),
                 QStringLiteral("Vacuumed and analyzed the store's tables: the dead rows' space "
                                "is free for reuse and the planner's statistics are new."));
        QTRY_COMPARE_WITH_TIMEOUT(statOf(admin, schema, "n_dead_tup"), std::string("0"), kTimeout);
        QVERIFY(!statOf(admin, schema, "last_vacuum").empty());
        QVERIFY(refreshUntil(pane, [&] {
            const int row = storageRow(pane, "kv");
            return row >= 0
                   && cell(pane->storageModel(), row, ui::PgStorageModel::DeadRows)
                          == QStringLiteral("0");
        }));
        QVERIFY(cell(pane->storageModel(), storageRow(pane, "kv"), ui::PgStorageModel::Vacuumed)
                != QStringLiteral("never"));
        const QList<QJsonObject> audit = auditLines(m_log);
        QCOMPARE(audit.size(), 2);
        QCOMPARE(audit[0].value("action").toString(), QStringLiteral("maintenance-vacuum"));
        QVERIFY(audit[0].value("database").toString().contains(QString::fromStdString(schema)));
        QCOMPARE(audit[1].value("result").toString(), QStringLiteral("done"));
    }

    void savesAScreenshot()
    {
        const std::string schema = seeded("maint_shot", 300, 120);
        test::PgAdmin other;
        const std::string pid = other.exec("SELECT pg_backend_pid()");
        other.exec("SET application_name = 'nightly-report'");
        other.exec("BEGIN");
        other.exec("SELECT count(*) FROM " + schema + ".kv");
        test::DatabaseWindow window;
        QVERIFY(window.open(test::postgresSession(test::postgresUrl(), schema), true, kTimeout));
        window.window()->resize(1024, 700);
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QVERIFY(refreshUntil(
            pane, [&] { return sessionRow(pane, pid) >= 0 && storageRow(pane, "kv") >= 0; }));
        const QString dir = test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(dir);
        QVERIFY(window.window()->grab().save(dir + QStringLiteral("/maintenance-postgres.png")));
        other.exec("ROLLBACK");
    }
};

QTEST_MAIN(TestMaintenancePostgres)
#include "tst_maintenance_postgres.moc"
