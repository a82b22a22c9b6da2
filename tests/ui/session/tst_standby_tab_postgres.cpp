// Issue 33: a database tab on a hot standby, and a tab that follows a failover. On clusters of
// the test's own (a primary and its streaming standby, scripts/postgres-test-cluster.sh; never
// the run's shared server). A tab on the standby says "Replica of HOST, replay lag N s", keeps
// it current on the tab's clock, offers no Allow writes (off, its tooltip saying why), and
// browses: the tree (following the primary's commits), a watch pane, the queue counts. A tab on
// a URL naming the primary and the standby (target_session_attrs=read-write) comes back on the
// promoted standby after the primary stopped and says "Now connected to HOST". Backoff waits
// pass on the tab's ManualClock; waits for the servers are qWaitFor with deadlines.
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "reconnect/outage_test_support.h"
#include "session/server_role_status.h"
#include "support/database_view_fixture.h"
#include "support/own_postgres_cluster.h"
#include "support/postgres_test_server.h"
#include "watch/watch_controller.h"
#include "watch/watch_entries_model.h"
#include "watch/watch_pane.h"
#include "watch/watch_pane_controller.h"
#include "watch/watch_tab.h"

#include <kvs/async_kvstore.h>

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using namespace kvs;

namespace {

constexpr int kTimeout = 30000;

// The due count of topic in the Queues view, -1 when it is not listed.
qint64 dueOf(ui::DatabaseView *view, const std::string &topic)
{
    ui::QueueOverviewModel *overview = view->queues()->controller()->overview();
    const int row = overview->rowOf(topic);
    return row < 0 ? -1 : overview->statsAt(row)->pending;
}

bool entriesHave(ui::WatchPane *pane, const QString &keyText, const QString &valueText)
{
    for (const ui::SeenEntry &entry : pane->controller()->entries()->entries()) {
        if (entry.keyText == keyText && entry.valueText == valueText)
            return true;
    }
    return false;
}

// The tool bar's text of what the server is ("" while hidden).
QString roleText(ui::DatabaseView *view)
{
    auto *label = view->findChild<QLabel *>(QStringLiteral("serverRole"));
    return label && !label->isHidden() ? label->text() : QString();
}

} // namespace

class TestStandbyTabPostgres : public QObject
{
    Q_OBJECT

    test::OwnPostgresCluster m_primary;
    test::OwnPostgresCluster m_standby;

