// Issue 30: a database tab on a PostgreSQL server that goes away and comes back. On a cluster of
// the test's own (crashed with an immediate stop and started again, restarted, its backends
// terminated; never the run's shared server), every view of the tab recovers by itself and shows
// what another process (the kvs CLI) wrote while it was cut off: the key tree, a watch pane, a
// watch pane created during the outage, the inspector's "changed by another process", the queue
// counts. Meanwhile the tab says so: its title and icon, a banner in each view with the last good
// read and the next try, stale rows greyed, actions that need the server off with a tooltip.
// Backoff waits pass on the tab's ManualClock; waits for the server are qWaitFor with deadlines.
// Saves the README's screenshot of a tab during an outage.
#include "atomic/transaction_pane.h"
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "inspector/value_inspector.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "reconnect/outage_test_support.h"
#include "session/database_view.h"
#include "support/database_view_fixture.h"
#include "support/own_postgres_cluster.h"
#include "support/postgres_test_server.h"
#include "support/small_screen.h"
#include "support/test_paths.h"
#include "tables/sql_console_pane.h"
#include "tables/table_rows_model.h"
#include "tables/tables_controller.h"
#include "tables/tables_pane.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "watch/watch_controller.h"
#include "watch/watch_entries_model.h"
#include "watch/watch_history_model.h"
#include "watch/watch_pane.h"
#include "watch/watch_pane_controller.h"
#include "watch/watch_tab.h"
#include "window/main_window.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>

#include <QAction>
#include <QDir>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace kvs;
using kvs::ui::ReconnectMonitor;

namespace {

constexpr int kTimeout = 30000;

class RefusingPrompt : public ui::PasswordPrompt
{
public:
    void ask(const ui::PasswordRequest &, QObject *, Callback done) override
    {
        done(ui::PasswordAnswer{});
    }
};

bool historyHas(ui::WatchPane *pane, const QString &keyText, const QString &newText)
{
    for (const ui::SeenChange &change : pane->controller()->history()->changes()) {
        if (change.keyText == keyText && change.newText && *change.newText == newText)
            return true;
    }
    return false;
}

bool entriesHave(ui::WatchPane *pane, const QString &keyText, const QString &valueText)
{
    for (const ui::SeenEntry &entry : pane->controller()->entries()->entries()) {
        if (entry.keyText == keyText && entry.valueText == valueText)
            return true;
    }
    return false;
}

// The due count of topic in the Queues view, -1 when it is not listed.
qint64 dueOf(ui::DatabaseView *view, const std::string &topic)
{
    ui::QueueOverviewModel *overview = view->queues()->controller()->overview();
    const int row = overview->rowOf(topic);
    return row < 0 ? -1 : overview->statsAt(row)->pending;
}

// The rows of the kv table in the Tables view (the table it shows first), -1 before it shows.
qint64 kvRows(ui::DatabaseView *view)
{
    ui::TablesController *tables = view->tables()->controller();
    const std::optional<rawsql::KvsTable> current = tables->currentTable();
    if (!current || current->label != QStringLiteral("kv"))
        return -1;
    return tables->rows()->totalRows();
}

} // namespace

class TestDatabaseOutagePostgres : public QObject
{
    Q_OBJECT

    test::OwnPostgresCluster m_cluster;
    ui::MemorySecretStore m_secrets;
    RefusingPrompt m_prompt;

    struct Tab
    {
        std::unique_ptr<ui::MainWindow> window;
        ui::DatabaseView *view = nullptr;
        std::shared_ptr<ManualClock> clock;
        std::string schema;
        std::string app;
        QStringList db; // --db URL --schema S, for the CLI
    };

