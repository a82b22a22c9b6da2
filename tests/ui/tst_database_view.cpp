// One database tab on a real SQLite file, driven as a user drives it: writes keep the tree's
// expansion and selection (issue 12, defect 4), an unsaved edit is asked about before another
// key shows and Ctrl+S / Ctrl+Enter save it (defect 5), and a key another writer deleted while it
// was edited (defect 3).
#include "common/literal_editor.h"
#include "connection/connection_spec.h"
#include "inspector/conflict_view.h"
#include "inspector/inspector_controller.h"
#include "inspector/value_edit_panel.h"
#include "inspector/value_inspector.h"
#include "queues/queue_overview_model.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/raw_sqlite.h"
#include "tree/key_tree_filter_bar.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/clock.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>

using kvs::ui::DatabaseView;
using kvs::ui::KeyTreeModel;
using kvs::ui::ValueInspector;

namespace {

constexpr int kTimeout = 20000;

// Answers the next message box with button once it shows; records its text (and informative
// text, after a line break) in text.
void answerNextMessageBox(QMessageBox::StandardButton button, QString *text = nullptr)
{
    QTimer::singleShot(20, qApp, [button, text] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (auto *box = qobject_cast<QMessageBox *>(widget); box && box->isVisible()) {
                if (text)
                    *text = box->text() + QLatin1Char('\n') + box->informativeText();
                box->button(button)->click();
                return;
            }
        }
        answerNextMessageBox(button, text);
    });
}

} // namespace

