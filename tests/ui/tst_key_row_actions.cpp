// The key tree's row actions (issue 12, section 2) on a real SQLite file, offscreen: the copy
// actions with their "Copied" note in the status bar, Ctrl+C / Del / F2 on the tree, and the
// subtree's bulk actions (export, delete, import): counted first, confirmed with what will
// happen, run off the GUI thread.
#include "common/literal_editor.h"
#include "inspector/value_edit_panel.h"
#include "inspector/value_inspector.h"
#include "session/database_view.h"
#include "support/database_view_fixture.h"
#include "support/gate.h"
#include "support/raw_sqlite.h"
#include "support/small_screen.h"
#include "support/test_paths.h"
#include "tree/key_row_actions.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <atomic>
#include <memory>

using kvs::ui::DatabaseView;
using kvs::ui::KeyRowActions;
using kvs::ui::KeyTreeModel;
using kvs::ui::SubtreeBulkAction;
using kvs::ui::ValueInspector;

using kvs::test::answerNextMessageBox;

namespace {

constexpr int kTimeout = 20000;

} // namespace

class TestKeyRowActions : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;
    kvs::test::DatabaseWindow m_window;
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
        if (!m_window.open(kvs::test::sqliteSession(m_path), writable, kTimeout))
            return false;
        m_view = m_window.view();
        QSignalSpy shown(m_view->inspector(), &ValueInspector::loaded);
        m_view->tree()->goToKey(kvs::parseKeyLiteral(R"(["users", "alice"])"));
        return shown.wait(kTimeout);
    }
    KeyRowActions *actions() const { return m_view->tree()->rowActions(); }
    // Adds count entries ["events", 0] ... ["events", count - 1] holding value, in one
    // transaction; the tree's row of ["events"] once it shows (invalid if it does not).
    QModelIndex addEvents(int count, const kvs::Value &value)
    {
        {
            kvs::KVStore store(m_path.toStdString());
            kvs::AtomicOperation op = store.atomic();
            for (int i = 0; i < count; ++i)
                op.set(kvs::Key{kvs::KeyPart(std::string("events")), kvs::KeyPart(double(i))},
                       value);
            if (!op.commit().ok)
                return {};
        }
        m_view->tree()->refresh();
        QModelIndex events;
        (void)QTest::qWaitFor(
            [&] {
                events = indexOf(R"(["events"])");
                return events.isValid();
            },
            kTimeout);
        return events;
    }
    // The tree with the keyboard focus in the active window (a message box took it).
    QTreeView *focusedTree() const
    {
        QTreeView *tree = m_view->tree()->view();
        m_window.window()->activateWindow();
        if (!QTest::qWaitForWindowActive(m_window.window()))
            return nullptr;
        tree->setFocus();
        return QTest::qWaitFor([&] { return tree->hasFocus(); }, kTimeout) ? tree : nullptr;
    }
    QModelIndex indexOf(const char *literal) const { return kvs::test::loadedRow(m_view, literal); }
    QString statusText() const { return m_window.window()->statusBar()->currentMessage(); }
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
        return kvs::test::runBulk(m_view, kind, index, path, buttonText, question, kTimeout);
    }

private slots:
    void cleanup()
    {
        m_window.close();
        m_view = nullptr;
    }
    void menuCopiesLiteralHexAndCursor();
    void keyboardCopiesDeletesAndEdits();
    void exportSubtreeCountsAsksAndWritesTheFile();
    void deleteSubtreeAsksAndDeletesOnlyIt();
    void deleteSubtreeGroupsItsCountsLikeTheLocale();
    void importIntoWritesTheFilesEntries();
    void readOnlyOffersNoWrites();
    void savesAScreenshotOfAnExportInProgress();
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
    // The tab's undo journal is on (the default): the question says how to take it back.
    QVERIFY2(asked.contains(QStringLiteral("Edit > Undo puts it back")), qPrintable(asked));
    QVERIFY2(!asked.contains(QStringLiteral("cannot be undone")), qPrintable(asked));
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
    // The tab keeps a recycle bin (undo is on by default): the question says where they go.
    QVERIFY2(question.contains(QStringLiteral("first kept in Edit > Recently Deleted")),
             qPrintable(question));
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

