// The session that comes back (issue 36, part 2), offscreen on SQLite files: the tabs of a clean
// quit open again read-only, in order, each on its view, expanded nodes and selected key, the
// same tab current; a file that has gone shows why in its tab (Retry), with no dialog; a path
// given on the command line comes after them; and, with kvs-admin itself, the state survives a
// kill -9 and --new-session starts without it.
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "queues/queues_pane.h"
#include "restore/session_recorder.h"
#include "restore/session_restorer.h"
#include "restore/session_state.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "startup/demo_database.h"
#include "support/refusing_prompt.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "window/main_window.h"

#include <kvs/literal.h>

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <csignal>

using kvs::ui::DatabaseView;
using kvs::ui::MainWindow;
using kvs::ui::SessionState;

namespace {

constexpr int kTimeout = 20000;

using kvs::test::RefusingPrompt;

QString literalOf(const std::optional<kvs::Key> &key)
{
    return key ? QString::fromStdString(kvs::printKeyLiteral(*key)) : QString();
}

// Goes to key in view's tree and waits until it is the current node.
bool goTo(DatabaseView *view, const char *literal)
{
    QSignalSpy done(view->tree(), &kvs::ui::KeyTreePane::goToFinished);
    view->tree()->goToKey(kvs::parseKeyLiteral(literal));
    return done.wait(kTimeout) && done.first().first().toBool();
}

bool anyMessageBoxShown()
{
    for (QWidget *widget : QApplication::topLevelWidgets())
        if (qobject_cast<QMessageBox *>(widget) && widget->isVisible())
            return true;
    return false;
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestSessionRestore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    kvs::ui::MemorySecretStore m_secrets;
    RefusingPrompt m_prompt;

    QString file(const QString &name) const { return m_dir.filePath(name); }

    QString demo(const QString &name)
    {
        const QString path = file(name);
        if (!QFileInfo::exists(path) && !kvs::ui::createDemoDatabase(path))
            return {};
        return path;
    }

    DatabaseView *open(MainWindow &window, const QString &path)
    {
        QSignalSpy opened(&window, &MainWindow::databaseOpened);
        window.openDatabase(path);
        if (opened.isEmpty() && !opened.wait(kTimeout))
            return nullptr;
        DatabaseView *view = opened.first().first().value<DatabaseView *>();
        if (!QTest::qWaitFor([view] { return view->tree()->model()->rowCount() > 1; }, kTimeout))
            return nullptr;
        return view;
    }

    // Restores state in window and waits until every tab that opened is put back.
    QList<DatabaseView *> restore(MainWindow &window, const SessionState &state, int expectTabs)
    {
        if (!window.restoreSession(state))
            return {};
        QSignalSpy restored(window.findChild<kvs::ui::SessionRestorer *>(),
                            &kvs::ui::SessionRestorer::tabRestored);
        QSignalSpy finished(window.findChild<kvs::ui::SessionRestorer *>(),
                            &kvs::ui::SessionRestorer::finished);
        if (!QTest::qWaitFor([&] { return restored.size() >= expectTabs && !finished.isEmpty(); },
                             kTimeout))
            return {};
        return finished.first().first().value<QList<DatabaseView *>>();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The settings (remembered column widths) of this test only, never the user's.
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config"))));
        qRegisterMetaType<DatabaseView *>();
        qRegisterMetaType<QList<DatabaseView *>>();
    }

    void aCleanQuitsTabsComeBackAsTheyWere()
    {
        const QString first = demo(QStringLiteral("first.kvs.db"));
        const QString second = demo(QStringLiteral("second.kvs.db"));
        const QString sessionPath = file(QStringLiteral("clean/session.json"));
        {
            MainWindow window(nullptr, &m_secrets, &m_prompt);
            window.recordSession(sessionPath);
            DatabaseView *a = open(window, first);
            DatabaseView *b = open(window, second);
            QVERIFY(a && b);
            QVERIFY(goTo(a, R"(["orders", "2026-09"])"));
            a->tree()->view()->expand(a->tree()->view()->currentIndex());
            QVERIFY(goTo(a, R"(["orders", "2026-10", 1006])"));
            QVERIFY(goTo(b, R"(["users", "carol"])"));
            b->views()->setCurrentWidget(b->findChild<kvs::ui::QueuesPane *>());
            window.close(); // a clean quit writes at once
            QVERIFY(window.findChild<kvs::ui::SessionRecorder *>()->lastError().isEmpty());
        }
        QString error;
        const std::optional<SessionState> state = kvs::ui::readSessionState(sessionPath, &error);
        QVERIFY2(state, qPrintable(error));
        QCOMPARE(state->tabs.size(), 2);
        QCOMPARE(state->currentTab, 1);

        MainWindow window(nullptr, &m_secrets, &m_prompt);
        const QList<DatabaseView *> views = restore(window, *state, 2);
        QCOMPARE(views.size(), 2);
        QCOMPARE(window.databaseCount(), 2);
        DatabaseView *a = window.databaseAt(0);
        DatabaseView *b = window.databaseAt(1);
        QCOMPARE(a->session()->spec().sqlitePath(), first);
        QCOMPARE(b->session()->spec().sqlitePath(), second);
        QCOMPARE(window.currentDatabase(), b);
        // Read-only, whatever the tab was.
        QVERIFY(!a->session()->isWritable());
        QCOMPARE(a->modeText(), QStringLiteral("Read-only (inspect)"));
        QCOMPARE(literalOf(a->tree()->selectedKey()),
                 QStringLiteral(R"(["orders", "2026-10", 1006])"));
        QCOMPARE(literalOf(b->tree()->selectedKey()), QStringLiteral(R"(["users", "carol"])"));
        QVERIFY(b->views()->currentWidget()->inherits("kvs::ui::QueuesPane"));
        QCOMPARE(a->views()->currentIndex(), 0);
        // The node expanded by hand is expanded again (its parent on the way to it too).
        const kvs::ui::KeyTreeModel *model = a->tree()->model();
        const QModelIndex orders
            = model->findChild({}, kvs::encodeKey(kvs::parseKeyLiteral(R"(["orders"])")));
        QVERIFY(orders.isValid());
        const QModelIndex september = model->findChild(
            orders, kvs::encodeKey(kvs::parseKeyLiteral(R"(["orders", "2026-09"])")));
        QVERIFY(september.isValid());
        QVERIFY(a->tree()->view()->isExpanded(september));
        QVERIFY(!anyMessageBoxShown());
    }

    void aFileThatHasGoneSaysSoInItsTab()
    {
        const QString kept = demo(QStringLiteral("kept.kvs.db"));
        const QString gone = file(QStringLiteral("gone.kvs.db"));
        SessionState state;
        kvs::ui::TabState missing;
        missing.spec = kvs::ui::ConnectionSpec::sqlite(gone);
        missing.selectedKey = QStringLiteral(R"(["users", "alice"])");
        kvs::ui::TabState present;
        present.spec = kvs::ui::ConnectionSpec::sqlite(kept);
        state.tabs = {missing, present};
        state.currentTab = 0;

        MainWindow window(nullptr, &m_secrets, &m_prompt);
        QVERIFY(window.restoreSession(state));
        QTRY_COMPARE_WITH_TIMEOUT(window.databaseCount(), 2, kTimeout);
        DatabaseView *missingView = window.databaseAt(0);
        QTRY_VERIFY_WITH_TIMEOUT(!missingView->bannerText().isEmpty(), kTimeout);
        QVERIFY2(missingView->bannerText().contains(QStringLiteral("gone.kvs.db")),
                 qPrintable(missingView->bannerText()));
        auto *retry = missingView->findChild<QPushButton *>(QStringLiteral("retryOpening"));
        QVERIFY(retry && retry->isVisibleTo(missingView));
        QVERIFY(!QFileInfo::exists(gone)); // never created
        QVERIFY(!anyMessageBoxShown());
        QTRY_VERIFY_WITH_TIMEOUT(window.databaseAt(1)->tree()->model()->rowCount() > 1, kTimeout);

        // Back in its place, Retry opens it.
        QVERIFY(QFile::copy(kept, gone));
        retry->click();
        QTRY_VERIFY_WITH_TIMEOUT(missingView->session()->store() != nullptr, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(missingView->tree()->model()->rowCount() > 1, kTimeout);
    }

    void theCommandLinesDatabaseComesAfterThem()
    {
        const QString restored = demo(QStringLiteral("restored.kvs.db"));
        const QString named = demo(QStringLiteral("named.kvs.db"));
        SessionState state;
        kvs::ui::TabState tab;
        tab.spec = kvs::ui::ConnectionSpec::sqlite(restored);
        state.tabs = {tab};
        state.currentTab = 0;
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        QVERIFY(window.restoreSession(state, {named}));
        QTRY_COMPARE_WITH_TIMEOUT(window.databaseCount(), 2, kTimeout);
        QCOMPARE(window.databaseAt(0)->session()->spec().sqlitePath(), restored);
        QCOMPARE(window.databaseAt(1)->session()->spec().sqlitePath(), named);
        QCOMPARE(window.currentDatabase(), window.databaseAt(1));
    }

    // A column the user widened keeps its width in the tabs opened later; one the user never
    // touched is not remembered, whatever width the view gave it.
    void aColumnTheUserResizedKeepsItsWidth()
    {
        const QString path = demo(QStringLiteral("columns.kvs.db"));
        const int size = kvs::ui::KeyTreeModel::SizeColumn;
        const int expiry = kvs::ui::KeyTreeModel::ExpiryColumn;
        int widened = 0;
        int expiryBefore = 0;
        {
            MainWindow window(nullptr, &m_secrets, &m_prompt);
            DatabaseView *view = open(window, path);
            QVERIFY(view);
            QHeaderView *header = view->tree()->view()->header();
            widened = header->sectionSize(size) + 57;
            expiryBefore = header->sectionSize(expiry);
            // The view's own resize (fitting its contents) is not the user's.
            header->resizeSection(expiry, expiryBefore + 40);
            // A drag on the header's divider: pressed, resized, released.
            QTest::mousePress(header->viewport(), Qt::LeftButton, {}, QPoint(1, 1));
            header->resizeSection(size, widened);
            QTest::mouseRelease(header->viewport(), Qt::LeftButton, {}, QPoint(1, 1));
        }
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        DatabaseView *view = open(window, path);
        QVERIFY(view);
        QHeaderView *header = view->tree()->view()->header();
        QCOMPARE(header->sectionSize(size), widened);
        QCOMPARE(header->sectionSize(expiry), expiryBefore);
    }

    void nothingToRestoreLeavesTheWindowAlone()
    {
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        QVERIFY(!window.restoreSession(SessionState{}));
        QCOMPARE(window.databaseCount(), 0);
    }

    void closingATabIsRecorded()
    {
        const QString first = demo(QStringLiteral("close-a.kvs.db"));
        const QString second = demo(QStringLiteral("close-b.kvs.db"));
        const QString sessionPath = file(QStringLiteral("closing/session.json"));
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        window.recordSession(sessionPath);
        QVERIFY(open(window, first) && open(window, second));
        const auto tabsOnDisk = [&] {
            QString error;
            const std::optional<SessionState> state
                = kvs::ui::readSessionState(sessionPath, &error);
            return state ? state->tabs.size() : -1;
        };
        QTRY_COMPARE_WITH_TIMEOUT(tabsOnDisk(), 2, kTimeout);
        auto *tabs = window.findChild<QTabWidget *>();
        emit tabs->tabCloseRequested(0);
        QTRY_COMPARE_WITH_TIMEOUT(tabsOnDisk(), 1, kTimeout);
    }

    // kvs-admin itself, in its own process: the state is on disk while it runs (a kill -9 keeps
    // it), a second start brings the tab back and adds the one it names, --new-session leaves
    // it out.
    void survivesAKillAndNewSessionLeavesItOut()
    {
        const QString first = demo(QStringLiteral("process-a.kvs.db"));
        const QString second = demo(QStringLiteral("process-b.kvs.db"));
        const QString home = file(QStringLiteral("process-home"));
        const QString sessionPath = home + QStringLiteral("/data/kvs-admin/session.json");
        const auto run = [&](const QStringList &arguments, const std::function<bool()> &until) {
            QProcess process;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), home);
            env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
            env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            process.setProcessEnvironment(env);
            process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
            process.start(QStringLiteral(KVS_ADMIN_PATH),
                          QStringList{QStringLiteral("--new-instance")} + arguments);
            const bool reached
                = process.waitForStarted(kTimeout) && QTest::qWaitFor(until, kTimeout);
            ::kill(static_cast<pid_t>(process.processId()), SIGKILL);
            process.waitForFinished(kTimeout);
            return reached;
        };
        const auto listed = [&](const QString &path) {
            return fileBytes(sessionPath).contains(path.toUtf8());
        };
        QVERIFY(run({first}, [&] { return listed(first); }));
        QVERIFY(!listed(QStringLiteral("demo.kvs.db")));

        // Started again with another file: the killed session's tab first, then the new one.
        QVERIFY(run({second}, [&] { return listed(first) && listed(second); }));
        const QByteArray both = fileBytes(sessionPath);
        QVERIFY(both.indexOf(first.toUtf8()) < both.indexOf(second.toUtf8()));

        // --new-session: the demo opens instead, and the file then lists only it.
        QVERIFY(run({QStringLiteral("--new-session")},
                    [&] { return listed(QStringLiteral("demo.kvs.db")); }));
        QVERIFY(!listed(first));
        QVERIFY(!listed(second));
    }
};

QTEST_MAIN(TestSessionRestore)
#include "tst_session_restore.moc"
