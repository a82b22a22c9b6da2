// The Watch tab and the live updates of the tree and the inspector, seeing another process's
// writes: a set, an overwrite (the changed part marked), a delete, and an expiry on the feed's
// clock; pause and resume; clear (asked first); the export as JSON lines; the inspector's
// "changed by another process" banner and Reload; a watched subtree's new key in the expanded
// tree; two panes of one tab, each seeing only its own targets through the tab's one feed,
// closing a pane taking its targets out of the feed, one pane paused while the other stays live.
// Built twice: on a SQLite file and, with KVS_WATCH_POSTGRES (ctest label postgres), on a
// PostgreSQL schema of its own. The other process is this binary started again with --writer.
#include "common/column_fitter.h"
#include "connection/connection_spec.h"
#include "core/watch/feed_writer.h"
#include "inspector/value_inspector.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/small_screen.h"
#include "support/test_support.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "watch/history_export.h"
#include "watch/live_updates.h"
#include "watch/watch_controller.h"
#include "watch/watch_detail_pane.h"
#include "watch/watch_entries_model.h"
#include "watch/watch_history_model.h"
#include "watch/watch_pane.h"
#include "watch/watch_pane_controller.h"
#include "watch/watch_tab.h"

#ifdef KVS_WATCH_POSTGRES
#include "support/postgres_test_server.h"
#endif

#include "support/test_paths.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/key.h>
#include <kvs/literal.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPoint>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kTimeout = 20000;

// One database of a test: a SQLite file, or a PostgreSQL schema of its own.
struct Database
{
    std::string connection;
    std::string schema;
};

std::shared_ptr<AsyncKVStore> storeOf(const Database &db, std::shared_ptr<Clock> clock = nullptr)
{
    AsyncKVStoreSettings settings;
    if (!db.schema.empty())
        settings.schema = db.schema;
    settings.clock = std::move(clock);
    return std::make_shared<AsyncKVStore>(db.connection, settings);
}

bool writeElsewhere(const Database &db, const QStringList &operation)
{
    return test::writeFromAnotherProcess(db.connection, db.schema, operation);
}

QStringList setOp(const char *key, const char *value)
{
    return {QStringLiteral("set"), QString::fromUtf8(key), QString::fromUtf8(value)};
}

QString cell(const QAbstractItemModel &model, int row, int column, int role = Qt::DisplayRole)
{
    return model.index(row, column).data(role).toString();
}

} // namespace

class TestWatchPane : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_count = 0;

    Database freshDatabase()
    {
        ++m_count;
#ifdef KVS_WATCH_POSTGRES
        return {test::postgresUrl(), test::freshSchema("watchpane")};
#else
        return {m_dir.filePath(QStringLiteral("watch-%1.db").arg(m_count)).toStdString(), {}};
#endif
    }

    static FeedSource sourceOf(const Database &db, std::shared_ptr<Clock> clock = nullptr)
    {
        return FeedSource{db.connection, db.schema, {}, std::move(clock)};
    }

    // A view of db as kvs-admin opens it (read-only), shown.
    static std::unique_ptr<DatabaseView> openView(const Database &db)
    {
#ifdef KVS_WATCH_POSTGRES
        QString password;
        auto spec
            = ConnectionSpec::fromPostgresUrl(QString::fromStdString(db.connection), &password);
        if (!spec)
            return nullptr;
        spec->setSchema(QString::fromStdString(db.schema));
        auto view = std::make_unique<DatabaseView>(new DatabaseSession(*spec, password));
#else
        auto view = std::make_unique<DatabaseView>(
            new DatabaseSession(ConnectionSpec::sqlite(QString::fromStdString(db.connection)), {}));
#endif
        view->resize(1100, 700);
        view->show();
        if (!QTest::qWaitForWindowExposed(view.get()))
            return nullptr;
        if (!QTest::qWaitFor(
                [&] { return view->modeText() == QStringLiteral("Read-only (inspect)"); },
                kTimeout))
            return nullptr;
        return view;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
    }
    void seesAnotherProcessSetDeleteAndExpiry();
    void resumeShowsWhatChangedWhilePaused();
    void clearAsksFirstAndExportWritesJsonLines();
    void refusesAPrefixOverItsLimit();
    void panesSeeTheirOwnTargetsThroughOneFeed();
    void pausingOnePaneLeavesTheOtherLive();
    void anotherPanesTargetDoesNotSwallowAChange();
    void inspectorAndTreeSeeAnotherProcess();
