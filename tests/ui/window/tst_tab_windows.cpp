// Several databases side by side (issue 36, part 2): a tab moved to a window of its own keeps its
// store and tree and is shown by that window's title and menus, not the first one's; it moves
// back, and the emptied window closes; closing the first window closes the detached ones; the
// session keeps the detached tabs; a second start's databases go to the window used last.
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "restore/session_recorder.h"
#include "restore/session_state.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "startup/demo_database.h"
#include "support/refusing_prompt.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "window/main_window.h"

#include <kvs/literal.h>
#include <kvs/saved_connection.h>

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using kvs::ui::DatabaseView;
using kvs::ui::MainWindow;

namespace {

constexpr int kTimeout = 20000;

using kvs::test::RefusingPrompt;

// Accepts the next message box (allowing writes asks first) once it shows.
void acceptNextMessageBox()
{
    QTimer::singleShot(20, [] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (auto *box = qobject_cast<QMessageBox *>(widget); box && box->isVisible()) {
                box->button(QMessageBox::Yes)->click();
                return;
            }
        }
        acceptNextMessageBox();
    });
}

} // namespace

class TestTabWindows : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    kvs::ui::MemorySecretStore m_secrets;
    RefusingPrompt m_prompt;
    QString m_first;
    QString m_second;

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

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config"))));
        qRegisterMetaType<DatabaseView *>();
        m_first = m_dir.filePath(QStringLiteral("first.kvs.db"));
        m_second = m_dir.filePath(QStringLiteral("second.kvs.db"));
        QVERIFY(kvs::ui::createDemoDatabase(m_first));
        QVERIFY(kvs::ui::createDemoDatabase(m_second));
    }

    void aTabMovesToAWindowOfItsOwnAndBack()
    {
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        DatabaseView *a = open(window, m_first);
        DatabaseView *b = open(window, m_second);
        QVERIFY(a && b);
        const auto store = b->session()->store();

        QPointer<MainWindow> detached = window.moveToNewWindow(b);
        QVERIFY(detached);
        QCOMPARE(window.databaseCount(), 1);
        QCOMPARE(window.currentDatabase(), a);
        QCOMPARE(detached->databaseCount(), 1);
        QCOMPARE(detached->currentDatabase(), b);
        QCOMPARE(detached->firstWindow(), &window);
        // One window's connections on the view: the first window's went with their link.
        const auto links = [b] {
            return b
                ->findChildren<QObject *>(QStringLiteral("windowLink"), Qt::FindDirectChildrenOnly)
                .size();
        };
        QCOMPARE(links(), 1);
        QCOMPARE(window.detachedWindows(), QList<MainWindow *>{detached.data()});
        QVERIFY(detached->windowTitle().contains(QStringLiteral("second.kvs.db")));
        QVERIFY(window.windowTitle().contains(QStringLiteral("first.kvs.db")));
        // The same store, and the tree still answers.
        QCOMPARE(b->session()->store(), store);
        QSignalSpy found(b->tree(), &kvs::ui::KeyTreePane::goToFinished);
        b->tree()->goToKey(kvs::parseKeyLiteral(R"(["users", "bob"])"));
        QVERIFY(found.wait(kTimeout));
        QVERIFY(found.first().first().toBool());
        // Its mode now shows in the detached window only: the first keeps its tab's.
        const QString firstTitle = window.windowTitle();
        acceptNextMessageBox();
        b->findChild<QAction *>(QStringLiteral("allowWrites"))->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(b->session()->isWritable(), kTimeout);
        QCOMPARE(window.windowTitle(), firstTitle);
        QCOMPARE(window.currentDatabase(), a);
        // The menus: "Move back" only in the detached window.
        QVERIFY(!window.findChild<QAction *>(QStringLiteral("moveTabBack"))->isEnabled());
        QVERIFY(detached->findChild<QAction *>(QStringLiteral("moveTabBack"))->isEnabled());

        detached->findChild<QAction *>(QStringLiteral("moveTabBack"))->trigger();
        QCOMPARE(window.databaseCount(), 2);
        QCOMPARE(window.currentDatabase(), b);
        QCOMPARE(b->session()->store(), b->session()->store());
        QVERIFY(b->session()->isWritable());                   // its state went along
        QTRY_VERIFY_WITH_TIMEOUT(detached.isNull(), kTimeout); // emptied: closed and gone
        QVERIFY(window.detachedWindows().isEmpty());
    }

    void closingTheFirstWindowClosesTheDetachedOnes()
    {
        auto window = std::make_unique<MainWindow>(nullptr, &m_secrets, &m_prompt);
        window->show();
        DatabaseView *a = open(*window, m_first);
        DatabaseView *b = open(*window, m_second);
        QVERIFY(a && b);
        QPointer<MainWindow> detached = window->moveToNewWindow(b);
        QVERIFY(detached && detached->isVisible());
        QVERIFY(window->close());
        QTRY_VERIFY_WITH_TIMEOUT(detached.isNull(), kTimeout);
    }

    void theSessionKeepsTheDetachedTabs()
    {
        const QString path = m_dir.filePath(QStringLiteral("side-by-side/session.json"));
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        window.recordSession(path);
        DatabaseView *a = open(window, m_first);
        DatabaseView *b = open(window, m_second);
        QVERIFY(a && b);
        QPointer<MainWindow> detached = window.moveToNewWindow(b);
        const auto tabs = [&path] {
            QString error;
            const std::optional<kvs::ui::SessionState> state
                = kvs::ui::readSessionState(path, &error);
            QStringList paths;
            if (state)
                for (const kvs::ui::TabState &tab : state->tabs)
                    paths.append(QFileInfo(tab.spec.sqlitePath()).fileName());
            return paths;
        };
        QSignalSpy written(window.findChild<kvs::ui::SessionRecorder *>(),
                           &kvs::ui::SessionRecorder::written);
        QVERIFY(written.wait(kTimeout));
        QCOMPARE(tabs(),
                 (QStringList{QStringLiteral("first.kvs.db"), QStringLiteral("second.kvs.db")}));
        // A tab opened in the detached window is in the session too.
        const QString third = m_dir.filePath(QStringLiteral("third.kvs.db"));
        QVERIFY(kvs::ui::createDemoDatabase(third));
        QVERIFY(open(*detached, third));
        QTRY_COMPARE_WITH_TIMEOUT(tabs().size(), 3, kTimeout);
        window.close();
        QCOMPARE(tabs().size(), 3); // written before the windows went
    }

    void theWindowUsedLastIsKnown()
    {
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        window.show();
        QApplication::setActiveWindow(&window);
        QTRY_COMPARE_WITH_TIMEOUT(MainWindow::lastActive(), &window, kTimeout);
        DatabaseView *a = open(window, m_first);
        DatabaseView *b = open(window, m_second);
        QVERIFY(a && b);
        QPointer<MainWindow> detached = window.moveToNewWindow(b);
        QApplication::setActiveWindow(detached);
        QTRY_COMPARE_WITH_TIMEOUT(MainWindow::lastActive(), detached.data(), kTimeout);
        window.close();
    }
};

QTEST_MAIN(TestTabWindows)
#include "tst_tab_windows.moc"