class TestDatabaseView : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;

    // A writable tab on a fresh file holding keys, with ["users"] expanded and
    // ["users", "alice"] selected and shown.
    std::unique_ptr<DatabaseView> openView(QString *pathOut = nullptr)
    {
        const QString path = m_dir.filePath(QStringLiteral("view-%1.db").arg(++m_files));
        {
            kvs::KVStore store(path.toStdString());
            for (const char *key : {R"(["users", "alice"])",
                                    R"(["users", "bob"])",
                                    R"(["users", "carol"])",
                                    R"(["orders", 1])",
                                    R"(["orders", 2])"}) {
                store.set(kvs::parseKeyLiteral(key), kvs::Value(1.0));
            }
        }
        if (pathOut)
            *pathOut = path;
        auto view = std::make_unique<DatabaseView>(
            new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(path), {}));
        view->resize(1000, 600);
        view->show();
        if (!QTest::qWaitForWindowExposed(view.get()))
            return nullptr;
        if (!QTest::qWaitFor(
                [&] { return view->modeText() == QStringLiteral("Read-only (inspect)"); },
                kTimeout))
            return nullptr;
        answerNextMessageBox(QMessageBox::Yes); // "Allow writes to view-N.db?"
        view->allowWritesAction()->trigger();
        if (!QTest::qWaitFor([&] { return view->modeText() == QStringLiteral("Writable"); },
                             kTimeout))
            return nullptr;
        QSignalSpy shown(view->inspector(), &ValueInspector::loaded);
        view->tree()->goToKey(kvs::parseKeyLiteral(R"(["users", "alice"])"));
        if (!shown.wait(kTimeout))
            return nullptr;
        return view;
    }

    static QModelIndex users(DatabaseView &view)
    {
        return view.tree()->model()->findChild({}, kvs::encodeKey({"users"}));
    }

    static QString current(DatabaseView &view)
    {
        return view.tree()->view()->currentIndex().data(KeyTreeModel::KeyLiteralRole).toString();
    }

    // Starts an edit of the shown value and types text over it.
    static void edit(DatabaseView &view, const QString &text)
    {
        view.inspector()->startEditing();
        view.inspector()->editPanel()->editor()->setText(text);
    }

    static QModelIndex row(DatabaseView &view, const char *literal)
    {
        const kvs::Key key = kvs::parseKeyLiteral(literal);
        const QModelIndex parent
            = view.tree()->model()->findChild({}, kvs::encodeKey({key.front()}));
        return key.size() == 1 ? parent
                               : view.tree()->model()->findChild(parent, kvs::encodeKey(key));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void issue12_writesKeepExpansionAndSelection()
    {
        auto view = openView();
        QVERIFY(view);
        KeyTreeModel *model = view->tree()->model();
        QTreeView *tree = view->tree()->view();
        const QModelIndex orders = row(*view, R"(["orders"])");
        tree->expand(orders);
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(orders), 2, kTimeout);
        QSignalSpy resets(model, &QAbstractItemModel::modelReset);
        QSignalSpy written(view->inspector(), &ValueInspector::keyWritten);
        QSignalSpy shown(view->inspector(), &ValueInspector::loaded);

        // Save.
        edit(*view, QStringLiteral("42"));
        view->inspector()->saveEdit();
        QVERIFY(written.wait(kTimeout));
        QVERIFY(shown.wait(kTimeout));
        QVERIFY(tree->isExpanded(users(*view)));
        QVERIFY(tree->isExpanded(orders));
        QCOMPARE(current(*view), QStringLiteral(R"(["users", "alice"])"));

        // Increment, and a new key through the controller (as New key… does).
        view->inspector()->incrementBy(1);
        QVERIFY(written.wait(kTimeout));
        auto *controller = view->inspector()->findChild<kvs::ui::InspectorController *>();
        controller->create(kvs::parseKeyLiteral(R"(["users", "bea"])"), kvs::Value(1.0), {});
        QVERIFY(written.wait(kTimeout));
        QTRY_VERIFY_WITH_TIMEOUT(row(*view, R"(["users", "bea"])").isValid(), kTimeout);
        QCOMPARE(row(*view, R"(["users", "bea"])").row(), 1); // alice, bea, bob, carol

        // Delete (the controller's checked delete, as Delete does after asking).
        QSignalSpy deleted(view->inspector(), &ValueInspector::keyDeleted);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view->inspector()->shownKey() == kvs::encodeKey({"users", "bea"});
            },
            kTimeout));
        QTRY_VERIFY_WITH_TIMEOUT(view->inspector()->entry()
                                     && view->inspector()->entry()->encodedKey
                                            == kvs::encodeKey({"users", "bea"}),
                                 kTimeout);
        controller->remove(*view->inspector()->entry());
        QVERIFY(deleted.wait(kTimeout));
        QVERIFY(!row(*view, R"(["users", "bea"])").isValid());
        QCOMPARE(model->rowCount(users(*view)), 3);
        QVERIFY(tree->isExpanded(users(*view)));
        QVERIFY(tree->isExpanded(orders));

        // Writes off and on again: the same tree, the same selection.
        tree->setCurrentIndex(row(*view, R"(["orders", 2])"));
        view->allowWritesAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(
            view->modeText(), QStringLiteral("Read-only (inspect)"), kTimeout);
        QVERIFY(tree->isExpanded(users(*view)));
        QVERIFY(tree->isExpanded(orders));
        QCOMPARE(current(*view), QStringLiteral(R"(["orders", 2])"));
        QTRY_VERIFY_WITH_TIMEOUT(view->inspector()->entry()
                                     && view->inspector()->entry()->keyLiteral
                                            == QStringLiteral(R"(["orders", 2])"),
                                 kTimeout);
        QCOMPARE(resets.count(), 0);
    }

    void issue12_unsavedEditIsAskedAbout()
    {
        QString path;
        auto view = openView(&path);
        QVERIFY(view);
        QTreeView *tree = view->tree()->view();
        const QModelIndex bob = row(*view, R"(["users", "bob"])");
        QVERIFY(bob.isValid());

        // Cancel: back to the edit, nothing lost.
        edit(*view, QStringLiteral("7"));
        QString question;
        answerNextMessageBox(QMessageBox::Cancel, &question);
        tree->setCurrentIndex(bob);
        QVERIFY2(question.startsWith(QStringLiteral(R"(Save your changes to ["users", "alice"]?)")),
                 qPrintable(question));
        QCOMPARE(current(*view), QStringLiteral(R"(["users", "alice"])"));
        QVERIFY(view->inspector()->hasUnsavedEdit());
        QCOMPARE(view->inspector()->editPanel()->editor()->text(), QStringLiteral("7"));

        // Save: written, then bob shows.
        QSignalSpy written(view->inspector(), &ValueInspector::keyWritten);
        answerNextMessageBox(QMessageBox::Save);
        tree->setCurrentIndex(bob);
        QVERIFY(written.wait(kTimeout));
        QTRY_COMPARE_WITH_TIMEOUT(current(*view), QStringLiteral(R"(["users", "bob"])"), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(view->inspector()->entry()
                                     && view->inspector()->entry()->keyLiteral
                                            == QStringLiteral(R"(["users", "bob"])"),
                                 kTimeout);
        QCOMPARE(kvs::KVStore(path.toStdString()).get({"users", "alice"})->value, kvs::Value(7.0));

        // Discard: the edit goes, alice shows.
        edit(*view, QStringLiteral("8"));
        answerNextMessageBox(QMessageBox::Discard);
        tree->setCurrentIndex(row(*view, R"(["users", "alice"])"));
        QTRY_VERIFY_WITH_TIMEOUT(view->inspector()->entry()
                                     && view->inspector()->entry()->keyLiteral
                                            == QStringLiteral(R"(["users", "alice"])"),
                                 kTimeout);
        QCOMPARE(kvs::KVStore(path.toStdString()).get({"users", "bob"})->value, kvs::Value(1.0));

        // An edit that changed nothing asks nothing.
        view->inspector()->startEditing();
        tree->setCurrentIndex(bob);
        QTRY_VERIFY_WITH_TIMEOUT(view->inspector()->entry()
                                     && view->inspector()->entry()->keyLiteral
                                            == QStringLiteral(R"(["users", "bob"])"),
                                 kTimeout);
    }

    void issue12_ctrlSAndCtrlEnterSave()
    {
        QString path;
        auto view = openView(&path);
        QVERIFY(view);
        QApplication::setActiveWindow(view.get());
        QVERIFY(QTest::qWaitForWindowActive(view.get()));
        QSignalSpy written(view->inspector(), &ValueInspector::keyWritten);
        QSignalSpy shown(view->inspector(), &ValueInspector::loaded);
        QPlainTextEdit *text = view->inspector()->editPanel()->editor()->textEdit();

        edit(*view, QStringLiteral("11"));
        text->setFocus();
        QTest::keyClick(text, Qt::Key_S, Qt::ControlModifier);
        QVERIFY(written.wait(kTimeout));
        QVERIFY(shown.wait(kTimeout));
        QCOMPARE(kvs::KVStore(path.toStdString()).get({"users", "alice"})->value, kvs::Value(11.0));

        edit(*view, QStringLiteral("12"));
        text->setFocus();
        QTest::keyClick(text, Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(written.wait(kTimeout));
        QCOMPARE(kvs::KVStore(path.toStdString()).get({"users", "alice"})->value, kvs::Value(12.0));
    }

    void issue12_editOfAKeyDeletedMeanwhile()
    {
        QString path;
        auto view = openView(&path);
        QVERIFY(view);
        edit(*view, QStringLiteral("5"));
        kvs::KVStore(path.toStdString()).remove({"users", "alice"}); // another writer
        view->inspector()->saveEdit();
        QTRY_VERIFY_WITH_TIMEOUT(!view->inspector()->conflictView()->isHidden(), kTimeout);

        QSignalSpy shown(view->inspector(), &ValueInspector::loaded);
        emit view->inspector()->conflictView()->takeCurrent();
        QStringList labels;
        for (const QLabel *label : view->inspector()->findChildren<QLabel *>())
            if (!label->isHidden())
                labels << label->text();
        QVERIFY2(labels.contains(QStringLiteral(R"(["users", "alice"])")),
                 qPrintable(labels.join(u'|')));
        QVERIFY2(!labels.contains(QStringLiteral("Key does not decode")),
                 qPrintable(labels.join(u'|')));
        // The tree drops the row the other writer deleted.
        QVERIFY(!row(*view, R"(["users", "alice"])").isValid());
        QVERIFY(row(*view, R"(["users", "bob"])").isValid());
        // The tree's current row moved to a neighbour, which the inspector then shows.
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() >= 2, kTimeout);
    }

    // Issue 12, defects 7 and 11: "Allow writes" asks first, saying what becomes possible; on
    // an empty (0-byte) file it also says which tables it creates, and Cancel leaves it empty.
    void issue12_allowWritesAsksFirst()
    {
        const QString path = m_dir.filePath(QStringLiteral("empty.db"));
        {
            QFile empty(path);
            QVERIFY(empty.open(QIODevice::WriteOnly));
        }
        DatabaseView view(new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(path), {}));
        // It opens for inspection, or says why not; either way nothing is written.
        QTRY_VERIFY_WITH_TIMEOUT(!view.session()->isOpening(), kTimeout);
        const QString mode = view.modeText();
        QString asked;
        answerNextMessageBox(QMessageBox::Cancel, &asked);
        view.allowWritesAction()->trigger();
        QVERIFY2(asked.contains(QStringLiteral("you can edit values")), qPrintable(asked));
        QVERIFY2(
            asked.contains(QStringLiteral("has no kvs tables yet. Allowing writes creates "
                                          "them: the tables kv, queue, versionstamp and meta")),
            qPrintable(asked));
        QVERIFY(!view.allowWritesAction()->isChecked());
        QVERIFY(!view.session()->isOpening()); // nothing started
        QCOMPARE(view.modeText(), mode);
        QCOMPARE(QFileInfo(path).size(), 0);

        answerNextMessageBox(QMessageBox::Yes);
        view.allowWritesAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(view.modeText(), QStringLiteral("Writable"), kTimeout);
        QVERIFY(QFileInfo(path).size() > 0);
    }

    // Issue 12, defect 6: a SQLite file of another application says it is not a kvs database
    // and offers to add the kvs tables (asking first, saying what it creates); its own tables
    // stay.
    void issue12_notKvsOffersToAddTheTables()
    {
        const QString path = m_dir.filePath(QStringLiteral("shop.db"));
        kvs::test::RawSqlite(path.toStdString())
            .exec("CREATE TABLE customers (id INTEGER); INSERT INTO customers VALUES (7);");
        DatabaseView view(new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(path), {}));
        QTRY_VERIFY_WITH_TIMEOUT(view.bannerText().contains(QStringLiteral("customers")), kTimeout);
        QVERIFY2(view.bannerText().startsWith(QStringLiteral("Not a kvs database: ")),
                 qPrintable(view.bannerText()));
        auto *add = view.findChild<QPushButton *>(QStringLiteral("addKvsTables"));
        QVERIFY(add && !add->isHidden());
        QString asked;
        answerNextMessageBox(QMessageBox::Yes, &asked);
        add->click();
        QVERIFY2(asked.contains(QStringLiteral("the tables kv, queue, versionstamp and meta")),
                 qPrintable(asked));
        QTRY_COMPARE_WITH_TIMEOUT(view.modeText(), QStringLiteral("Writable"), kTimeout);
        QCOMPARE(kvs::test::RawSqlite(path.toStdString()).scalar("SELECT id FROM customers"),
                 std::string("7"));
    }

    // Issue 12, defect 11: a filter that does not parse says the tree still shows the last
    // filter that applied.
    void issue12_failedFilterSaysItWasNotApplied()
    {
        auto view = openView();
        QVERIFY(view);
        QLineEdit *prefix = view->tree()->filterBar()->prefixEdit();
        prefix->setText(QStringLiteral(R"(["users")"));
        QTest::keyClick(prefix, Qt::Key_Return);
        QVERIFY2(view->tree()->filterBar()->errorText().contains(
                     QStringLiteral("Not applied: the tree still shows the last filter")),
                 qPrintable(view->tree()->filterBar()->errorText()));
    }

    // Issue 12, defect 11: a node that only groups keys says so, not "deleted".
    void issue12_prefixNodeSaysItHoldsNoValue()
    {
        auto view = openView();
        QVERIFY(view);
        QSignalSpy shown(view->inspector(), &ValueInspector::loaded);
        view->tree()->view()->setCurrentIndex(users(*view));
        QVERIFY(shown.wait(kTimeout));
        QStringList labels;
        for (const QLabel *label : view->inspector()->findChildren<QLabel *>())
            if (label->isVisible())
                labels << label->text();
        QVERIFY2(labels.contains(QStringLiteral(
                     "No value at this key: it is the prefix of the keys below it.")),
                 qPrintable(labels.join(u'|')));
    }

    // Issue 12, section 2: Ctrl+F focuses the filter, Ctrl+L "go to key".
    void issue12_ctrlFAndCtrlLFocusTheFilterAndGoTo()
    {
        auto view = openView();
        QVERIFY(view);
        QApplication::setActiveWindow(view.get());
        QVERIFY(QTest::qWaitForWindowActive(view.get()));
        view->tree()->view()->setFocus();
        QTest::keyClick(view->tree()->view(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(view->tree()->filterBar()->prefixEdit()->hasFocus());
        QTest::keyClick(view->tree()->filterBar()->prefixEdit(), Qt::Key_L, Qt::ControlModifier);
        QTRY_VERIFY(view->tree()->filterBar()->goToEdit()->hasFocus());
    }

    // Issue 12, defect 11: at the window's default width no write action hides in the tool
    // bar's overflow menu.
    void issue12_writeActionsFitAtTheDefaultWidth()
    {
        auto view = openView();
        QVERIFY(view);
        view->resize(1180, 700); // MainWindow's default size
        // The tool bars lay out after the resize (events, not time).
        const auto allShown = [&] {
            for (QToolBar *bar : view->inspector()->findChildren<QToolBar *>()) {
                for (QAction *action : bar->actions()) {
                    QWidget *widget = bar->widgetForAction(action);
                    if (action->isVisible() && widget && !widget->isVisible())
                        return false;
                }
            }
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(allShown(), kTimeout);
        for (const char *name : {"editValue", "increment", "setExpiry", "deleteKey", "newKey"}) {
            auto *action = view->inspector()->findChild<QAction *>(QString::fromLatin1(name));
            QVERIFY(action);
            QWidget *button = nullptr;
            for (QToolBar *bar : view->inspector()->findChildren<QToolBar *>())
                if (QWidget *widget = bar->widgetForAction(action))
                    button = widget;
            QVERIFY2(button && button->isVisible(), name);
        }
    }

    // Issue 27: one clock for a tab. The session's clock is its stores' and every view's that
    // shows time: the inspector's countdown, the tree's expiry column, the queues' ages. A
    // ManualClock moves them all, with no sleeping (on the system's time, a key written on this
    // clock's day would show as long expired).
    void issue27_oneClockForTheTab()
    {
        const QString path = m_dir.filePath(QStringLiteral("clock-%1.db").arg(++m_files));
        const auto clock = std::make_shared<kvs::ManualClock>(1'780'000'000'000);
        {
            kvs::KVStoreOptions options;
            options.clock = clock;
            kvs::KVStore store(path.toStdString(), options);
            kvs::SetOptions ttl;
            ttl.ttl = 60'000;
            store.set({"session"}, kvs::Value("token"), ttl);
            kvs::QueueOptions message;
            message.topic = "mail";
            (void)store.enqueue(kvs::Value(1.0), message);
        }
        auto *session = new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(path), {});
        session->setClock(clock);
        DatabaseView view(session);
        QCOMPARE(view.session()->clock(), std::shared_ptr<kvs::Clock>(clock));
        view.resize(1000, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy shown(view.inspector(), &ValueInspector::loaded);
        view.tree()->goToKey({"session"});
        QVERIFY(shown.wait(kTimeout));
        auto *expiry = view.inspector()->findChild<QLabel *>(QStringLiteral("expiry"));
        QVERIFY2(expiry->text().endsWith(QStringLiteral("(in 01:00)")), qPrintable(expiry->text()));
        const QModelIndex countdown = view.tree()
                                          ->model()
                                          ->findChild({}, kvs::encodeKey({"session"}))
                                          .siblingAtColumn(KeyTreeModel::ExpiryColumn);
        QCOMPARE(countdown.data().toString(), QStringLiteral("in 1 m 0 s"));
        kvs::ui::QueuesController *queues = view.queues()->controller();
        const auto ageOf = [&] {
            return queues->overview()
                ->index(0, kvs::ui::QueueOverviewModel::OldestDue)
                .data()
                .toString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(ageOf(), QStringLiteral("0 s"), kTimeout);

        clock->advance(30'000);
        QVERIFY2(expiry->text().endsWith(QStringLiteral("(in 00:30)")), qPrintable(expiry->text()));
        QCOMPARE(countdown.data().toString(), QStringLiteral("in 30 s"));
        QSignalSpy refreshed(queues, &kvs::ui::QueuesController::refreshed);
        queues->refresh();
        QVERIFY(refreshed.wait(kTimeout));
        QCOMPARE(ageOf(), QStringLiteral("30 s"));

        clock->advance(30'000); // the TTL is up: expired, not yet cleaned (read-only tab)
        QVERIFY2(expiry->text().startsWith(QStringLiteral("Expired at ")),
                 qPrintable(expiry->text()));
        QCOMPARE(countdown.data().toString(), QStringLiteral("expired"));
    }
};

QTEST_MAIN(TestDatabaseView)
#include "tst_database_view.moc"