// The question and the summary group their counts as the locale does (%Ln), like every other
// number of the window: "1,200 entries" in English (United States), not "1200 entries".
void TestKeyRowActions::deleteSubtreeGroupsItsCountsLikeTheLocale()
{
    QVERIFY(open());
    const QModelIndex events = addEvents(1200, kvs::Value(1.0));
    QVERIFY(events.isValid());
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    const auto restore = qScopeGuard([before] { QLocale::setDefault(before); });
    QString question;
    QCOMPARE(
        runBulk(SubtreeBulkAction::Kind::Delete, events, {}, QStringLiteral("Delete"), &question),
        QStringLiteral("Deleted 1,200 entries."));
    QVERIFY2(question.startsWith(QStringLiteral(R"(Delete 1,200 entries of ["events"])")),
             qPrintable(question));
    QCOMPARE(rows(""), 5);
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

// The README's docs/screenshots/export-progress.png: an export of 20,000 entries held by the
// action's test hook after its eighth batch, its progress dialog (bar and Cancel) drawn over the
// window where it shows; then it goes on to the end.
void TestKeyRowActions::savesAScreenshotOfAnExportInProgress()
{
    QVERIFY(open());
    const QModelIndex events
        = addEvents(20000, kvs::parseLiteral("{kind: 'login', at: new Date(1780000000000)}"));
    QVERIFY(events.isValid());
    m_view->tree()->view()->setCurrentIndex(events);

    const auto gate = std::make_shared<kvs::test::Gate>();
    const auto held = std::make_shared<std::atomic<bool>>(false);
    const auto openGate = qScopeGuard([gate] { gate->open(); });
    const QString file = m_dir.filePath(QStringLiteral("events.jsonl"));
    QSignalSpy finished(actions(), &KeyRowActions::bulkFinished);
    answerNextMessageBox(QStringLiteral("Export"));
    SubtreeBulkAction *action = actions()->startBulk(SubtreeBulkAction::Kind::Export, events, file);
    QVERIFY(action);
    action->setAfterBatchHook([gate, held](long long done) {
        if (done == 8000 && !held->exchange(true))
            gate->wait();
    });
    QTRY_COMPARE_WITH_TIMEOUT(gate->waiting(), 1, kTimeout);
    auto *progress
        = m_window.window()->findChild<QProgressDialog *>(QStringLiteral("bulkProgress"));
    QVERIFY(progress && progress->isVisible());
    QCOMPARE(progress->maximum(), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(progress->value(), 8000, kTimeout);
    QCOMPARE(progress->labelText(),
             QStringLiteral(R"(Exporting ["events"] and the keys below it…)"));
    bool cancel = false;
    for (QPushButton *button : progress->findChildren<QPushButton *>())
        cancel = cancel || (button->isVisible() && button->text() == QStringLiteral("Cancel"));
    QVERIFY(cancel);
    QVERIFY(!QFile::exists(file)); // written beside it until complete

    QWidget *window = m_window.window();
    // As the window is on a 1024x700 screen (tests/support/small_screen.h).
    window->resize(kvs::test::kWindowOnSmallScreen);
    QCoreApplication::processEvents();
    QPixmap shot = window->grab();
    const QPixmap dialog = progress->grab();
    QPoint at = progress->geometry().topLeft() - window->geometry().topLeft();
    if (!shot.rect().contains(QRect(at, dialog.size())))
        at = shot.rect().center() - dialog.rect().center();
    {
        QPainter painter(&shot);
        painter.drawPixmap(at, dialog);
        painter.setPen(window->palette().color(QPalette::Mid));
        painter.drawRect(QRect(at, dialog.size()).adjusted(0, 0, -1, -1));
    }
    const QString directory = qEnvironmentVariableIsSet("KVS_SCREENSHOT_DIR")
                                  ? qEnvironmentVariable("KVS_SCREENSHOT_DIR")
                                  : kvs::test::fromTest(KVS_SCREENSHOT_DIR);
    QVERIFY(QDir().mkpath(directory));
    QVERIFY(shot.save(QDir(directory).filePath(QStringLiteral("export-progress.png"))));

    // Let go, the export runs to its end.
    gate->open();
    QVERIFY(finished.wait(kTimeout));
    QCOMPARE(finished.at(0).at(0).toString(),
             QStringLiteral("Exported %1 entries to %2.").arg(QLocale().toString(20000), file));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll().count('\n'), 20000);
}

QTEST_MAIN(TestKeyRowActions)
#include "tst_key_row_actions.moc"
