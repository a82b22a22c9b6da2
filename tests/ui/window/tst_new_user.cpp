// Issue 31: the window as a new user tries it, offscreen on real SQLite files: Allow writes on a
// file that is not a kvs database says why it cannot; Open SQLite File with a new name offers
// to create the database; a new, empty database offers New key and Import (its empty tree's
// menu, the File menu) and is filled by an import; the Getting started page shows on the first
// start only and from Help; Help > Keyboard shortcuts lists every shortcut of the window.
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "help/getting_started.h"
#include "help/shortcut_list.h"
#include "help/shortcuts_dialog.h"
#include "session/database_import.h"
#include "session/database_view.h"
#include "startup/demo_database.h"
#include "support/raw_sqlite.h"
#include "support/refusing_prompt.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "window/main_window.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

using kvs::ui::DatabaseView;
using kvs::ui::MainWindow;

namespace {

constexpr int kTimeout = 20000;

using kvs::test::RefusingPrompt;

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Clicks button of the next message box once it shows (its text into text); gives up after
// 10 s, or when context goes (the step that expected the box ended).
void answerNextMessageBox(QMessageBox::StandardButton button,
                          QString *text,
                          QObject *context = qApp,
                          int tries = 500)
{
    if (tries == 0)
        return;
    QTimer::singleShot(20, context, [button, text, context, tries] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (auto *box = qobject_cast<QMessageBox *>(widget); box && box->isVisible()) {
                if (text)
                    *text = box->text() + QLatin1Char('\n') + box->informativeText();
                box->button(button)->click();
                return;
            }
        }
        answerNextMessageBox(button, text, context, tries - 1);
    });
}

// Clicks the button labelled text of the next message box once it shows; as above.
void clickInNextMessageBox(const QString &text, QObject *context, int tries = 500)
{
    if (tries == 0)
        return;
    QTimer::singleShot(20, context, [text, context, tries] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            auto *box = qobject_cast<QMessageBox *>(widget);
            if (!box || !box->isVisible())
                continue;
            for (QAbstractButton *button : box->buttons()) {
                if (button->text() == text) {
                    button->click();
                    return;
                }
            }
        }
        clickInNextMessageBox(text, context, tries - 1);
    });
}

QAction *actionNamed(const QWidget &window, const char *name)
{
    return window.findChild<QAction *>(QString::fromLatin1(name));
}

} // namespace

