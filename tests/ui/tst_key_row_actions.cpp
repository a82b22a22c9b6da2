// The key tree's row actions (issue 12, section 2) on a real SQLite file, offscreen: the copy
// actions with their "Copied" note in the status bar, Ctrl+C / Del / F2 on the tree, and the
// subtree's bulk actions (export, delete, import): counted first, confirmed with what will
// happen, run off the GUI thread.
#include "connection/connection_spec.h"
#include "inspector/literal_editor.h"
#include "inspector/value_edit_panel.h"
#include "inspector/value_inspector.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/raw_sqlite.h"
#include "tree/key_row_actions.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

using kvs::ui::DatabaseView;
using kvs::ui::KeyRowActions;
using kvs::ui::KeyTreeModel;
using kvs::ui::SubtreeBulkAction;
using kvs::ui::ValueInspector;

namespace {

constexpr int kTimeout = 20000;

// Clicks the button labelled buttonText (or a standard button) of the next message box once it
// shows; records its text and informative text in text.
void answerNextMessageBox(const QString &buttonText, QString *text = nullptr, int tries = 500)
{
    // Gives up after tries (10 s): a box that never came must not be answered in a later test.
    if (tries == 0) {
        qWarning() << "no message box came to answer with" << buttonText;
        return;
    }
    QTimer::singleShot(20, qApp, [buttonText, text, tries] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            auto *box = qobject_cast<QMessageBox *>(widget);
            if (!box || !box->isVisible())
                continue;
            if (text)
                *text = box->text() + QLatin1Char('\n') + box->informativeText();
            for (QAbstractButton *button : box->buttons()) {
                if (button->text().remove(QLatin1Char('&')) == buttonText) {
                    button->click();
                    return;
                }
            }
            qWarning() << "no button" << buttonText << "in" << box->text();
            box->reject();
            return;
        }
        answerNextMessageBox(buttonText, text, tries - 1);
    });
}

} // namespace

class TestKeyRowActions : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;
    std::unique_ptr<QMainWindow> m_window;
    DatabaseView *m_view = nullptr; // Owned by m_window.
    QString m_path;

    // A main window holding a tab on a fresh file with three users and two orders, writable,
    // with ["users", "alice"] selected and shown.
    bool open(bool writable = true)
    {
        m_path = m_dir.filePath(QStringLiteral("rows-%1.db").arg(++m_files));
        {
            kvs::KVStore store(m_path.toStdString());
            for (const char *key : {R"(["users", "alice"])",
                                    R"(["users", "bob"])",
                                    R"(["users", "carol"])",
                                    R"(["orders", 1])",
                                    R"(["orders", 2])"}) {
                store.set(kvs::parseKeyLiteral(key), kvs::parseLiteral("{n: 1n, d: new Date(5)}"));
            }
        }
        m_window = std::make_unique<QMainWindow>();
        m_window->statusBar();
        m_view = new DatabaseView(
            new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(m_path), {}));
        m_window->setCentralWidget(m_view);
        m_window->resize(1100, 650);
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get()))
            return false;
        if (!QTest::qWaitFor(
                [&] { return m_view->modeText() == QStringLiteral("Read-only (inspect)"); },
                kTimeout))
            return false;
        if (writable) {
            answerNextMessageBox(QStringLiteral("Allow writes"));
            m_view->allowWritesAction()->trigger();
            if (!QTest::qWaitFor([&] { return m_view->modeText() == QStringLiteral("Writable"); },
                                 kTimeout))
                return false;
        }
        QSignalSpy shown(m_view->inspector(), &ValueInspector::loaded);
        m_view->tree()->goToKey(kvs::parseKeyLiteral(R"(["users", "alice"])"));
        return shown.wait(kTimeout);
    }
    KeyRowActions *actions() const { return m_view->tree()->rowActions(); }
    // The tree with the keyboard focus in the active window (a message box took it).
    QTreeView *focusedTree() const
    {
        QTreeView *tree = m_view->tree()->view();
        m_window->activateWindow();
        if (!QTest::qWaitForWindowActive(m_window.get()))
            return nullptr;
        tree->setFocus();
        return QTest::qWaitFor([&] { return tree->hasFocus(); }, kTimeout) ? tree : nullptr;
    }
    QModelIndex indexOf(const char *literal) const
    {
        const std::string encoded = kvs::encodeKey(kvs::parseKeyLiteral(literal));
        KeyTreeModel *model = m_view->tree()->model();
        QModelIndex parent;
        // Walk down from the root through the rows whose keys are prefixes of encoded.
        for (;;) {
            bool descended = false;
            for (int row = 0; row < model->rowCount(parent); ++row) {
                const QModelIndex child = model->index(row, 0, parent);
                const std::string key = model->encodedKeyAt(child);
                if (key == encoded)
                    return child;
                if (encoded.rfind(key, 0) == 0) {
                    parent = child;
                    descended = true;
                    break;
                }
            }
            if (!descended)
                return {};
        }
    }
    QString statusText() const { return m_window->statusBar()->currentMessage(); }
    int rows(const char *where) const
    {
        kvs::test::RawSqlite raw(m_path.toStdString(), true);
        return std::stoi(raw.rows(std::string("SELECT count(*) FROM kv ") + where)[0][0]);
    }
    // Runs a bulk action, answering its confirmation with buttonText; the summary it ended with.
    QString runBulk(SubtreeBulkAction::Kind kind,
                    const QModelIndex &index,
                    const QString &path,
                    const QString &buttonText,
                    QString *question)
    {
        QSignalSpy finished(actions(), &KeyRowActions::bulkFinished);
        answerNextMessageBox(buttonText, question);
        if (!actions()->startBulk(kind, index, path))
            return QStringLiteral("<not started>");
        if (!finished.wait(kTimeout))
            return QStringLiteral("<no end>");
        return finished.at(0).at(0).toString();
    }

