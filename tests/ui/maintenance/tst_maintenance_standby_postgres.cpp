// Issue 41: the Maintenance view on a hot standby. On clusters of the test's own (a primary and
// its streaming standby, scripts/postgres-test-cluster.sh), never the run's shared server. A
// standby's tab shows the figures, says that maintenance that writes runs on the primary and
// offers none; VACUUM asked of a standby all the same (a writable target) is refused by the core
// with a clear message, and its audit says it failed.
#include "maintenance/maintenance_pane.h"
#include "maintenance/pg_activity_models.h"
#include "support/audit_lines.h"
#include "support/database_view_fixture.h"
#include "support/own_postgres_cluster.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/connection_string.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using Action = ui::MaintenanceController::Action;

namespace {

constexpr int kTimeout = 30000;

using kvs::test::auditLines;

} // namespace

class TestMaintenanceStandbyPostgres : public QObject
{
    Q_OBJECT

    test::OwnPostgresCluster m_primary;
    test::OwnPostgresCluster m_standby;
    QTemporaryDir m_dir;

    // A schema on the primary holding a few entries, once the standby has replayed it.
    std::string seededSchema()
    {
        const std::string schema = test::freshSchema("maint_standby");
        AsyncKVStoreSettings settings;
        settings.schema = schema;
        AsyncKVStore seed(m_primary.url(), settings);
        for (int i = 0; i < 20; ++i)
            seed.set({"k", double(i)}, Value(1.0)).waitForFinished();
        seed.close().waitForFinished();
        settings.readOnly = true;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        AsyncKVStore replica(m_standby.url(), settings);
        const bool replayed = QTest::qWaitFor(
            [&] {
                try {
                    return replica.get({"k", 19.0}).result().has_value();
                } catch (const Error &) {
                    return false;
                }
            },
            kTimeout);
        replica.close().waitForFinished();
        return replayed ? schema : std::string();
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_primary.start(), "the test's own PostgreSQL did not start");
        QVERIFY2(m_standby.startAsStandbyOf(m_primary), "its standby did not start");
    }

    void aStandbyShowsFiguresAndRefusesVacuum()
    {
        const QString log = m_dir.filePath(QStringLiteral("audit.jsonl"));
        qputenv("KVS_AUDIT_LOG", log.toUtf8());
        const std::string schema = seededSchema();
        QVERIFY(!schema.empty());
        test::DatabaseWindow window;
        QVERIFY(window.open(test::postgresSession(m_standby.url(), schema), false, kTimeout));
        ui::MaintenancePane *pane = window.view()->maintenance();
        window.view()->views()->setCurrentWidget(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->storageModel()->rowCount() > 0
                                     && pane->controller()->activity().has_value(),
                                 kTimeout);
        QCOMPARE(pane->writesNote()->text(),
                 QStringLiteral("This server is a standby (in recovery): maintenance that writes "
                                "runs on the primary. The figures are the standby's."));
        QVERIFY(!pane->offersWrites());
        QVERIFY(!pane->actionButton(Action::VacuumPostgres)->isVisibleTo(pane));

        // A view whose target says writable (as no standby tab's does): once it read that the
        // server is a standby it offers no VACUUM either.
        ui::MaintenanceTarget target;
        target.store = window.view()->session()->store();
        target.postgres = true;
        target.writable = true;
        target.connection = m_standby.url();
        target.schema = schema;
        target.auditDatabase = QStringLiteral("standby");
        ui::MaintenancePane forced;
        forced.show();
        forced.setTarget(target);
        QTRY_VERIFY_WITH_TIMEOUT(forced.storageModel()->rowCount() > 0
                                     && forced.controller()->activity().has_value(),
                                 kTimeout);
        QVERIFY(!forced.offersWrites());
        QVERIFY(!forced.askAndRun(Action::VacuumPostgres));

        // And the controller's VACUUM, run all the same, is refused by the core.
        ui::MaintenanceController controller;
        controller.setTarget(target);
        QSignalSpy finished(&controller, &ui::MaintenanceController::actionFinished);
        QVERIFY(controller.run(Action::VacuumPostgres, AuditPolicy::Required));
        QVERIFY(finished.wait(kTimeout));
        QCOMPARE(finished.at(0).at(0).toString(),
                 QStringLiteral("kvs: %1 is a standby (in recovery): maintenance that writes "
                                "runs on the primary")
                     .arg(QString::fromStdString(connectionIdentity(m_standby.url()))));
        QCOMPARE(finished.at(0).at(1).toBool(), false);
        const QList<QJsonObject> audit = auditLines(log);
        QCOMPARE(audit.size(), 2);
        QCOMPARE(audit[0].value("action").toString(), QStringLiteral("maintenance-vacuum"));
        QCOMPARE(audit[1].value("result").toString(), QStringLiteral("failed"));
        qunsetenv("KVS_AUDIT_LOG");
    }
};

QTEST_MAIN(TestMaintenanceStandbyPostgres)
#include "tst_maintenance_standby_postgres.moc"
