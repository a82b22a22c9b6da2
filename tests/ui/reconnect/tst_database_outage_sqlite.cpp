// Issue 30 on SQLite: a database file that goes away under an open tab (deleted, moved, a disk
// removed) is the same outage as a server that went away: no string of dialogs, the tab says so
// (a banner in each view, stale rows, actions off), and when a file is back under the name (a
// restored copy, written to by another process meanwhile) the tab opens it again by itself and
// every view shows what it holds. Backoff waits pass on the tab's ManualClock.
#include "inspector/value_inspector.h"
#include "reconnect/outage_test_support.h"
#include "session/database_view.h"
#include "support/database_view_fixture.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "watch/watch_entries_model.h"
#include "watch/watch_history_model.h"
#include "watch/watch_pane.h"
#include "watch/watch_pane_controller.h"
#include "watch/watch_tab.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using kvs::ui::ReconnectMonitor;

namespace {

constexpr int kTimeout = 30000;

bool historyHas(ui::WatchPane *pane, const QString &keyText, const QString &newText)
{
    for (const ui::SeenChange &change : pane->controller()->history()->changes()) {
        if (change.keyText == keyText && change.newText && *change.newText == newText)
            return true;
    }
    return false;
}

bool anyMessageBox()
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (qobject_cast<QMessageBox *>(widget) && widget->isVisible())
            return true;
    }
    return false;
}

} // namespace

class TestDatabaseOutageSqlite : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void aFileGoneAndRestoredComesBackInEveryView()
    {
        const QString path = m_dir.filePath(QStringLiteral("shown.db"));
        const QString away = m_dir.filePath(QStringLiteral("away.db"));
        const QString restored = m_dir.filePath(QStringLiteral("restored.db"));
        {
            KVStore store(path.toStdString());
            store.set({"users", "alice"}, Value(1.0));
            store.set({"users", "bob"}, Value(2.0));
        }
        auto clock = std::make_shared<ManualClock>();
        ui::DatabaseSession *session = test::sqliteSession(path);
        session->setClock(clock);
        test::DatabaseWindow window;
        QVERIFY(window.open(session, false, kTimeout));
        ui::DatabaseView *view = window.view();
        ReconnectMonitor *monitor = session->monitor();
        QVERIFY(test::rootRow(view, R"(["users"])", kTimeout).isValid());
        QSignalSpy shown(view->inspector(), &ui::ValueInspector::loaded);
        view->tree()->goToKey(parseKeyLiteral(R"(["users", "alice"])"));
        QVERIFY(shown.wait(kTimeout));
        ui::WatchPane *pane = view->watch()->currentPane();
        pane->keyEdit()->setText(QStringLiteral(R"(["users"])"));
        pane->watchTypedKey(true);
        QTRY_COMPARE_WITH_TIMEOUT(pane->controller()->entries()->rowCount(), 2, kTimeout);

        QVERIFY(QFile::rename(path, away));
        QTRY_COMPARE_WITH_TIMEOUT(monitor->state(), ReconnectMonitor::State::Offline, kTimeout);
        QVERIFY(monitor->lossMessage().contains(QStringLiteral("is gone")));
        ui::OutageBanner *keys = test::bannerOf(view->keysView());
        QVERIFY(keys);
        QVERIFY2(
            keys->message().startsWith(QStringLiteral("The database cannot be reached since ")),
            qPrintable(keys->message()));
        QVERIFY(keys->isStale(view->tree()->view()));
        QVERIFY(!view->allowWritesAction()->isEnabled());
        QVERIFY(!anyMessageBox());
        // The checks go on by the clock, failing while the file is away: still no dialog.
        test::passTheBackoff(monitor, *clock);
        QTRY_COMPARE_WITH_TIMEOUT(monitor->failedChecks(), 2, kTimeout);
        QVERIFY(!anyMessageBox());

        // A copy put back, written to by another process (the CLI) before it was.
        QVERIFY(QFile::copy(away, restored));
        QCOMPARE(test::runCli({QStringLiteral("--db"),
                               restored,
                               QStringLiteral("set"),
                               QStringLiteral(R"(["users", "alice"])"),
                               QStringLiteral("10")}),
                 QString());
        QCOMPARE(test::runCli({QStringLiteral("--db"),
                               restored,
                               QStringLiteral("set"),
                               QStringLiteral(R"(["users", "dave"])"),
                               QStringLiteral("4")}),
                 QString());
        QVERIFY(QFile::rename(restored, path));
        const auto caughtUp = [&] {
            return test::loadedRow(view, R"(["users", "dave"])").isValid()
                   && historyHas(pane, QStringLiteral(R"(["users", "alice"])"), "10")
                   && historyHas(pane, QStringLiteral(R"(["users", "dave"])"), "4");
        };
        QVERIFY2(test::settle(monitor, *clock, caughtUp, kTimeout),
                 qPrintable(QStringLiteral("tree dave %1, history rows %2")
                                .arg(test::loadedRow(view, R"(["users", "dave"])").isValid())
                                .arg(pane->controller()->history()->rowCount())));
        QCOMPARE(monitor->state(), ReconnectMonitor::State::Online);
        QVERIFY(view->allowWritesAction()->isEnabled());
        QCOMPARE(view->modeText(), QStringLiteral("Read-only (inspect)"));
        // The store was opened again on the restored file: the inspector reads alice there
        // (it says so, or shows the new value already, read again with the new store).
        QTRY_VERIFY_WITH_TIMEOUT(
            !view->inspector()->changedElsewhereText().isEmpty()
                || (view->inspector()->entry() && view->inspector()->entry()->found
                    && decodeValue(*view->inspector()->entry()->rawValue).asNumber() == 10.0),
            kTimeout);
        QVERIFY(!anyMessageBox());
    }
};

QTEST_MAIN(TestDatabaseOutageSqlite)
#include "tst_database_outage_sqlite.moc"