    // A window with one tab on a new schema holding users alice and bob and one due job, its
    // tree's root read, the users node expanded, alice in the inspector, a watch pane on the
    // prefix ["users"].
    void openTab(Tab &tab, const char *tag)
    {
        tab.schema = test::freshSchema(tag);
        tab.app = "kvs_outage_" + std::string(tag);
        const std::string url = test::withParameter(m_cluster.url(), "application_name=" + tab.app);
        {
            AsyncKVStoreSettings settings;
            settings.schema = tab.schema;
            AsyncKVStore seed(m_cluster.url(), settings);
            QVERIFY(seed.set({"users", "alice"}, Value(1.0)).result().ok);
            QVERIFY(seed.set({"users", "bob"}, Value(2.0)).result().ok);
            QueueOptions jobs;
            jobs.topic = "jobs";
            QVERIFY(seed.enqueue(Value("first"), jobs).result().ok);
            seed.close().waitForFinished();
        }
        tab.db = {QStringLiteral("--db"),
                  QString::fromStdString(m_cluster.url()),
                  QStringLiteral("--schema"),
                  QString::fromStdString(tab.schema)};
        tab.window = std::make_unique<ui::MainWindow>(nullptr, &m_secrets, &m_prompt);
        tab.window->resize(1180, 720);
        tab.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(tab.window.get()));
        QSignalSpy opened(tab.window.get(), &ui::MainWindow::databaseOpened);
        QString password;
        ui::ConnectionSpec spec
            = *ui::ConnectionSpec::fromPostgresUrl(QString::fromStdString(url), &password);
        spec.setSchema(QString::fromStdString(tab.schema));
        tab.window->openSpec(spec, password);
        QVERIFY(opened.wait(kTimeout));
        tab.view = tab.window->currentDatabase();
        tab.clock = std::make_shared<ManualClock>();
        tab.view->session()->setClock(tab.clock);
        QVERIFY(test::waitForMode(tab.view, QStringLiteral("Read-only (inspect)"), kTimeout));

        const QModelIndex users = test::rootRow(tab.view, R"(["users"])", kTimeout);
        QVERIFY(users.isValid());
        QSignalSpy shown(tab.view->inspector(), &ui::ValueInspector::loaded);
        tab.view->tree()->goToKey(parseKeyLiteral(R"(["users", "alice"])"));
        QVERIFY(shown.wait(kTimeout));
        QTRY_VERIFY_WITH_TIMEOUT(test::loadedRow(tab.view, R"(["users", "bob"])").isValid(),
                                 kTimeout);

        ui::WatchPane *pane = tab.view->watch()->currentPane();
        pane->keyEdit()->setText(QStringLiteral(R"(["users"])"));
        pane->watchTypedKey(true);
        QTRY_COMPARE_WITH_TIMEOUT(pane->controller()->entries()->rowCount(), 2, kTimeout);

        // The Queues view reads while shown; the Tables view connects when first shown (kv).
        tab.view->views()->setCurrentWidget(tab.view->queues());
        QTRY_COMPARE_WITH_TIMEOUT(dueOf(tab.view, "jobs"), qint64(1), kTimeout);
        tab.view->views()->setCurrentWidget(tab.view->tables());
        QTRY_COMPARE_WITH_TIMEOUT(kvRows(tab.view), qint64(2), kTimeout);
        tab.view->views()->setCurrentWidget(tab.view->keysView());
    }

    QTabWidget *tabsOf(const Tab &tab) const
    {
        return qobject_cast<QTabWidget *>(tab.window->centralWidget());
    }

    // The CLI, another process, writes what the tab must catch up with.
    void writeWhileAway(const Tab &tab)
    {
        QCOMPARE(test::runCli(tab.db + QStringList{"set", R"(["users", "alice"])", "10"}),
                 QString());
        QCOMPARE(test::runCli(tab.db + QStringList{"set", R"(["users", "carol"])", "3"}),
                 QString());
        QCOMPARE(test::runCli(tab.db + QStringList{"set", R"(["users", "dave"])", "4"}), QString());
        QCOMPARE(test::runCli(tab.db + QStringList{"queue", "enqueue", "jobs", R"("second")"}),
                 QString());
    }

    // Every view shows those writes, without a click.
    void expectEveryViewCaughtUp(Tab &tab, ui::WatchPane *first, ui::WatchPane *created)
    {
        ReconnectMonitor *monitor = tab.view->session()->monitor();
        const auto caughtUp = [&] {
            return test::loadedRow(tab.view, R"(["users", "dave"])").isValid()
                   && historyHas(first, QStringLiteral(R"(["users", "alice"])"), "10")
                   && historyHas(first, QStringLiteral(R"(["users", "dave"])"), "4")
                   && (!created
                       || entriesHave(created, QStringLiteral(R"(["users", "carol"])"), "3"))
                   && !tab.view->inspector()->changedElsewhereText().isEmpty();
        };
        QVERIFY2(test::settle(monitor, *tab.clock, caughtUp, kTimeout),
                 qPrintable(QStringLiteral("tree dave %1, history %2, inspector '%3'")
                                .arg(test::loadedRow(tab.view, R"(["users", "dave"])").isValid())
                                .arg(first->controller()->history()->rowCount())
                                .arg(tab.view->inspector()->changedElsewhereText())));
        tab.view->views()->setCurrentWidget(tab.view->queues());
        QVERIFY(test::settle(
            monitor, *tab.clock, [&] { return dueOf(tab.view, "jobs") == 2; }, kTimeout));
        // The Tables view (a snapshot, read when asked) reads on a new connection: the one the
        // server closed is replaced before the read, which does not fail.
        tab.view->views()->setCurrentWidget(tab.view->tables());
        QSignalSpy tablesFailed(tab.view->tables()->controller(), &ui::TablesController::failed);
        tab.view->tables()->controller()->refresh();
        QVERIFY2(test::settle(
                     monitor, *tab.clock, [&] { return kvRows(tab.view) == 4; }, kTimeout),
                 qPrintable(tab.view->tables()->statusText()));
        QVERIFY(tablesFailed.isEmpty());
        tab.view->views()->setCurrentWidget(tab.view->keysView());
        QCOMPARE(monitor->state(), ReconnectMonitor::State::Online);
    }

