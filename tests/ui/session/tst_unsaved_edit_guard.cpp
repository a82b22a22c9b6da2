// Issue 12, defect 5: an unsaved edit in the value editor asks Save / Discard / Cancel before
// the tab closes, before the window closes and before a new tree filter drops the row shown,
// as selecting another key already does. Offscreen, on real SQLite files, through MainWindow.
#include "common/literal_editor.h"
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "inspector/value_edit_panel.h"
#include "inspector/value_inspector.h"
#include "session/database_view.h"
#include "support/refusing_prompt.h"
#include "tree/key_tree_filter_bar.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "window/main_window.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QApplication>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

using kvs::ui::DatabaseView;
using kvs::ui::MainWindow;
using kvs::ui::ValueInspector;

namespace {

constexpr int kTimeout = 20000;

using kvs::test::RefusingPrompt;

// Clicks button of the next message box once it shows; its text and informative text go to
// text. Gives up after 10 s (a box that never came must not be answered in a later step).
void answerNextMessageBox(QMessageBox::StandardButton button, QString *text, int tries = 500)
{
    if (tries == 0) {
        qWarning() << "no message box came";
        return;
    }
    QTimer::singleShot(20, qApp, [button, text, tries] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (auto *box = qobject_cast<QMessageBox *>(widget); box && box->isVisible()) {
                if (text)
                    *text = box->text() + QLatin1Char('\n') + box->informativeText();
                box->button(button)->click();
                return;
            }
        }
        answerNextMessageBox(button, text, tries - 1);
    });
}

double storedNumber(const QString &path, const char *literal)
{
    const std::optional<kvs::Entry> entry
        = kvs::KVStore(path.toStdString()).get(kvs::parseKeyLiteral(literal));
    return entry ? entry->value.asNumber() : -1;
}

} // namespace

class TestUnsavedEditGuard : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;
    kvs::ui::MemorySecretStore m_secrets;
    RefusingPrompt m_prompt;
    std::unique_ptr<MainWindow> m_window;
    QString m_path;

    // A main window with a writable tab on a new file, ["users", "alice"] shown.
    DatabaseView *open()
    {
        m_path = m_dir.filePath(QStringLiteral("guard-%1.db").arg(++m_files));
        {
            kvs::KVStore store(m_path.toStdString());
            for (const char *key : {R"(["users", "alice"])", R"(["orders", 1])"})
                store.set(kvs::parseKeyLiteral(key), kvs::Value(1.0));
        }
        m_window = std::make_unique<MainWindow>(nullptr, &m_secrets, &m_prompt);
        m_window->resize(1100, 650);
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get()))
            return nullptr;
        QSignalSpy opened(m_window.get(), &MainWindow::databaseOpened);
        m_window->openDatabase(m_path);
        if (opened.isEmpty() && !opened.wait(kTimeout))
            return nullptr;
        DatabaseView *view = opened.first().first().value<DatabaseView *>();
        if (!QTest::qWaitFor(
                [&] { return view->modeText() == QStringLiteral("Read-only (inspect)"); },
                kTimeout))
            return nullptr;
        answerNextMessageBox(QMessageBox::Yes, nullptr);
        view->allowWritesAction()->trigger();
        if (!QTest::qWaitFor([&] { return view->modeText() == QStringLiteral("Writable"); },
                             kTimeout))
            return nullptr;
        if (!show(view, R"(["users", "alice"])"))
            return nullptr;
        return view;
    }
    static bool show(DatabaseView *view, const char *literal)
    {
        QSignalSpy shown(view->inspector(), &ValueInspector::loaded);
        view->tree()->goToKey(kvs::parseKeyLiteral(literal));
        return shown.wait(kTimeout);
    }
    static void edit(DatabaseView *view, const QString &text)
    {
        view->inspector()->startEditing();
        view->inspector()->editPanel()->editor()->setText(text);
    }
    QTabWidget *tabs() const { return qobject_cast<QTabWidget *>(m_window->centralWidget()); }
    static void applyPrefix(DatabaseView *view, const QString &prefix)
    {
        QLineEdit *edit = view->tree()->filterBar()->prefixEdit();
        edit->setText(prefix);
        emit edit->returnPressed();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qRegisterMetaType<DatabaseView *>();
    }
    void cleanup() { m_window.reset(); }
    void closingTheTabAsks();
    void closingTheWindowAsks();
    void changingTheFilterAsks();
};