private slots:
    void cleanup()
    {
        m_window.reset();
        m_view = nullptr;
    }
    void menuCopiesLiteralHexAndCursor();
    void keyboardCopiesDeletesAndEdits();
    void exportSubtreeCountsAsksAndWritesTheFile();
    void deleteSubtreeAsksAndDeletesOnlyIt();
    void importIntoWritesTheFilesEntries();
    void readOnlyOffersNoWrites();
};

void TestKeyRowActions::menuCopiesLiteralHexAndCursor()
{
    QVERIFY(open());
    const QModelIndex alice = indexOf(R"(["users", "alice"])");
    QVERIFY(alice.isValid());
    QMenu *menu = m_view->tree()->rowMenu(alice);
    QAction *copy = menu->findChild<QAction *>(QStringLiteral("menuCopyKeyLiteral"));
    QVERIFY(copy && copy->isEnabled());
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral(R"(["users", "alice"])"));
    QCOMPARE(statusText(), QStringLiteral(R"(Copied ["users", "alice"])"));
    menu->findChild<QAction *>(QStringLiteral("menuCopyHex"))->trigger();
    const QString hex = QString::fromLatin1(
        QByteArray::fromStdString(kvs::encodeKey(kvs::parseKeyLiteral(R"(["users", "alice"])")))
            .toHex());
    QCOMPARE(QGuiApplication::clipboard()->text(), hex);
    QCOMPARE(statusText(), QStringLiteral("Copied the encoded key ") + hex);
    menu->findChild<QAction *>(QStringLiteral("menuCopyCursor"))->trigger();
    const QString cursor = QString::fromStdString(
        kvs::encodeCursor(kvs::encodeKey(kvs::parseKeyLiteral(R"(["users", "alice"])"))));
    QCOMPARE(QGuiApplication::clipboard()->text(), cursor);
    QCOMPARE(statusText(), QStringLiteral("Copied the list cursor ") + cursor);
    // "Add to transaction" stays first; the bulk actions are there.
    QCOMPARE(menu->actions().first()->objectName(), QStringLiteral("addToTransaction"));
    for (const char *name : {"menuExportSubtree", "menuDeleteSubtree", "menuImport"})
        QVERIFY2(menu->findChild<QAction *>(QString::fromLatin1(name))->isEnabled(), name);
    delete menu;
}