    // A schema on the primary holding users alice and one due job, once the standby has it.
    std::string seededSchema(const char *tag)
    {
        const std::string schema = test::freshSchema(tag);
        AsyncKVStoreSettings settings;
        settings.schema = schema;
        AsyncKVStore seed(m_primary.url(), settings);
        [&] {
            QVERIFY(seed.set({"users", "alice"}, Value(1.0)).result().ok);
            QueueOptions jobs;
            jobs.topic = "jobs";
            QVERIFY(seed.enqueue(Value("first"), jobs).result().ok);
        }();
        seed.close().waitForFinished();
        settings.readOnly = true;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        AsyncKVStore replica(m_standby.url(), settings);
        const bool replayed = QTest::qWaitFor(
            [&] {
                try {
                    return replica.get({"users", "alice"}).result().has_value();
                } catch (const Error &) {
                    return false; // the schema has not been replayed yet
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

    void aStandbyTabIsAReplicaThatBrowsesAndOffersNoWrites()
    {
        const std::string schema = seededSchema("standby_tab");
        QVERIFY(!schema.empty());
        ui::DatabaseView view(test::postgresSession(m_standby.url(), schema));
        view.resize(1180, 720);
        view.show();
        QVERIFY(test::waitForMode(&view, QStringLiteral("Read-only (inspect)"), kTimeout));
        const QString replica = QStringLiteral("Replica of 127.0.0.1:%1, replay lag ")
                                    .arg(QString::fromStdString(m_primary.port()));
        QTRY_VERIFY_WITH_TIMEOUT(roleText(&view).startsWith(replica), kTimeout);
        QVERIFY2(roleText(&view).endsWith(QStringLiteral(" s")), qPrintable(roleText(&view)));
        // No Allow writes, and why.
        QAction *allowWrites = view.allowWritesAction();
        QVERIFY(!allowWrites->isEnabled());
        QCOMPARE(allowWrites->toolTip(),
                 QStringLiteral("This server is a standby (a read replica in recovery): it takes "
                                "no writes. Connect to its primary to write."));

        // Kept current on the tab's clock: each kPollMs of it reads the role again.
        auto clock = std::make_shared<ManualClock>();
        view.session()->setClock(clock);
        auto *status = view.findChild<ui::ServerRoleStatus *>(QStringLiteral("serverRoleStatus"));
        QVERIFY(status);
        QSignalSpy updated(status, &ui::ServerRoleStatus::updated);
        status->readNow(); // the next poll waits on the clock just set
        QVERIFY(updated.wait(kTimeout));
        clock->advance(ui::ServerRoleStatus::kPollMs - 1);
        QTest::qWait(0);
        QCOMPARE(updated.size(), 1);
        clock->advance(1);
        QTRY_COMPARE_WITH_TIMEOUT(updated.size(), 2, kTimeout);
        QVERIFY(roleText(&view).startsWith(replica));

        // Browsing: the tree, a watch pane, the queues; the primary's writes arrive.
        QVERIFY(test::rootRow(&view, R"(["users"])", kTimeout).isValid());
        ui::WatchPane *pane = view.watch()->currentPane();
        pane->keyEdit()->setText(QStringLiteral(R"(["users"])"));
        pane->watchTypedKey(true);
        QTRY_COMPARE_WITH_TIMEOUT(pane->controller()->entries()->rowCount(), 1, kTimeout);
        view.views()->setCurrentWidget(view.queues());
        QTRY_COMPARE_WITH_TIMEOUT(dueOf(&view, "jobs"), qint64(1), kTimeout);
        {
            AsyncKVStoreSettings settings;
            settings.schema = schema;
            AsyncKVStore primary(m_primary.url(), settings);
            QVERIFY(primary.set({"users", "bob"}, Value(2.0)).result().ok);
            primary.close().waitForFinished();
        }
        QTRY_VERIFY_WITH_TIMEOUT(
            entriesHave(pane, QStringLiteral(R"(["users", "bob"])"), QStringLiteral("2")),
            kTimeout);
        view.views()->setCurrentWidget(view.keysView());
        view.tree()->view()->expand(test::rootRow(&view, R"(["users"])", kTimeout));
        QTRY_VERIFY_WITH_TIMEOUT(test::loadedRow(&view, R"(["users", "bob"])").isValid(), kTimeout);
        QVERIFY(!allowWrites->isEnabled());
        QCOMPARE(view.session()->monitor()->state(), ui::ReconnectMonitor::State::Online);
    }

    // Last: it stops the primary and promotes the standby.
    void aTabFollowsTheFailoverToThePromotedStandby()
    {
        const std::string schema = seededSchema("failover_tab");
        QVERIFY(!schema.empty());
        ui::DatabaseView view(test::postgresSession(
            test::OwnPostgresCluster::failoverUrl(m_primary, m_standby), schema));
        view.resize(1180, 720);
        view.show();
        QVERIFY(test::waitForMode(&view, QStringLiteral("Read-only (inspect)"), kTimeout));
        auto clock = std::make_shared<ManualClock>();
        view.session()->setClock(clock);
        auto *status = view.findChild<ui::ServerRoleStatus *>(QStringLiteral("serverRoleStatus"));
        QVERIFY(status);
        QTRY_VERIFY_WITH_TIMEOUT(status->role().has_value(), kTimeout);
        QCOMPARE(status->role()->server, "127.0.0.1:" + m_primary.port() + "/kvs_test");
        QCOMPARE(roleText(&view), QString()); // a primary, as it was: nothing to say
        QVERIFY(view.allowWritesAction()->isEnabled());
        QVERIFY(test::rootRow(&view, R"(["users"])", kTimeout).isValid());

        QVERIFY(m_primary.act("halt"));
        QVERIFY(m_standby.act("promote"));
        ui::ReconnectMonitor *monitor = view.session()->monitor();
        // The tab finds the loss (its live feed, or the role's poll as the clock moves), and
        // its checks reach the new primary.
        const QString now = QStringLiteral("Now connected to 127.0.0.1:%1")
                                .arg(QString::fromStdString(m_standby.port()));
        QVERIFY2(test::settle(
                     monitor,
                     *clock,
                     [&] {
                         if (monitor->state() == ui::ReconnectMonitor::State::Online
                             && roleText(&view) != now)
                             clock->advance(ui::ServerRoleStatus::kPollMs);
                         return roleText(&view) == now;
                     },
                     kTimeout),
                 qPrintable(roleText(&view)));
        QCOMPARE(monitor->state(), ui::ReconnectMonitor::State::Online);
        QVERIFY(view.allowWritesAction()->isEnabled());
        // It reads from there: a write on the new primary shows in the tree.
        {
            AsyncKVStoreSettings settings;
            settings.schema = schema;
            AsyncKVStore promoted(m_standby.url(), settings);
            QVERIFY(promoted.set({"users", "carol"}, Value(3.0)).result().ok);
            promoted.close().waitForFinished();
        }
        view.tree()->view()->expand(test::rootRow(&view, R"(["users"])", kTimeout));
        QTRY_VERIFY_WITH_TIMEOUT(test::loadedRow(&view, R"(["users", "carol"])").isValid(),
                                 kTimeout);
    }
};

QTEST_MAIN(TestStandbyTabPostgres)
#include "tst_standby_tab_postgres.moc"