#ifndef KVS_WATCH_POSTGRES
    void issue31_aLongValueShowsWhatChangedAndWhole();
    void savesAScreenshot();
#endif
};

void TestWatchPane::seesAnotherProcessSetDeleteAndExpiry()
{
    const Database db = freshDatabase();
    const auto clock = std::make_shared<ManualClock>();
    {
        auto store = storeOf(db, clock);
        store->set({"users", "ada"}, Value(1.0)).waitForFinished();
        store->set({"users", "tmp"}, Value("short-lived"), SetOptions{60000.0}).waitForFinished();
        store->set({"config"}, Value(0.0)).waitForFinished();
        store->close().waitForFinished();
    }
    WatchTab tab;
    WatchPane &pane = *tab.currentPane();
    QAbstractItemModelTester entriesTester(pane.controller()->entries());
    QAbstractItemModelTester historyTester(pane.controller()->history());
    tab.setSource(sourceOf(db, clock));
    pane.keyEdit()->setText(QStringLiteral("[\"users\""));
    QVERIFY(!pane.watchPrefixButton()->isEnabled()); // not a literal yet
    pane.keyEdit()->setText(QStringLiteral("[\"users\"]"));
    QVERIFY(pane.watchPrefixButton()->isEnabled());
    pane.watchPrefixButton()->click();
    QCOMPARE(pane.targetList()->count(), 1);
    WatchEntriesModel *entries = pane.controller()->entries();
    WatchHistoryModel *history = pane.controller()->history();
    QTRY_COMPARE_WITH_TIMEOUT(entries->rowCount(), 2, kTimeout);
    QCOMPARE(cell(*entries, 0, WatchEntriesModel::KeyColumn),
             QStringLiteral("[\"users\", \"ada\"]"));

    QVERIFY(writeElsewhere(db, setOp(R"(["users", "bob"])", "2")));
    QTRY_COMPARE_WITH_TIMEOUT(history->rowCount(), 1, kTimeout);
    QCOMPARE(cell(*history, 0, WatchHistoryModel::KeyColumn),
             QStringLiteral("[\"users\", \"bob\"]"));
    QCOMPARE(cell(*history, 0, WatchHistoryModel::ChangeColumn), QStringLiteral("Set"));
    QCOMPARE(cell(*history, 0, WatchHistoryModel::NewValueColumn), QStringLiteral("2"));
    QVERIFY(cell(*history, 0, WatchHistoryModel::OldValueColumn).isEmpty());
    QCOMPARE(entries->rowCount(), 3);

    QVERIFY(writeElsewhere(db, setOp(R"(["users", "ada"])", R"({name: "Ada", n: 2})")));
    QTRY_COMPARE_WITH_TIMEOUT(history->rowCount(), 2, kTimeout);
    QVERIFY(writeElsewhere(db, setOp(R"(["users", "ada"])", R"({name: "Ada", n: 3})")));
    QTRY_VERIFY_WITH_TIMEOUT(
        cell(*history, 0, WatchHistoryModel::NewValueColumn).contains(QStringLiteral("3")),
        kTimeout);
    // The part that differs is marked: "2" against "3", past the common {"name": "Ada", "n": .
    const QString before = cell(*history, 0, WatchHistoryModel::OldValueColumn);
    const QPoint oldMark = history->index(0, WatchHistoryModel::OldValueColumn)
                               .data(WatchHistoryModel::MarkRole)
                               .toPoint();
    const QPoint newMark = history->index(0, WatchHistoryModel::NewValueColumn)
                               .data(WatchHistoryModel::MarkRole)
                               .toPoint();
    QCOMPARE(before.mid(oldMark.x(), oldMark.y()), QStringLiteral("2"));
    QCOMPARE(cell(*history, 0, WatchHistoryModel::NewValueColumn).mid(newMark.x(), newMark.y()),
             QStringLiteral("3"));
    QVERIFY(!cell(*history, 0, WatchHistoryModel::VersionColumn).isEmpty());

    QVERIFY(writeElsewhere(db, {QStringLiteral("delete"), QStringLiteral(R"(["users", "bob"])")}));
    QTRY_COMPARE_WITH_TIMEOUT(
        cell(*history, 0, WatchHistoryModel::ChangeColumn), QStringLiteral("Deleted"), kTimeout);
    QCOMPARE(cell(*history, 0, WatchHistoryModel::OldValueColumn), QStringLiteral("2"));
    QTRY_COMPARE_WITH_TIMEOUT(entries->rowCount(), 2, kTimeout);

    clock->advance(60000); // nothing is written: the TTL passes on the feed's clock
    QTRY_COMPARE_WITH_TIMEOUT(
        cell(*history, 0, WatchHistoryModel::ChangeColumn), QStringLiteral("Expired"), kTimeout);
    QCOMPARE(cell(*history, 0, WatchHistoryModel::KeyColumn),
             QStringLiteral("[\"users\", \"tmp\"]"));
    QCOMPARE(entries->rowCount(), 1);
    QVERIFY(pane.statusLabel()->text().contains(QStringLiteral("entries watched")));
}