void TestKeyRowActions::keyboardCopiesDeletesAndEdits()
{
    QVERIFY(open());
    QTreeView *tree = focusedTree();
    QVERIFY(tree);
    QGuiApplication::clipboard()->clear();
    QTest::keySequence(tree, QKeySequence::Copy);
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral(R"(["users", "alice"])"));
    QCOMPARE(statusText(), QStringLiteral(R"(Copied ["users", "alice"])"));

    // Del asks, naming the key; Cancel keeps it.
    QString asked;
    answerNextMessageBox(QStringLiteral("Cancel"), &asked);
    QTest::keyClick(tree, Qt::Key_Delete);
    QVERIFY2(asked.startsWith(QStringLiteral(R"(Delete the key ["users", "alice"]?)")),
             qPrintable(asked));
    QCOMPARE(rows(""), 5);
    // Delete deletes it, and the tree drops the row.
    QSignalSpy deleted(m_view->inspector(), &ValueInspector::keyDeleted);
    answerNextMessageBox(QStringLiteral("Delete"));
    QVERIFY(focusedTree());
    QTest::keyClick(tree, Qt::Key_Delete);
    QVERIFY(deleted.wait(kTimeout));
    QCOMPARE(rows(""), 4);
    QVERIFY(QTest::qWaitFor([&] { return !indexOf(R"(["users", "alice"])").isValid(); }, kTimeout));

    // F2 edits the current key's value.
    QSignalSpy shown(m_view->inspector(), &ValueInspector::loaded);
    m_view->tree()->goToKey(kvs::parseKeyLiteral(R"(["users", "bob"])"));
    QVERIFY(shown.wait(kTimeout));
    QVERIFY(focusedTree());
    QTest::keyClick(tree, Qt::Key_F2);
    QPlainTextEdit *editor = m_view->inspector()->editPanel()->editor()->textEdit();
    QVERIFY(QTest::qWaitFor([&] { return editor->isVisible() && editor->hasFocus(); }, kTimeout));
    QVERIFY2(editor->toPlainText().contains(QStringLiteral("\"n\": 1n")),
             qPrintable(editor->toPlainText()));
}