private slots:
    void initTestCase() { QVERIFY2(m_cluster.start(), "the test's own PostgreSQL did not start"); }

    void everyViewComesBackAfterTheServerCrashedAndStartedAgain()
    {
        Tab tab;
        openTab(tab, "crash");
        if (QTest::currentTestFailed())
            return;
        ReconnectMonitor *monitor = tab.view->session()->monitor();
        QTabWidget *tabs = tabsOf(tab);
        const QString title = tabs->tabText(0);
        ui::WatchPane *first = tab.view->watch()->currentPane();

        QVERIFY(m_cluster.act("crash"));
        // The tree's live feed finds it within its probe interval.
        QTRY_COMPARE_WITH_TIMEOUT(monitor->state(), ReconnectMonitor::State::Offline, kTimeout);
        QCOMPARE(tabs->tabText(0), title + QStringLiteral(" (offline)"));
        ui::OutageBanner *keys = test::bannerOf(tab.view->keysView());
        QVERIFY(keys);
        QVERIFY2(
            keys->message().startsWith(QStringLiteral("The database cannot be reached since ")),
            qPrintable(keys->message()));
        QVERIFY2(keys->message().contains(QStringLiteral("Showing what was read as of ")),
                 qPrintable(keys->message()));
        QVERIFY2(keys->message().contains(QStringLiteral("Next try at ")),
                 qPrintable(keys->message()));
        QVERIFY(keys->isStale(tab.view->tree()->view()));
        QVERIFY(test::loadedRow(tab.view, R"(["users", "bob"])").isValid()); // rows stay
        for (QWidget *pane : {static_cast<QWidget *>(tab.view->queues()),
                              static_cast<QWidget *>(tab.view->watch()),
                              static_cast<QWidget *>(tab.view->tables()),
                              static_cast<QWidget *>(tab.view->console()),
                              static_cast<QWidget *>(tab.view->transaction())}) {
            QVERIFY(test::bannerOf(pane));
            QCOMPARE(test::bannerOf(pane)->message().isEmpty(), false);
        }
        QVERIFY(test::bannerOf(tab.view->queues())->isStale(tab.view->queues()->overviewView()));
        QCOMPARE(dueOf(tab.view, "jobs"), qint64(1)); // the counts stay, stale
        QVERIFY(!tab.view->allowWritesAction()->isEnabled());
        QVERIFY(tab.view->allowWritesAction()->toolTip().startsWith(
            QStringLiteral("Needs the database, which cannot be reached since ")));
        // The watch pane says nothing of its own: the banner does.
        QCOMPARE(first->bannerText(), QString());

        // A pane made during the outage.
        ui::WatchPane *created = tab.view->watch()->newPane();
        created->keyEdit()->setText(QStringLiteral(R"(["users", "carol"])"));
        created->watchTypedKey(false);

        // The README's screenshot: the Keys view during the outage.
        const QString directory = qEnvironmentVariableIsSet("KVS_SCREENSHOT_DIR")
                                      ? qEnvironmentVariable("KVS_SCREENSHOT_DIR")
                                      : kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QVERIFY(QDir().mkpath(directory));
        // As the window is on a 1024x700 screen (tests/support/small_screen.h).
        tab.window->resize(kvs::test::kWindowOnSmallScreen);
        QCoreApplication::processEvents();
        QVERIFY(tab.window->grab().save(QDir(directory).filePath(QStringLiteral("outage.png"))));

        // Back, and written to by another process before the tab's next try.
        QVERIFY(m_cluster.act("resume"));
        writeWhileAway(tab);
        QCOMPARE(monitor->state(), ReconnectMonitor::State::Offline); // its clock stood still
        QSignalSpy recovered(monitor, &ReconnectMonitor::recovered);
        test::passTheBackoff(monitor, *tab.clock);
        expectEveryViewCaughtUp(tab, first, created);
        QVERIFY(!recovered.isEmpty());
        QCOMPARE(tabs->tabText(0), title);
        QVERIFY(tab.view->allowWritesAction()->isEnabled());
        QVERIFY(!keys->isStale(tab.view->tree()->view()));
        QVERIFY2(keys->message().startsWith(QStringLiteral("Connected again at ")),
                 qPrintable(keys->message()));
        tab.clock->advance(ui::OutageBanner::kBackNoteMs);
        QTRY_VERIFY_WITH_TIMEOUT(keys->message().isEmpty(), kTimeout);
    }

    void everyViewComesBackAfterARestart()
    {
        Tab tab;
        openTab(tab, "restart");
        if (QTest::currentTestFailed())
            return;
        ui::WatchPane *first = tab.view->watch()->currentPane();
        QVERIFY(m_cluster.act("restart"));
        writeWhileAway(tab);
        expectEveryViewCaughtUp(tab, first, nullptr);
    }

    // Backends ended by an administrator: the feeds, the pool and the Tables view reconnect at
    // their next call, so the views catch up without the tab ever showing an outage.
    void terminatedBackendsAreNoOutage()
    {
        Tab tab;
        openTab(tab, "term");
        if (QTest::currentTestFailed())
            return;
        ReconnectMonitor *monitor = tab.view->session()->monitor();
        QSignalSpy states(monitor, &ReconnectMonitor::stateChanged);
        ui::WatchPane *first = tab.view->watch()->currentPane();
        // Every other session of the cluster (it is the test's own): the store's pool, the
        // feeds' probes and readers, the Tables view's Qt Sql connection.
        test::PgAdmin admin(m_cluster.url());
        const std::string others = "FROM pg_stat_activity WHERE datname = current_database() "
                                   "AND pid <> pg_backend_pid()";
        const std::string pids = admin.exec("SELECT string_agg(pid::text, ',') " + others);
        QVERIFY(!pids.empty());
        QVERIFY(std::stoi(admin.exec("SELECT count(pg_terminate_backend(pid)) " + others)) >= 3);
        QTRY_COMPARE_WITH_TIMEOUT(
            admin.exec("SELECT count(*) FROM pg_stat_activity WHERE pid IN (" + pids + ")"),
            std::string("0"),
            kTimeout);
        writeWhileAway(tab);
        expectEveryViewCaughtUp(tab, first, nullptr);
        // Not even a check: each reader found its connection closed and took a new one (the
        // feeds at their next call, the pool and the Tables view before they sent anything).
        QVERIFY2(states.isEmpty(), qPrintable(monitor->lossMessage()));
    }
};

QTEST_MAIN(TestDatabaseOutagePostgres)
#include "tst_database_outage_postgres.moc"