void TestUnsavedEditGuard::closingTheTabAsks()
{
    DatabaseView *view = open();
    QVERIFY(view);
    QVERIFY(tabs());
    QCOMPARE(m_window->databaseCount(), 1);

    // Cancel: the tab stays with the edit.
    edit(view, QStringLiteral("5"));
    QString question;
    answerNextMessageBox(QMessageBox::Cancel, &question);
    emit tabs()->tabCloseRequested(tabs()->indexOf(view));
    QVERIFY2(question.startsWith(QStringLiteral(R"(Save your changes to ["users", "alice"]?)")),
             qPrintable(question));
    QCOMPARE(m_window->databaseCount(), 1);
    QVERIFY(view->inspector()->hasUnsavedEdit());
    QCOMPARE(view->inspector()->editPanel()->editor()->text(), QStringLiteral("5"));

    // Save: written, then the tab closes.
    answerNextMessageBox(QMessageBox::Save, nullptr);
    emit tabs()->tabCloseRequested(tabs()->indexOf(view));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->databaseCount(), 0, kTimeout);
    QCOMPARE(storedNumber(m_path, R"(["users", "alice"])"), 5.0);

    // Discard: closes at once, nothing written.
    view = open();
    QVERIFY(view);
    edit(view, QStringLiteral("6"));
    answerNextMessageBox(QMessageBox::Discard, nullptr);
    emit tabs()->tabCloseRequested(tabs()->indexOf(view));
    QCOMPARE(m_window->databaseCount(), 0);
    QCOMPARE(storedNumber(m_path, R"(["users", "alice"])"), 1.0);
}

void TestUnsavedEditGuard::closingTheWindowAsks()
{
    DatabaseView *view = open();
    QVERIFY(view);
    edit(view, QStringLiteral("7"));
    QString question;
    answerNextMessageBox(QMessageBox::Cancel, &question);
    QVERIFY(!m_window->close());
    QVERIFY2(question.startsWith(QStringLiteral(R"(Save your changes to ["users", "alice"]?)")),
             qPrintable(question));
    QVERIFY(m_window->isVisible());
    QVERIFY(view->inspector()->hasUnsavedEdit());

    // Save: the window closes once the save committed.
    answerNextMessageBox(QMessageBox::Save, nullptr);
    QVERIFY(!m_window->close());
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->isVisible(), kTimeout);
    QCOMPARE(storedNumber(m_path, R"(["users", "alice"])"), 7.0);

    // Discard: closes at once; no edit: no question.
    view = open();
    QVERIFY(view);
    edit(view, QStringLiteral("8"));
    answerNextMessageBox(QMessageBox::Discard, nullptr);
    QVERIFY(m_window->close());
    QCOMPARE(storedNumber(m_path, R"(["users", "alice"])"), 1.0);
    QVERIFY(open());
    QVERIFY(m_window->close());
}

void TestUnsavedEditGuard::changingTheFilterAsks()
{
    DatabaseView *view = open();
    QVERIFY(view);
    kvs::ui::KeyTreeModel *model = view->tree()->model();

    // Cancel: the filter stays (and its field shows it again), the edit too.
    edit(view, QStringLiteral("3"));
    QString question;
    answerNextMessageBox(QMessageBox::Cancel, &question);
    applyPrefix(view, QStringLiteral(R"(["orders"])"));
    QVERIFY2(question.startsWith(QStringLiteral(R"(Save your changes to ["users", "alice"]?)")),
             qPrintable(question));
    QVERIFY(model->filter().prefix.empty());
    QCOMPARE(view->tree()->filterBar()->prefixEdit()->text(), QString());
    QVERIFY(view->inspector()->hasUnsavedEdit());

    // Discard: the filter applies; nothing was written.
    answerNextMessageBox(QMessageBox::Discard, nullptr);
    applyPrefix(view, QStringLiteral(R"(["orders"])"));
    QCOMPARE(model->filter().prefix, kvs::parseKeyLiteral(R"(["orders"])"));
    QVERIFY(!view->inspector()->hasUnsavedEdit());
    QCOMPARE(storedNumber(m_path, R"(["users", "alice"])"), 1.0);

    // Save: written, then the filter applies.
    QVERIFY(show(view, R"(["orders", 1])"));
    edit(view, QStringLiteral("4"));
    QSignalSpy written(view->inspector(), &ValueInspector::keyWritten);
    answerNextMessageBox(QMessageBox::Save, nullptr);
    applyPrefix(view, QString());
    QVERIFY(written.wait(kTimeout));
    QTRY_VERIFY_WITH_TIMEOUT(model->filter().prefix.empty(), kTimeout);
    QCOMPARE(view->tree()->filterBar()->prefixEdit()->text(), QString());
    QCOMPARE(storedNumber(m_path, R"(["orders", 1])"), 4.0);

    // No edit: no question.
    applyPrefix(view, QStringLiteral(R"(["users"])"));
    QCOMPARE(model->filter().prefix, kvs::parseKeyLiteral(R"(["users"])"));
}

QTEST_MAIN(TestUnsavedEditGuard)
#include "tst_unsaved_edit_guard.moc"