void TestWatchPane::resumeShowsWhatChangedWhilePaused()
{
    const Database db = freshDatabase();
    {
        auto store = storeOf(db);
        store->set({"k"}, Value(1.0)).waitForFinished();
        store->close().waitForFinished();
    }
    WatchTab tab;
    WatchPane &pane = *tab.currentPane();
    tab.setSource(sourceOf(db));
    pane.keyEdit()->setText(QStringLiteral("[\"k\"]"));
    pane.watchKeyButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->entries()->rowCount(), 1, kTimeout);
    pane.pauseAction()->setChecked(true);
    QVERIFY(pane.controller()->isPaused());
    QVERIFY(pane.statusLabel()->text().contains(QStringLiteral("paused")));
    QVERIFY(writeElsewhere(db, setOp(R"(["k"])", "2")));
    QVERIFY(writeElsewhere(db, setOp(R"(["k"])", "3")));
    pane.pauseAction()->setChecked(false);
    QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->history()->rowCount(), 1, kTimeout);
    // Both writes came while paused: one change, from the value before to the value now.
    QCOMPARE(cell(*pane.controller()->history(), 0, WatchHistoryModel::OldValueColumn),
             QStringLiteral("1"));
    QCOMPARE(cell(*pane.controller()->history(), 0, WatchHistoryModel::NewValueColumn),
             QStringLiteral("3"));
}

void TestWatchPane::clearAsksFirstAndExportWritesJsonLines()
{
    const Database db = freshDatabase();
    {
        auto store = storeOf(db);
        store->set({"k"}, Value(1.0)).waitForFinished();
        store->close().waitForFinished();
    }
    WatchTab tab;
    WatchPane &pane = *tab.currentPane();
    tab.setSource(sourceOf(db));
    pane.keyEdit()->setText(QStringLiteral("[\"k\"]"));
    pane.watchKeyButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->entries()->rowCount(), 1, kTimeout);
    QVERIFY(writeElsewhere(db, setOp(R"(["k"])", R"("two")")));
    QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->history()->rowCount(), 1, kTimeout);
    QVERIFY(writeElsewhere(db, {QStringLiteral("delete"), QStringLiteral(R"(["k"])")}));
    QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->history()->rowCount(), 2, kTimeout);

    const QString path = m_dir.filePath(QStringLiteral("history-%1.jsonl").arg(m_count));
    pane.setChooseExportPath([path] { return path; });
    QSignalSpy exported(pane.controller(), &WatchPaneController::exported);
    pane.exportHistory();
    QVERIFY(exported.wait(kTimeout));
    QCOMPARE(exported.at(0).at(1).toString(), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QCOMPARE(lines.size(), 3); // two lines and the empty rest after the last newline
    const QJsonObject first = QJsonDocument::fromJson(lines[0]).object();
    QCOMPARE(first.value(QStringLiteral("key")).toString(), QStringLiteral("[\"k\"]"));
    QCOMPARE(first.value(QStringLiteral("change")).toString(), QStringLiteral("set"));
    QCOMPARE(first.value(QStringLiteral("old")).toString(), QStringLiteral("1"));
    QCOMPARE(first.value(QStringLiteral("new")).toString(), QStringLiteral("\"two\""));
    QVERIFY(first.value(QStringLiteral("time")).toString().endsWith(QLatin1Char('Z')));
    const QJsonObject second = QJsonDocument::fromJson(lines[1]).object();
    QCOMPARE(second.value(QStringLiteral("change")).toString(), QStringLiteral("deleted"));
    QVERIFY(second.value(QStringLiteral("new")).isNull());
    QVERIFY(second.value(QStringLiteral("version")).isNull());

    // An export to a folder that does not exist says why.
    pane.setChooseExportPath(
        [this] { return m_dir.filePath(QStringLiteral("no/such/dir/h.jsonl")); });
    pane.exportHistory();
    QVERIFY(exported.wait(kTimeout));
    QVERIFY(!exported.at(1).at(1).toString().isEmpty());
    QVERIFY(pane.bannerText().startsWith(QStringLiteral("Could not save the history to ")));

    QString asked;
    pane.setConfirm([&asked](const QString &question) {
        asked = question;
        return false;
    });
    pane.clearHistory();
    QVERIFY(asked.contains(QStringLiteral("2 changes")));
    QCOMPARE(pane.controller()->history()->rowCount(), 2); // refused: kept
    pane.setConfirm([](const QString &) { return true; });
    pane.clearHistory();
    QCOMPARE(pane.controller()->history()->rowCount(), 0);
}