void TestKeyRowActions::exportSubtreeCountsAsksAndWritesTheFile()
{
    QVERIFY(open());
    const QString file = m_dir.filePath(QStringLiteral("users.jsonl"));
    QString question;
    const QString summary = runBulk(SubtreeBulkAction::Kind::Export,
                                    indexOf(R"(["users"])"),
                                    file,
                                    QStringLiteral("Export"),
                                    &question);
    QCOMPARE(summary, QStringLiteral("Exported 3 entries to %1.").arg(file));
    QVERIFY2(question.startsWith(
                 QStringLiteral(R"(Export 3 entries of ["users"] and the keys below it to %1?)")
                     .arg(file)),
             qPrintable(question));
    QVERIFY2(question.contains(QStringLiteral("is not one snapshot")), qPrintable(question));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = written.readAll().split('\n');
    QCOMPARE(lines.size(), 4); // three lines and the end
    QCOMPARE(lines[0],
             QByteArray(R"({"key": "[\"users\", \"alice\"]", "value": "{\"n\": 1n, \"d\": new )"
                        R"(Date(5)}", "expiresAt": null})"));
    QCOMPARE(statusText(), summary);

    // Cancel at the question writes nothing.
    const QString refused = m_dir.filePath(QStringLiteral("refused.jsonl"));
    QCOMPARE(runBulk(SubtreeBulkAction::Kind::Export,
                     indexOf(R"(["orders"])"),
                     refused,
                     QStringLiteral("Cancel"),
                     nullptr),
             QStringLiteral("Cancelled; nothing was changed."));
    QVERIFY(!QFile::exists(refused));
}

void TestKeyRowActions::deleteSubtreeAsksAndDeletesOnlyIt()
{
    QVERIFY(open());
    QString question;
    QCOMPARE(runBulk(SubtreeBulkAction::Kind::Delete,
                     indexOf(R"(["users"])"),
                     {},
                     QStringLiteral("Cancel"),
                     &question),
             QStringLiteral("Cancelled; nothing was changed."));
    QVERIFY2(question.startsWith(QStringLiteral(R"(Delete 3 entries of ["users"] and the keys )"
                                                R"(below it?)")),
             qPrintable(question));
    QVERIFY2(question.contains(QStringLiteral("cannot be undone")), qPrintable(question));
    QCOMPARE(rows(""), 5);
    QCOMPARE(runBulk(SubtreeBulkAction::Kind::Delete,
                     indexOf(R"(["users"])"),
                     {},
                     QStringLiteral("Delete"),
                     nullptr),
             QStringLiteral("Deleted 3 entries."));
    QCOMPARE(rows(""), 2);
    // The tree reads again: the subtree is gone, the orders stay.
    QVERIFY(QTest::qWaitFor([&] { return m_view->tree()->model()->rowCount({}) == 1; }, kTimeout));
    QVERIFY(indexOf(R"(["orders"])").isValid());
}

void TestKeyRowActions::importIntoWritesTheFilesEntries()
{
    QVERIFY(open());
    const QString file = m_dir.filePath(QStringLiteral("import.jsonl"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(R"({"key": "[\"users\", \"alice\"]", "value": "'replaced?'", "expiresAt": null})"
              "\n"
              R"x({"key": "[\"imported\", 1]", "value": "new Set([1])", "expiresAt": null})x"
              "\n"
              R"({"key": "[\"imported\", 2]", "value": "2n", "expiresAt": null})"
              "\n");
    out.close();
    QString question;
    const QString summary = runBulk(SubtreeBulkAction::Kind::Import,
                                    indexOf(R"(["orders"])"),
                                    file,
                                    QStringLiteral("Import, keep existing"),
                                    &question);
    QCOMPARE(summary, QStringLiteral("Imported 2 entries, skipped 1."));
    QVERIFY2(question.startsWith(
                 QStringLiteral("Import the 3 entries of %1 into this database?").arg(file)),
             qPrintable(question));
    QVERIFY2(question.contains(QStringLiteral("keys are absolute")), qPrintable(question));
    QCOMPARE(rows(""), 7);
    QVERIFY(QTest::qWaitFor([&] { return indexOf(R"(["imported"])").isValid(); }, kTimeout));

    // A malformed line: the failure says which, and nothing of its batch is written.
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(R"({"key": "[\"late\"]", "value": "1", "expiresAt": null})"
              "\n{\"key\": 5}\n");
    out.close();
    QSignalSpy finished(actions(), &KeyRowActions::bulkFinished);
    answerNextMessageBox(QStringLiteral("Import, overwrite existing"));
    QVERIFY(actions()->startBulk(SubtreeBulkAction::Kind::Import, {}, file));
    answerNextMessageBox(QStringLiteral("OK")); // the failure's box
    QVERIFY(finished.wait(kTimeout));
    QVERIFY2(finished.at(0).at(0).toString().startsWith(
                 QStringLiteral("Import stopped at line 2 (kvs: import line 2: \"key\" must be a "
                                "string holding a literal).")),
             qPrintable(finished.at(0).at(0).toString()));
    QCOMPARE(finished.at(0).at(2).toBool(), true);
    QCOMPARE(rows(""), 7);
}

void TestKeyRowActions::readOnlyOffersNoWrites()
{
    QVERIFY(open(false));
    const QModelIndex users = indexOf(R"(["users"])");
    QMenu *menu = m_view->tree()->rowMenu(users);
    QVERIFY(menu->findChild<QAction *>(QStringLiteral("menuExportSubtree"))->isEnabled());
    QVERIFY(!menu->findChild<QAction *>(QStringLiteral("menuDeleteSubtree"))->isEnabled());
    QVERIFY(!menu->findChild<QAction *>(QStringLiteral("menuImport"))->isEnabled());
    delete menu;
    QVERIFY(!actions()->startBulk(SubtreeBulkAction::Kind::Delete, users, {}));
    QTreeView *tree = focusedTree();
    QVERIFY(tree);
    QTest::keyClick(tree, Qt::Key_Delete);
    QCOMPARE(actions()->lastNote(),
             QStringLiteral("Read-only: switch on Allow writes to delete keys."));
    QCOMPARE(rows(""), 5);
    // Export works read-only.
    const QString file = m_dir.filePath(QStringLiteral("ro.jsonl"));
    QCOMPARE(runBulk(SubtreeBulkAction::Kind::Export, {}, file, QStringLiteral("Export"), nullptr),
             QStringLiteral("Exported 5 entries to %1.").arg(file));
}

QTEST_MAIN(TestKeyRowActions)
#include "tst_key_row_actions.moc"