class TestNewUser : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    kvs::ui::MemorySecretStore m_secrets;
    RefusingPrompt m_prompt;

    QString file(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }

    DatabaseView *open(MainWindow &window, const QString &path)
    {
        QSignalSpy opened(&window, &MainWindow::databaseOpened);
        window.openDatabase(path);
        if (opened.isEmpty() && !opened.wait(kTimeout))
            return nullptr;
        return opened.first().first().value<DatabaseView *>();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(file("config")));
        QCoreApplication::setOrganizationName(QStringLiteral("kvs-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_new_user"));
        qRegisterMetaType<DatabaseView *>();
    }

    // Allow writes on a file with other tables confirmed, then nothing visible happened.
    void allowWritesOnAFileThatIsNotKvsSaysWhy()
    {
        const QString path = file("shop.db");
        kvs::test::RawSqlite(path.toStdString()).exec("CREATE TABLE customers (id INTEGER);");
        const QByteArray before = fileBytes(path);
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        DatabaseView *view = open(window, path);
        QVERIFY(view);
        QTRY_VERIFY_WITH_TIMEOUT(view->bannerText().contains(QStringLiteral("customers")),
                                 kTimeout);
        QString asked;
        QObject step; // a question that never comes is not waited for after this test
        answerNextMessageBox(QMessageBox::Yes, &asked, &step); // answers one if it comes
        // A question would be modal: trigger() returns once it was answered.
        view->allowWritesAction()->trigger();
        QVERIFY2(asked.isEmpty(), qPrintable(asked));
        QVERIFY2(view->bannerText().startsWith(
                     QStringLiteral("Writes cannot be allowed: this is not a kvs database")),
                 qPrintable(view->bannerText()));
        QVERIFY(view->bannerText().contains(QStringLiteral("Add the kvs tables")));
        QVERIFY(!view->allowWritesAction()->isChecked());
        QCOMPARE(view->modeText(), QStringLiteral("Not open"));
        QCOMPARE(fileBytes(path), before);
    }

    // Open SQLite File with a new name said Qt's "File not found"; it offers to create it.
    void aNewFileNameOffersANewDatabase()
    {
        const QString path = file("fresh.db");
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        QSignalSpy opened(&window, &MainWindow::databaseOpened);
        QString asked;
        answerNextMessageBox(QMessageBox::Cancel, &asked);
        window.openOrCreateSqliteFile(path);
        QVERIFY2(asked.contains(QStringLiteral("does not exist. Create a new, empty kvs database")),
                 qPrintable(asked));
        QCOMPARE(opened.count(), 0);
        QVERIFY(!QFileInfo::exists(path));

        answerNextMessageBox(QMessageBox::Yes, &asked);
        window.openOrCreateSqliteFile(path);
        QCOMPARE(opened.count(), 1);
        auto *view = opened.first().first().value<DatabaseView *>();
        QTRY_COMPARE_WITH_TIMEOUT(view->modeText(), QStringLiteral("Writable"), kTimeout);
        QVERIFY(QFileInfo::exists(path));
        kvs::KVStoreOptions readOnly;
        readOnly.readOnly = true;
        QCOMPARE(kvs::KVStore(path.toStdString(), readOnly).schemaVersion(), kvs::kSchemaVersion);
    }

    // A new, empty database had no way in from the GUI: its empty tree had no menu, and the
    // File menu no Import.
    void anEmptyDatabaseOffersNewKeyAndImport()
    {
        const QString exported = file("users.jsonl");
        {
            QFile out(exported);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write("{\"key\": \"[\\\"users\\\", \\\"alice\\\"]\", \"value\": "
                      "\"{\\\"name\\\": \\\"Alice\\\"}\", \"expiresAt\": null}\n");
        }
        const QString path = file("empty.db");
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        window.resize(1000, 650);
        window.show();
        answerNextMessageBox(QMessageBox::Yes, nullptr);
        window.openOrCreateSqliteFile(path);
        QTRY_VERIFY_WITH_TIMEOUT(window.currentDatabase()
                                     && window.currentDatabase()->modeText()
                                            == QStringLiteral("Writable"),
                                 kTimeout);
        DatabaseView *view = window.currentDatabase();
        QCOMPARE(view->tree()->model()->rowCount(), 0);

        // The empty tree's menu.
        QTreeView *tree = view->tree()->view();
        emit tree->customContextMenuRequested(QPoint(20, 20));
        auto *menu = view->findChild<QMenu *>(QStringLiteral("emptyTreeMenu"));
        QVERIFY(menu);
        QStringList offered;
        for (const QAction *action : menu->actions())
            if (action->isEnabled())
                offered << action->text();
        QCOMPARE(offered, (QStringList{QStringLiteral("New key…"), QStringLiteral("&Import…")}));
        menu->close();

        // The File menu's, for the current tab.
        QAction *fileImport = actionNamed(window, "fileImport");
        QAction *fileNewKey = actionNamed(window, "fileNewKey");
        QVERIFY(fileImport && fileNewKey);
        QVERIFY(fileImport->isEnabled());
        QVERIFY(fileNewKey->isEnabled());

        // The import fills it (asked first, with the count).
        QObject step;
        clickInNextMessageBox(QStringLiteral("Import, keep existing"), &step);
        QVERIFY(view->importer()->importFrom(exported));
        QTRY_COMPARE_WITH_TIMEOUT(view->tree()->model()->rowCount(), 1, kTimeout);
        QCOMPARE(view->session()->store()->get({"users", "alice"}).result()->value,
                 kvs::parseLiteral(R"({name: "Alice"})"));

        // Read-only, neither is offered.
        view->allowWritesAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(
            view->modeText(), QStringLiteral("Read-only (inspect)"), kTimeout);
        QVERIFY(!fileImport->isEnabled());
        QVERIFY(!fileNewKey->isEnabled());
        QVERIFY(!view->importer()->importFrom(exported));
    }

    void gettingStartedShowsOnTheFirstStartOnly()
    {
        QSettings().remove(QLatin1String(kvs::ui::GettingStartedDialog::kShownKey));
        {
            MainWindow window(nullptr, &m_secrets, &m_prompt);
            window.show();
            window.showGettingStartedOnFirstStart();
            auto *page = window.findChild<kvs::ui::GettingStartedDialog *>();
            QVERIFY(page);
            QVERIFY(page->isVisible());
            QVERIFY(!page->isModal());
            const QString text = page->textLabel()->text();
            for (const char *says : {"demo database",
                                     "read-only",
                                     "Allow writes",
                                     "Keys",
                                     "Queues",
                                     "Watch",
                                     "Tables",
                                     "Keyboard"})
                QVERIFY2(text.contains(QString::fromLatin1(says)), says);
            // Where the demo lives: it is a tab only when the start had nothing else to open.
            QVERIFY(text.contains(
                QDir::toNativeSeparators(kvs::ui::defaultDemoDatabasePath()).toHtmlEscaped()));
            QVERIFY(!text.contains(QStringLiteral("first tab")));
        }
        MainWindow again(nullptr, &m_secrets, &m_prompt);
        again.show();
        again.showGettingStartedOnFirstStart();
        QVERIFY(!again.findChild<kvs::ui::GettingStartedDialog *>());
        // Help has it whenever asked.
        QAction *help = actionNamed(again, "gettingStarted");
        QVERIFY(help);
        help->trigger();
        QVERIFY(again.findChild<kvs::ui::GettingStartedDialog *>());
    }

    void keyboardShortcutsListsEveryShortcut()
    {
        const QString path = file("demo.kvs.db");
        QVERIFY(kvs::ui::createDemoDatabase(path));
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        QVERIFY(open(window, path));
        QAction *shortcuts = actionNamed(window, "keyboardShortcuts");
        QVERIFY(shortcuts);
        shortcuts->trigger();
        auto *dialog = window.findChild<kvs::ui::ShortcutsDialog *>();
        QVERIFY(dialog);
        QTableWidget *table = dialog->table();
        QSet<QString> listed;
        for (int row = 0; row < table->rowCount(); ++row)
            listed << table->item(row, 0)->text();
        // Every action of the window with a shortcut, its views' included.
        for (const QAction *action : window.findChildren<QAction *>()) {
            for (const QKeySequence &keys : action->shortcuts()) {
                QVERIFY2(listed.contains(keys.toString(QKeySequence::NativeText)),
                         qPrintable(action->text() + QLatin1Char(' ') + keys.toString()));
            }
        }
        for (const char *keys : {"Ctrl+O",
                                 "Ctrl+Shift+F",
                                 "F2",
                                 "F5",
                                 "Ctrl+Return",
                                 "Ctrl+End",
                                 "Alt+Up",
                                 "Ctrl+S",
                                 "Ctrl+L"})
            QVERIFY2(
                listed.contains(
                    QKeySequence(QString::fromLatin1(keys)).toString(QKeySequence::NativeText)),
                keys);
        // Where: the window's own, and the view a shortcut works in.
        bool searchInTab = false;
        for (int row = 0; row < table->rowCount(); ++row) {
            if (table->item(row, 1)->text() == QStringLiteral("Search keys"))
                searchInTab = table->item(row, 2)->text() == QStringLiteral("Database tab");
        }
        QVERIFY(searchInTab);
    }
};

QTEST_MAIN(TestNewUser)
#include "tst_new_user.moc"