void TestWatchPane::refusesAPrefixOverItsLimit()
{
    const Database db = freshDatabase();
    {
        auto store = storeOf(db);
        for (int i = 0; i < 3; ++i)
            store->set({"big", double(i)}, Value(double(i))).waitForFinished();
        store->close().waitForFinished();
    }
    WatchTab tab;
    WatchPane &pane = *tab.currentPane();
    tab.setSource(sourceOf(db));
    tab.limitBox()->setValue(2);
    pane.keyEdit()->setText(QStringLiteral("[\"big\"]"));
    pane.watchPrefixButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(pane.bannerText(),
                              QStringLiteral("Watching failed: kvs: prefix [\"big\"] holds more "
                                             "than 2 keys; watch a narrower prefix or raise the "
                                             "limit"),
                              kTimeout);
    QCOMPARE(pane.controller()->entries()->rowCount(), 0);
    QVERIFY(pane.targetList()->item(0)->text().contains(QStringLiteral("over the limit")));

    // The refused prefix is out of the feed: another pane's key is watched all the same, and
    // that pane shows no error.
    WatchPane *other = tab.newPane();
    other->keyEdit()->setText(QStringLiteral("[\"big\", 0]"));
    other->watchKeyButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(other->controller()->entries()->rowCount(), 1, kTimeout);
    QVERIFY(other->bannerText().isEmpty());
    QVERIFY(!pane.bannerText().isEmpty());
    QCOMPARE(tab.controller()->feed()->targets().prefixes.size(), std::size_t(0));

    tab.limitBox()->setValue(3);
    QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->entries()->rowCount(), 3, kTimeout);
    QVERIFY(pane.bannerText().isEmpty());
    QVERIFY(!pane.targetList()->item(0)->text().contains(QStringLiteral("over the limit")));
}

void TestWatchPane::panesSeeTheirOwnTargetsThroughOneFeed()
{
    const Database db = freshDatabase();
    const auto clock = std::make_shared<ManualClock>();
    {
        auto store = storeOf(db, clock);
        store->set({"a", "x"}, Value(1.0)).waitForFinished();
        store->set({"b", "x"}, Value(2.0)).waitForFinished();
        store->set({"b", "tmp"}, Value(3.0), SetOptions{60000.0}).waitForFinished();
        store->close().waitForFinished();
    }
    WatchTab tab;
    tab.setSource(sourceOf(db, clock));
    WatchPane *paneA = tab.currentPane();
    QCOMPARE(tab.paneCount(), 1);
    QCOMPARE(tab.paneTabs()->tabText(0), QStringLiteral("New pane"));
    paneA->keyEdit()->setText(QStringLiteral("[\"a\"]"));
    paneA->watchPrefixButton()->click();
    tab.newPaneButton()->click();
    QCOMPARE(tab.paneCount(), 2);
    WatchPane *paneB = tab.currentPane();
    QVERIFY(paneB != paneA);
    paneB->keyEdit()->setText(QStringLiteral("[\"b\"]"));
    paneB->watchPrefixButton()->click();
    QCOMPARE(tab.paneTabs()->tabText(0), QStringLiteral("[\"a\"]…"));
    QCOMPARE(tab.paneTabs()->tabText(1), QStringLiteral("[\"b\"]…"));
    WatchPaneController *a = paneA->controller();
    WatchPaneController *b = paneB->controller();
    QAbstractItemModelTester entriesTester(b->entries());
    QAbstractItemModelTester historyTester(b->history());
    QTRY_COMPARE_WITH_TIMEOUT(a->entries()->rowCount(), 1, kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(b->entries()->rowCount(), 2, kTimeout);
    // One feed, one probe, for both panes.
    LiveFeed *feed = tab.controller()->feed();
    QCOMPARE(feed->targets().prefixes.size(), std::size_t(2));

    QVERIFY(writeElsewhere(db, setOp(R"(["b", "y"])", "4")));
    QTRY_COMPARE_WITH_TIMEOUT(b->history()->rowCount(), 1, kTimeout);
    QCOMPARE(cell(*b->history(), 0, WatchHistoryModel::KeyColumn),
             QStringLiteral("[\"b\", \"y\"]"));
    QVERIFY(writeElsewhere(db, {QStringLiteral("delete"), QStringLiteral(R"(["a", "x"])")}));
    QTRY_COMPARE_WITH_TIMEOUT(a->history()->rowCount(), 1, kTimeout);
    QCOMPARE(cell(*a->history(), 0, WatchHistoryModel::ChangeColumn), QStringLiteral("Deleted"));
    QCOMPARE(a->entries()->rowCount(), 0);
    clock->advance(60000);
    QTRY_COMPARE_WITH_TIMEOUT(b->history()->rowCount(), 2, kTimeout);
    QCOMPARE(cell(*b->history(), 0, WatchHistoryModel::ChangeColumn), QStringLiteral("Expired"));
    QCOMPARE(cell(*b->history(), 0, WatchHistoryModel::KeyColumn),
             QStringLiteral("[\"b\", \"tmp\"]"));
    // Each saw only its own: a's delete is not in b's history, nor b's set and expiry in a's.
    QCOMPARE(a->history()->rowCount(), 1);
    QCOMPARE(b->entries()->rowCount(), 2);

    // Closing b takes its prefix out of the feed: its subtree is read no more.
    tab.closePane(1);
    QCOMPARE(tab.paneCount(), 1);
    QCOMPARE(feed->targets().prefixes.size(), std::size_t(1));
    QCOMPARE(feed->targets().prefixes.front(), (Key{"a"}));
    QVERIFY(writeElsewhere(db, setOp(R"(["b", "z"])", "5")));
    QVERIFY(writeElsewhere(db, setOp(R"(["a", "z"])", "6")));
    QTRY_COMPARE_WITH_TIMEOUT(a->history()->rowCount(), 2, kTimeout);
    QCOMPARE(cell(*a->history(), 0, WatchHistoryModel::KeyColumn),
             QStringLiteral("[\"a\", \"z\"]"));
    QVERIFY(feed->isPolling());
    // The last pane closed: an empty one takes its place, and nothing is polled.
    tab.closePane(0);
    QCOMPARE(tab.paneCount(), 1);
    QVERIFY(tab.currentPane()->controller()->targets().empty());
    QVERIFY(feed->targets().prefixes.empty() && feed->targets().keys.empty());
    QVERIFY(!feed->isPolling());
}

void TestWatchPane::pausingOnePaneLeavesTheOtherLive()
{
    const Database db = freshDatabase();
    {
        auto store = storeOf(db);
        store->set({"a", "1"}, Value(1.0)).waitForFinished();
        store->close().waitForFinished();
    }
    WatchTab tab;
    tab.setSource(sourceOf(db));
    WatchPane *paused = tab.currentPane();
    paused->keyEdit()->setText(QStringLiteral("[\"a\"]"));
    paused->watchPrefixButton()->click();
    WatchPane *live = tab.newPane();
    live->keyEdit()->setText(QStringLiteral("[\"a\", \"1\"]"));
    live->watchKeyButton()->click();
    QCOMPARE(tab.controller()->feed()->targets().keys.size(), std::size_t(1));
    QTRY_COMPARE_WITH_TIMEOUT(paused->controller()->entries()->rowCount(), 1, kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(live->controller()->entries()->rowCount(), 1, kTimeout);
    paused->pauseAction()->setChecked(true);
    QVERIFY(tab.controller()->feed()->isPolling()); // the other pane still watches

    QVERIFY(writeElsewhere(db, setOp(R"(["a", "1"])", "2")));
    QTRY_COMPARE_WITH_TIMEOUT(live->controller()->history()->rowCount(), 1, kTimeout);
    QVERIFY(writeElsewhere(db, setOp(R"(["a", "1"])", "3")));
    QTRY_COMPARE_WITH_TIMEOUT(live->controller()->history()->rowCount(), 2, kTimeout);
    QVERIFY(writeElsewhere(db, setOp(R"(["a", "new"])", "7")));
    QVERIFY(writeElsewhere(db, {QStringLiteral("delete"), QStringLiteral(R"(["a", "new"])")}));
    QCOMPARE(paused->controller()->history()->rowCount(), 0);
    live->pauseAction()->setChecked(true);
    QVERIFY(!tab.controller()->feed()->isPolling()); // every pane paused: no polls
    live->pauseAction()->setChecked(false);
    QTRY_VERIFY_WITH_TIMEOUT(tab.controller()->feed()->isPolling(), kTimeout);

    paused->pauseAction()->setChecked(false);
    // Held while paused: one change per key, from the value before to the value now; the key
    // that came and went drops out.
    WatchHistoryModel *history = paused->controller()->history();
    QCOMPARE(history->rowCount(), 1);
    QCOMPARE(cell(*history, 0, WatchHistoryModel::OldValueColumn), QStringLiteral("1"));
    QCOMPARE(cell(*history, 0, WatchHistoryModel::NewValueColumn), QStringLiteral("3"));
}

void TestWatchPane::anotherPanesTargetDoesNotSwallowAChange()
{
    const Database db = freshDatabase();
    {
        auto store = storeOf(db);
        store->set({"k"}, Value(1.0)).waitForFinished();
        store->set({"o"}, Value(0.0)).waitForFinished();
        store->close().waitForFinished();
    }
    WatchTab tab;
    tab.setSource(sourceOf(db));
    WatchPane *first = tab.currentPane();
    first->keyEdit()->setText(QStringLiteral("[\"k\"]"));
    first->watchKeyButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(first->controller()->entries()->rowCount(), 1, kTimeout);
    WatchPane *second = tab.newPane();
    // The only pane with targets paused: no poll runs, so the feed has not seen the write when
    // the second pane's target makes it read its targets again.
    first->pauseAction()->setChecked(true);
    QVERIFY(!tab.controller()->feed()->isPolling());
    QVERIFY(writeElsewhere(db, setOp(R"(["k"])", "2")));
    second->keyEdit()->setText(QStringLiteral("[\"o\"]"));
    second->watchKeyButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(second->controller()->entries()->rowCount(), 1, kTimeout);
    first->pauseAction()->setChecked(false);
    WatchHistoryModel *history = first->controller()->history();
    QTRY_COMPARE_WITH_TIMEOUT(history->rowCount(), 1, kTimeout);
    QCOMPARE(cell(*history, 0, WatchHistoryModel::OldValueColumn), QStringLiteral("1"));
    QCOMPARE(cell(*history, 0, WatchHistoryModel::NewValueColumn), QStringLiteral("2"));
}

void TestWatchPane::inspectorAndTreeSeeAnotherProcess()
{
    const Database db = freshDatabase();
    {
        auto store = storeOf(db);
        store->set({"users", "ada"}, Value(1.0)).waitForFinished();
        store->set({"users", "bob"}, Value(2.0)).waitForFinished();
        store->close().waitForFinished();
    }
    auto view = openView(db);
    QVERIFY(view);
    QSignalSpy shown(view->inspector(), &ValueInspector::loaded);
    view->tree()->goToKey({"users", "ada"});
    QVERIFY(shown.wait(kTimeout));
    const std::int64_t before = view->inspector()->entry()->version;
    QVERIFY(view->inspector()->changedElsewhereText().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(view->liveUpdates()->inspectorFeed()->isOpen(), kTimeout);

    QVERIFY(writeElsewhere(db, setOp(R"(["users", "ada"])", "10")));
    QTRY_VERIFY_WITH_TIMEOUT(view->inspector()->changedElsewhereText().startsWith(
                                 QStringLiteral("Changed by another process at ")),
                             kTimeout);
    QVERIFY(view->inspector()->changedElsewhereText().endsWith(QStringLiteral("; reload?")));
    QCOMPARE(view->inspector()->entry()->version, before); // not reloaded behind the user's back
    auto *reload = view->inspector()->findChild<QPushButton *>(QStringLiteral("reloadChanged"));
    QVERIFY(reload);
    reload->click();
    QTRY_VERIFY_WITH_TIMEOUT(view->inspector()->entry()->version > before, kTimeout);
    QVERIFY(view->inspector()->changedElsewhereText().isEmpty());

    QVERIFY(writeElsewhere(db, {QStringLiteral("delete"), QStringLiteral(R"(["users", "ada"])")}));
    QTRY_VERIFY_WITH_TIMEOUT(view->inspector()->changedElsewhereText().startsWith(
                                 QStringLiteral("Deleted by another process at ")),
                             kTimeout);
    KeyTreeModel *model = view->tree()->model();
    const QModelIndex users = model->findChild({}, encodeKey({"users"}));
    QVERIFY(users.isValid());
    QVERIFY(model->findChild(users, encodeKey({"users", "ada"})).isValid()); // kept meanwhile
    // Reload finds it gone; then the tree drops its row.
    reload->click();
    QTRY_VERIFY_WITH_TIMEOUT(!model->findChild(users, encodeKey({"users", "ada"})).isValid(),
                             kTimeout);
    QVERIFY(view->inspector()->changedElsewhereText().isEmpty());

    // A watched subtree: a key another process adds appears under its expanded parent.
    view->tree()->view()->expand(users);
    QTRY_VERIFY_WITH_TIMEOUT(model->findChild(users, encodeKey({"users", "bob"})).isValid(),
                             kTimeout);
    QVERIFY(!model->findChild(users, encodeKey({"users", "cy"})).isValid());
    WatchPane *watchPane = view->watch()->currentPane();
    watchPane->keyEdit()->setText(QStringLiteral("[\"users\"]"));
    watchPane->watchPrefixButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(watchPane->controller()->entries()->rowCount(), 1, kTimeout);
    QVERIFY(writeElsewhere(db, setOp(R"(["users", "cy"])", "3")));
    QTRY_VERIFY_WITH_TIMEOUT(model->findChild(users, encodeKey({"users", "cy"})).isValid(),
                             kTimeout);
    QVERIFY(writeElsewhere(db, {QStringLiteral("delete"), QStringLiteral(R"(["users", "cy"])")}));
    QTRY_VERIFY_WITH_TIMEOUT(!model->findChild(users, encodeKey({"users", "cy"})).isValid(),
                             kTimeout);
}

#ifndef KVS_WATCH_POSTGRES
namespace {

// An order whose note is a long text: a change of its status is cut off in a narrow cell.
QString longOrder(const char *status)
{
    return QStringLiteral(R"({status: "%1", note: "%2 Deliver to the back door.", total: 42.5})")
        .arg(QString::fromLatin1(status),
             QStringLiteral("Customer asked for gift wrapping and a handwritten card. ")
                 .repeated(8));
}

} // namespace

// Issue 31: the Key, Value, Old value and New value columns were about 100 px wide while
// Version took the rest, so the marked difference of a long value could not be seen.
void TestWatchPane::issue31_aLongValueShowsWhatChangedAndWhole()
{
    const Database db = freshDatabase();
    {
        auto store = storeOf(db);
        store->set({"orders", 1001.0}, parseLiteral(longOrder("new").toStdString()))
            .waitForFinished();
        store->close().waitForFinished();
    }
    WatchTab tab;
    WatchPane &pane = *tab.currentPane();
    tab.resize(1000, 620);
    tab.setSource(sourceOf(db));
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    pane.keyEdit()->setText(QStringLiteral("[\"orders\"]"));
    pane.watchPrefixButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->entries()->rowCount(), 1, kTimeout);
    QVERIFY(writeElsewhere(db, setOp(R"(["orders", 1001])", qPrintable(longOrder("paid")))));
    QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->history()->rowCount(), 1, kTimeout);

    // Widths follow what the columns show: the values get the room, Version only its own.
    QTableView *history = pane.historyView();
    QHeaderView *header = history->horizontalHeader();
    // (Fitted a moment after the row came.)
    QTRY_VERIFY(header->sectionSize(WatchHistoryModel::KeyColumn)
                >= history->fontMetrics().horizontalAdvance(QStringLiteral("[\"orders\", 1001]")));
    QVERIFY(header->sectionSize(WatchHistoryModel::NewValueColumn) >= 250);
    QVERIFY(header->sectionSize(WatchHistoryModel::OldValueColumn) >= 250);
    QVERIFY2(header->sectionSize(WatchHistoryModel::VersionColumn) < 120,
             qPrintable(QString::number(header->sectionSize(WatchHistoryModel::VersionColumn))));
    QVERIFY(!header->stretchLastSection());
    QVERIFY(pane.entriesView()->horizontalHeader()->sectionSize(WatchEntriesModel::ValueColumn)
            >= 250);

    // The whole value: in the tooltip, and in the pane below when the row is selected.
    const QString newText
        = QString::fromStdString(printLiteral(parseLiteral(longOrder("paid").toStdString())));
    const QString oldText
        = QString::fromStdString(printLiteral(parseLiteral(longOrder("new").toStdString())));
    QVERIFY(newText.size() > 400);
    QCOMPARE(
        cell(*pane.controller()->history(), 0, WatchHistoryModel::NewValueColumn, Qt::ToolTipRole),
        newText);
    QVERIFY(cell(*pane.controller()->history(), 0, WatchHistoryModel::NewValueColumn).size()
            < newText.size());
    history->selectRow(0);
    QCOMPARE(pane.detailPane()->newText(), newText);
    QCOMPARE(pane.detailPane()->oldText(), oldText);
    QVERIFY(pane.detailPane()->titleText().contains(QStringLiteral("[\"orders\", 1001]")));

    // The buttons at the right end of a row keep off the pane's edge.
    const QRect prefix(pane.watchPrefixButton()->mapTo(&pane, QPoint()),
                       pane.watchPrefixButton()->size());
    QVERIFY2(pane.width() - prefix.right() > 4, qPrintable(QString::number(prefix.right())));
}

void TestWatchPane::savesAScreenshot()
{
    const Database db = freshDatabase();
    {
        auto store = storeOf(db);
        store
            ->set({"orders", 1001.0},
                  Value::object({{"status", Value("new")}, {"total", Value(42.5)}}))
            .waitForFinished();
        store
            ->set({"orders", 1002.0},
                  Value::object({{"status", Value("paid")}, {"total", Value(17.0)}}))
            .waitForFinished();
        store->set({"config", "theme"}, Value("light")).waitForFinished();
        store->close().waitForFinished();
    }
    WatchTab tab;
    WatchPane &pane = *tab.currentPane();
    tab.resize(kvs::test::kPaneOnSmallScreen);
    tab.setSource(sourceOf(db));
    pane.keyEdit()->setText(QStringLiteral("[\"orders\"]"));
    pane.watchPrefixButton()->click();
    pane.keyEdit()->setText(QStringLiteral("[\"config\", \"theme\"]"));
    pane.watchKeyButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->entries()->rowCount(), 3, kTimeout);
    int expected = 0;
    const auto step = [&](const QStringList &operation) {
        QVERIFY(writeElsewhere(db, operation));
        ++expected;
        QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->history()->rowCount(), expected, kTimeout);
    };
    step(setOp(R"(["orders", 1001])", R"({status: "paid", total: 42.5})"));
    step(setOp(R"(["orders", 1003])", R"({status: "new", total: 8})"));
    step(setOp(R"(["config", "theme"])", R"("dark")"));
    step(setOp(R"(["orders", 1001])", R"({status: "shipped", total: 42.5})"));
    step({QStringLiteral("delete"), QStringLiteral(R"(["orders", 1002])")});
    // A long value changed: the cell shows the change, the pane below the whole value.
    step(setOp(R"(["orders", 1003])", qPrintable(longOrder("new"))));
    step(setOp(R"(["orders", 1003])", qPrintable(longOrder("paid"))));
    pane.keyEdit()->setText(QStringLiteral("[\"jobs\"]"));
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    pane.historyView()->selectRow(0);
    // The columns fitted now, as a user sees them a moment later.
    for (QTableView *table : {pane.historyView(), pane.entriesView()})
        table->findChild<ColumnFitter *>()->fitNow();
    const QString dir = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
    QDir().mkpath(dir);
    QVERIFY(tab.grab().save(dir + QStringLiteral("/watch.png")));
}
#endif

int main(int argc, char **argv)
{
    if (test::isFeedWriterCall(argc, argv))
        return test::runFeedWriter(argc, argv);
    QApplication app(argc, argv);
    TestWatchPane test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_watch_pane.moc"
