// Issue 42: Edit ▸ Undo and Redo of a database tab (ui/session/database_undo.h), on SQLite and
// on the PostgreSQL server the test command starts. The inspector's writes and a Transaction
// commit are steps of the database's undo journal; Undo reverts the last one when nothing
// changed since, shows what another writer changed and asks first otherwise, Redo goes forward
// again; both are audited. A read-only tab and a tab with the journal switched off offer neither.
#include "inspector/expiry_choice.h"
#include "inspector/inspected_entry.h"
#include "inspector/inspector_controller.h"
#include "preferences/preference_keys.h"
#include "search/checked_writes.h"
#include "session/database_undo.h"
#include "session/recently_deleted_dialog.h"
#include "session/undo_conflict_dialog.h"
#include "support/audit_lines.h"
#include "support/database_view_fixture.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"
#include "tree/subtree_bulk_action.h"

#include <kvs/async_kvstore.h>
#include <kvs/data_folder.h>
#include <kvs/entry_transfer.h>
#include <kvs/key.h>
#include <kvs/recycle_bin.h>
#include <kvs/undo_journal.h>
#include <kvs/undo_step.h>
#include <kvs/value_codec.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QLocale>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QSemaphore>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <atomic>
#include <sys/stat.h>

using namespace kvs;
using kvs::ui::DatabaseUndo;
using kvs::ui::DatabaseView;
using kvs::ui::InspectorController;

namespace {

constexpr int kTimeout = 20000;

} // namespace

class TestDatabaseUndo : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_databases = 0;

    struct Database
    {
        std::string connection;
        AsyncKVStoreSettings settings;
        std::unique_ptr<DatabaseView> view;
    };

    // A database (the backend QFETCH'd) holding a = 1 and b = 1, in a tab not opened for
    // writes yet.
    Database database()
    {
        QFETCH(bool, postgres);
        Database db;
        ui::DatabaseSession *session = nullptr;
        if (postgres) {
            db.settings.schema = test::freshSchema("undo");
            db.connection = test::postgresUrl();
            session = test::postgresSession(db.connection, *db.settings.schema);
        } else {
            db.connection
                = m_dir.filePath(QStringLiteral("undo%1.db").arg(++m_databases)).toStdString();
            session = test::sqliteSession(QString::fromStdString(db.connection));
        }
        {
            AsyncKVStore seed(db.connection, db.settings);
            seed.set({"a"}, Value(1)).waitForFinished();
            seed.set({"b"}, Value(1)).waitForFinished();
        }
        db.view = std::make_unique<DatabaseView>(session);
        return db;
    }

    // The tab of db opened for writes, with its journal attached.
    bool writable(Database &db)
    {
        if (!test::allowWrites(db.view.get(), kTimeout))
            return false;
        return QTest::qWaitFor([&] { return db.view->undo()->journal() != nullptr; }, kTimeout);
    }

    static Value valueAt(Database &db, const Key &key)
    {
        AsyncKVStore reader(db.connection, db.settings);
        const std::optional<Entry> entry = reader.get(key).result();
        return entry ? entry->value : Value::undefined();
    }

    // A subtree delete (with the recycle bin) held on its worker at the delete's first batch,
    // after every entry was kept, until finish().
    struct HeldDelete
    {
        std::atomic<long long> last{0}; // the count at the work's last batch
        std::atomic<bool> reached{false};
        QSemaphore proceed;
        std::unique_ptr<QSignalSpy> finished;

        // Lets it go on; its summary.
        QString finish()
        {
            proceed.release();
            return finished->wait(kTimeout) ? finished->at(0).at(0).toString()
                                            : QStringLiteral("<no end>");
        }
    };

    // Writes count entries [part, i], opens db for writes, starts the delete of ["part"] (Yes to
    // its question) and waits until it is held; false when a step failed.
    bool holdSubtreeDelete(Database &db, const char *part, int count, HeldDelete &held)
    {
        {
            AsyncKVStore seed(db.connection, db.settings);
            auto op = seed.atomic();
            for (int i = 0; i < count; ++i)
                op.set({part, double(i)}, Value(i));
            if (!op.commit().result().ok)
                return false;
        }
        if (!writable(db))
            return false;
        const std::string literal = "[\"" + std::string(part) + "\"]";
        const QModelIndex row = test::rootRow(db.view.get(), literal.c_str(), kTimeout);
        ui::KeyRowActions *actions = db.view->tree()->rowActions();
        held.finished = std::make_unique<QSignalSpy>(actions, &ui::KeyRowActions::bulkFinished);
        test::answerNextMessageBox(QStringLiteral("Delete"));
        ui::SubtreeBulkAction *action
            = row.isValid() ? actions->startBulk(ui::SubtreeBulkAction::Kind::Delete, row, {})
                            : nullptr;
        if (!action)
            return false;
        action->setAfterBatchHook([&held](long long done) {
            // The delete's count starts again: its first batch, after all were kept.
            if (done < held.last.exchange(done) && !held.reached.exchange(true))
                (void)held.proceed.tryAcquire(1, kTimeout); // never held for ever
        });
        return QTest::qWaitFor([&held] { return held.reached.load(); }, kTimeout);
    }

    // Triggers action and waits for the undo's end; its (ok, message).
    static std::pair<bool, QString> run(DatabaseUndo *undo, QAction *action)
    {
        QSignalSpy finished(undo, &DatabaseUndo::finished);
        action->trigger();
        if (!finished.wait(kTimeout))
            return {false, QStringLiteral("no end")};
        return {finished.first().at(0).toBool(), finished.first().at(1).toString()};
    }

    static QStringList undoFiles()
    {
        return QDir(QString::fromStdString(undoDataFolder()) + QStringLiteral("/undo"))
            .entryList(QDir::Files);
    }

    // The ended line of the last audited action named action, or an empty object.
    QJsonObject endedLine(const char *action) const
    {
        QJsonObject found;
        for (const QJsonObject &line :
             test::auditLines(m_dir.filePath(QStringLiteral("audit.jsonl")))) {
            if (line.value(QStringLiteral("action")).toString() == QLatin1String(action)
                && line.value(QStringLiteral("event")).toString() == QStringLiteral("ended"))
                found = line;
        }
        return found;
    }

    static void backends()
    {
        QTest::addColumn<bool>("postgres");
        QTest::newRow("sqlite") << false;
        QTest::newRow("postgres") << true;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
        qputenv("KVS_UNDO_DIR", QFile::encodeName(m_dir.filePath(QStringLiteral("undo"))));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config"))));
        qputenv("KVS_AUDIT_LOG", QFile::encodeName(m_dir.filePath(QStringLiteral("audit.jsonl"))));
    }

    void init() { QSettings().remove(ui::prefs::kUndoJournalEnabled); }

    void inspectorWritesAreUndoneAndRedone_data() { backends(); }
    void inspectorWritesAreUndoneAndRedone()
    {
        Database db = database();
        QVERIFY(writable(db));
        DatabaseUndo *undo = db.view->undo();
        QVERIFY(!undo->undoAction()->isEnabled()); // nothing done yet

        InspectorController inspector;
        inspector.setStore(db.view->session()->store());
        QSignalSpy loaded(&inspector, &InspectorController::loaded);
        QSignalSpy written(&inspector, &InspectorController::written);
        inspector.load(encodeKey({"a"}));
        QVERIFY(loaded.wait(kTimeout));
        const auto entry = loaded.first().first().value<ui::InspectedEntry>();
        inspector.save(entry, Value("edited"), ui::ExpiryChoice::keep());
        QTRY_COMPARE_WITH_TIMEOUT(written.count(), 1, kTimeout);
        inspector.create({"c"}, Value("created"), std::nullopt);
        QTRY_COMPARE_WITH_TIMEOUT(written.count(), 2, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(
            undo->undoAction()->text(), QStringLiteral("&Undo New Key"), kTimeout);
        QVERIFY(undo->undoAction()->isEnabled());

        auto [ok, message] = run(undo, undo->undoAction());
        QVERIFY2(ok, qPrintable(message));
        QCOMPARE(message, QStringLiteral("Undid New Key: 1 key(s) changed back."));
        QCOMPARE(valueAt(db, {"c"}), Value::undefined());
        QCOMPARE(undo->undoAction()->text(), QStringLiteral("&Undo Edit"));
        QCOMPARE(undo->redoAction()->text(), QStringLiteral("&Redo New Key"));
        std::tie(ok, message) = run(undo, undo->undoAction());
        QVERIFY2(ok, qPrintable(message));
        QCOMPARE(valueAt(db, {"a"}), Value(1));
        QVERIFY(!undo->undoAction()->isEnabled());

        std::tie(ok, message) = run(undo, undo->redoAction());
        QVERIFY2(ok, qPrintable(message));
        QCOMPARE(message, QStringLiteral("Redid Edit: 1 key(s) written again."));
        QCOMPARE(valueAt(db, {"a"}), Value("edited"));

        // The journal is a private file of the data folder; the undo and redo are audited.
        const QString path = QString::fromStdString(undo->journal()->path());
        QVERIFY(
            path.startsWith(QString::fromStdString(undoDataFolder()) + QStringLiteral("/undo/")));
        struct stat info
        {};
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &info), 0);
        QCOMPARE(info.st_mode & 0777, mode_t(0600));
        QFile audit(m_dir.filePath(QStringLiteral("audit.jsonl")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        const QByteArray lines = audit.readAll();
        QVERIFY(lines.contains("\"action\": \"undo\"") || lines.contains("\"action\":\"undo\""));
        QVERIFY(lines.contains("\"action\": \"redo\"") || lines.contains("\"action\":\"redo\""));
    }

    void undoAfterAnotherWriterIsShownAndAsked_data() { backends(); }
    void undoAfterAnotherWriterIsShownAndAsked()
    {
        Database db = database();
        QVERIFY(writable(db));
        DatabaseUndo *undo = db.view->undo();
        // A Transaction commit's step (the Transaction view commits through commitStepNow()).
        const std::shared_ptr<AsyncKVStore> store = db.view->session()->store();
        QVERIFY(commitStep(store,
                           {},
                           {{Mutation::Type::Set, {"a"}, Value(2), 0, {}, {}},
                            {Mutation::Type::Set, {"b"}, Value(2), 0, {}, {}}},
                           "transaction")
                    .result()
                    .ok);
        QTRY_VERIFY_WITH_TIMEOUT(undo->undoAction()->isEnabled(), kTimeout);
        // Another writer (a connection of its own) changes b.
        {
            AsyncKVStore other(db.connection, db.settings);
            other.set({"b"}, Value("theirs")).waitForFinished();
        }

        QSignalSpy finished(undo, &DatabaseUndo::finished);
        undo->undoAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(undo->conflictDialog() != nullptr, kTimeout);
        QTableWidget *table = undo->conflictDialog()->table();
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("[\"a\"]"));
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("unchanged"));
        QCOMPARE(table->item(1, 0)->text(), QStringLiteral("[\"b\"]"));
        QVERIFY2(table->item(1, 2)->text().startsWith(QStringLiteral("\"theirs\" (version ")),
                 qPrintable(table->item(1, 2)->text()));
        QCOMPARE(undo->conflictDialog()->revertMatching()->text(),
                 QStringLiteral("Revert the 1 that still match"));
        // None: nothing is written, and the step stays to be asked about again.
        undo->conflictDialog()->findChild<QPushButton *>(QStringLiteral("revertNone"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeout);
        QCOMPARE(finished.first().at(0).toBool(), false);
        QCOMPARE(valueAt(db, {"a"}), Value(2));
        QCOMPARE(valueAt(db, {"b"}), Value("theirs"));
        QCOMPARE(undo->journal()->undoCount(), std::size_t(1));

        undo->undoAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(undo->conflictDialog() != nullptr, kTimeout);
        undo->conflictDialog()->revertMatching()->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kTimeout);
        QVERIFY(finished.at(1).at(0).toBool());
        QCOMPARE(
            finished.at(1).at(1).toString(),
            QStringLiteral("Undid Transaction Commit: 1 key(s) changed back. 1 key(s) that changed "
                           "since were left alone."));
        QCOMPARE(valueAt(db, {"a"}), Value(1));
        QCOMPARE(valueAt(db, {"b"}), Value("theirs"));
    }

    // A step over 5,000 keys is undone in batches of 1,000 with a progress dialog. Cancel while
    // the worker is held after its second batch (the GUI's event loop turns meanwhile) stops it
    // there: 2,000 keys changed back, the other 3,000 stay on the undo stack, and the next Undo
    // takes them back.
    void aLargeUndoRunsInBatchesAndCancels_data() { backends(); }
    void aLargeUndoRunsInBatchesAndCancels()
    {
        constexpr int kKeys = 5000;
        Database db = database();
        {
            AsyncKVStore seed(db.connection, db.settings);
            AsyncAtomicOperation op = seed.atomic();
            for (int i = 0; i < kKeys; ++i)
                op.set({"big", double(i)}, Value("before"));
            QVERIFY(op.commit().result().ok);
        }
        QVERIFY(writable(db));
        const std::shared_ptr<AsyncKVStore> store = db.view->session()->store();
        std::vector<Mutation> writes;
        for (int i = 0; i < kKeys; ++i)
            writes.push_back({Mutation::Type::Set, {"big", double(i)}, Value(i), 0, {}, {}});
        QVERIFY(commitStep(store, {}, writes, "transaction").result().ok);
        DatabaseUndo *undo = db.view->undo();
        QTRY_VERIFY_WITH_TIMEOUT(undo->undoAction()->isEnabled(), kTimeout);

        std::atomic<bool> reached{false};
        QSemaphore proceed;
        undo->setAfterBatchHook([&](std::size_t done) {
            if (done == 2000) {
                reached.store(true);
                (void)proceed.tryAcquire(1, kTimeout); // never held for ever
            }
        });
        QSignalSpy finished(undo, &DatabaseUndo::finished);
        undo->undoAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(reached.load(), kTimeout);
        QProgressDialog *progress = undo->progressDialog();
        QVERIFY(progress);
        QVERIFY(progress->isVisible());
        QCOMPARE(progress->maximum(), kKeys);
        QTRY_COMPARE_WITH_TIMEOUT(progress->value(), 2000, kTimeout);
        QVERIFY(!undo->undoAction()->isEnabled());
        // While the worker is held, the GUI thread's timers keep firing.
        int ticks = 0;
        QTimer ticker;
        ticker.setInterval(10);
        connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
        ticker.start();
        QTRY_VERIFY_WITH_TIMEOUT(ticks >= 5, kTimeout);
        QPushButton *cancel = progress->findChild<QPushButton *>();
        QVERIFY(cancel);
        cancel->click();
        proceed.release();
        QVERIFY(finished.wait(kTimeout));
        QCOMPARE(finished.first().at(1).toString(),
                 QStringLiteral("Undid part of Transaction Commit: %1 key(s) changed back. "
                                "Cancelled. %2 key(s) left: Undo goes on with them.")
                     .arg(QLocale().toString(2000), QLocale().toString(3000)));
        QVERIFY(!undo->progressDialog());
        QCOMPARE(valueAt(db, {"big", 0.0}), Value("before"));
        QCOMPARE(valueAt(db, {"big", 1999.0}), Value("before"));
        QCOMPARE(valueAt(db, {"big", 2000.0}), Value(2000));
        QCOMPARE(undo->journal()->nextUndo()->changes.size(), std::size_t(3000));
        QCOMPARE(undo->journal()->nextRedo()->changes.size(), std::size_t(2000));

        undo->setAfterBatchHook({});
        QTRY_VERIFY_WITH_TIMEOUT(undo->undoAction()->isEnabled(), kTimeout);
        const auto [ok, message] = run(undo, undo->undoAction());
        QVERIFY2(ok, qPrintable(message));
        QCOMPARE(message,
                 QStringLiteral("Undid Transaction Commit: %1 key(s) changed back.")
                     .arg(QLocale().toString(3000)));
        for (int i = 0; i < kKeys; i += 997)
            QCOMPARE(valueAt(db, {"big", double(i)}), Value("before"));
        QCOMPARE(undo->journal()->undoCount(), std::size_t(0));
    }

    // A subtree delete with the recycle bin reads every entry twice (kept, then deleted): one bar
    // of twice the entries, and its label says both.
    void aSubtreeDeleteShowsKeepingThenDeletingInOneBar_data() { backends(); }
    void aSubtreeDeleteShowsKeepingThenDeletingInOneBar()
    {
        Database db = database();
        HeldDelete held;
        QVERIFY(holdSubtreeDelete(db, "many", 3000, held));
        const QPointer<QProgressDialog> progress
            = db.view->window()->findChild<QProgressDialog *>(QStringLiteral("bulkProgress"));
        QVERIFY(progress);
        QCOMPARE(progress->maximum(), 6000);
        QTRY_COMPARE_WITH_TIMEOUT(
            progress ? progress->value() : -1, 3000 + int(held.last), kTimeout);
        QCOMPARE(
            progress->labelText(),
            QStringLiteral(
                R"(Keeping ["many"] and the keys below it in Recently Deleted, then deleting it…)"));
        QCOMPARE(held.finish(),
                 QStringLiteral("Deleted %1 entries.").arg(QLocale().toString(3000)));
    }

    // Another writer writes into the subtree between the keep and the delete: new values at two
    // kept keys (in the delete's last batch) and a new key. The delete deletes what it kept and
    // leaves those; its result and its audit line count the kept keys it skipped.
    void aSubtreeDeleteLeavesWhatWasWrittenSinceItWasKept_data() { backends(); }
    void aSubtreeDeleteLeavesWhatWasWrittenSinceItWasKept()
    {
        Database db = database();
        HeldDelete held;
        QVERIFY(holdSubtreeDelete(db, "busy", 2500, held));
        {
            AsyncKVStore other(db.connection, db.settings);
            other.set({"busy", 2400.0}, Value("written since")).waitForFinished();
            other.set({"busy", 2450.0}, Value("written since")).waitForFinished();
            other.set({"busy", 9000.0}, Value("new since")).waitForFinished();
        }
        QCOMPARE(held.finish(),
                 QStringLiteral("Deleted %1 entries. 2 kept entries had changed since "
                                "(written, deleted or expired) and were left as they are.")
                     .arg(QLocale().toString(2498)));
        QCOMPARE(valueAt(db, {"busy", 2400.0}), Value("written since"));
        QCOMPARE(valueAt(db, {"busy", 2450.0}), Value("written since"));
        QCOMPARE(valueAt(db, {"busy", 9000.0}), Value("new since"));
        QCOMPARE(valueAt(db, {"busy", 2399.0}), Value::undefined());
        const QJsonObject ended = endedLine("delete-subtree");
        QCOMPARE(ended.value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(ended.value(QStringLiteral("changed")).toInt(), 2498);
        QCOMPARE(ended.value(QStringLiteral("detail")).toString(), QStringLiteral("skipped 2"));
    }

    // A subtree delete keeps what it removes in the recycle bin first; Recently Deleted lists it
    // and restores it, skipping (counting and naming) a key written since.
    void aSubtreeDeleteComesBackFromTheRecycleBin_data() { backends(); }
    void aSubtreeDeleteComesBackFromTheRecycleBin()
    {
        Database db = database();
        {
            AsyncKVStore seed(db.connection, db.settings);
            for (int i = 0; i < 12; ++i)
                seed.set({"tree", double(i)}, Value("leaf " + std::to_string(i))).waitForFinished();
        }
        QVERIFY(writable(db));
        const QModelIndex tree = test::rootRow(db.view.get(), R"(["tree"])", kTimeout);
        QVERIFY(tree.isValid());
        QString asked;
        QCOMPARE(test::runBulk(db.view.get(),
                               ui::SubtreeBulkAction::Kind::Delete,
                               tree,
                               {},
                               QStringLiteral("Delete"),
                               &asked,
                               kTimeout),
                 QStringLiteral("Deleted 12 entries."));
        // The question says where they go, not that it cannot be undone.
        QVERIFY2(asked.contains(QStringLiteral("first kept in Edit > Recently Deleted")),
                 qPrintable(asked));
        QVERIFY2(!asked.contains(QStringLiteral("cannot be undone")), qPrintable(asked));
        QCOMPARE(valueAt(db, {"tree", 3.0}), Value::undefined());
        // Audited as the CLI's writes are: the subtree, how many meant and deleted.
        QJsonObject ended = endedLine("delete-subtree");
        QCOMPARE(ended.value(QStringLiteral("filter")).toString(), QStringLiteral(R"(["tree"])"));
        QCOMPARE(ended.value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(ended.value(QStringLiteral("changed")).toInt(), 12);
        {
            AsyncKVStore other(db.connection, db.settings);
            other.set({"tree", 4.0}, Value("written since")).waitForFinished();
        }

        ui::RecentlyDeletedDialog *dialog = db.view->undo()->showRecentlyDeleted();
        QTRY_VERIFY_WITH_TIMEOUT(dialog->table()->rowCount() >= 1, kTimeout);
        QCOMPARE(dialog->table()->item(0, 0)->text(), QStringLiteral("Subtree [\"tree\"]"));
        QCOMPARE(dialog->table()->item(0, 2)->text(), QStringLiteral("12"));
        QCOMPARE(dialog->table()->item(0, 3)->text(),
                 QString::fromStdString(db.view->undo()->recycleBin()->database()));
        QVERIFY(dialog->restoreButton()->isEnabled());
        if (!QTest::currentDataTag() || QByteArray(QTest::currentDataTag()) == "sqlite") {
            const QString folder = kvs::test::fromTest(KVS_SCREENSHOT_DIR "/screenshots");
            QDir().mkpath(folder);
            QVERIFY(dialog->grab().save(folder + QStringLiteral("/recently-deleted.png")));
        }
        QSignalSpy restored(dialog, &ui::RecentlyDeletedDialog::restored);
        dialog->restoreButton()->click();
        QVERIFY(restored.wait(kTimeout));
        QVERIFY(restored.first().first().toBool());
        QCOMPARE(dialog->resultText(),
                 QStringLiteral("Restored 11 entry(s). 1 skipped: written since (or expired "
                                "since). Written since: [\"tree\", 4]"));
        QCOMPARE(valueAt(db, {"tree", 3.0}), Value("leaf 3"));
        QCOMPARE(valueAt(db, {"tree", 4.0}), Value("written since"));
        ended = endedLine("restore-deleted");
        QCOMPARE(ended.value(QStringLiteral("filter")).toString(),
                 QStringLiteral(R"(subtree ["tree"])"));
        QCOMPARE(ended.value(QStringLiteral("changed")).toInt(), 11);
        QCOMPARE(ended.value(QStringLiteral("detail")).toString(),
                 QStringLiteral("skipped 1 written since"));
        // The item now says it was restored (when, how many put back and skipped), still
        // chosen, with Restore off: a second restore would skip every key the first put back.
        const std::vector<RecycledItem> listed = db.view->undo()->recycleBin()->list();
        QVERIFY(listed.at(0).restoredAt > 0);
        const QString state
            = QStringLiteral("Restored %1: 11 put back, 1 skipped")
                  .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(listed.at(0).restoredAt),
                                          QLocale::ShortFormat));
        QCOMPARE(dialog->table()->currentRow(), 0);
        QCOMPARE(dialog->table()->item(0, 4)->text(), state);
        QVERIFY(!dialog->restoreButton()->isEnabled());
        QCOMPARE(dialog->restoreButton()->toolTip(),
                 QStringLiteral("This was restored already: what it holds is back, or was "
                                "written since."));
        dialog->close();
        // The mark is the bin's: the dialog opened again (or another tab's) says so too.
        dialog = db.view->undo()->showRecentlyDeleted();
        QTRY_VERIFY_WITH_TIMEOUT(dialog->table()->rowCount() >= 1, kTimeout);
        QCOMPARE(dialog->table()->item(0, 4)->text(), state);
        QVERIFY(!dialog->restoreButton()->isEnabled());
        dialog->close();
    }

    // A subtree delete when the audit log cannot be written: the question says so; Cancel
    // deletes nothing, and a yes runs it without an audit entry.
    void aBulkDeleteAsksWhenTheAuditLogCannotBeWritten_data() { backends(); }
    void aBulkDeleteAsksWhenTheAuditLogCannotBeWritten()
    {
        Database db = database();
        {
            AsyncKVStore seed(db.connection, db.settings);
            for (int i = 0; i < 3; ++i)
                seed.set({"gone", double(i)}, Value(i)).waitForFinished();
        }
        QVERIFY(writable(db));
        const QModelIndex gone = test::rootRow(db.view.get(), R"(["gone"])", kTimeout);
        QVERIFY(gone.isValid());
        // A file where the log's folder should be.
        const QString blocker = m_dir.filePath(QStringLiteral("not-a-folder"));
        QFile block(blocker);
        QVERIFY(block.open(QIODevice::WriteOnly));
        block.close();
        const QByteArray kept = qgetenv("KVS_AUDIT_LOG");
        qputenv("KVS_AUDIT_LOG", QFile::encodeName(blocker + QStringLiteral("/audit.jsonl")));
        QString asked;
        const QString cancelled = test::runBulk(db.view.get(),
                                                ui::SubtreeBulkAction::Kind::Delete,
                                                gone,
                                                {},
                                                QStringLiteral("Cancel"),
                                                &asked,
                                                kTimeout);
        const QString deleted = test::runBulk(db.view.get(),
                                              ui::SubtreeBulkAction::Kind::Delete,
                                              gone,
                                              {},
                                              QStringLiteral("Delete"),
                                              nullptr,
                                              kTimeout);
        qputenv("KVS_AUDIT_LOG", kept);
        QCOMPARE(cancelled, QStringLiteral("Cancelled; nothing was changed."));
        QVERIFY2(asked.contains(QStringLiteral("The audit log cannot be written")),
                 qPrintable(asked));
        QVERIFY2(asked.contains(QStringLiteral("Run it without an audit entry?")),
                 qPrintable(asked));
        QCOMPARE(deleted, QStringLiteral("Deleted 3 entries."));
        QCOMPARE(valueAt(db, {"gone", 1.0}), Value::undefined());
    }

    // An import with overwrite keeps what it replaces in the recycle bin first; its restore
    // puts the old value back and deletes the key the import created.
    void anImportOverwriteComesBackFromTheRecycleBin_data() { backends(); }
    void anImportOverwriteComesBackFromTheRecycleBin()
    {
        Database db = database();
        QVERIFY(writable(db));
        const QString path = m_dir.filePath(QStringLiteral("import%1.jsonl").arg(m_databases));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (const auto &[key, value] : {std::pair<Key, Value>{{"a"}, Value("imported")},
                                         std::pair<Key, Value>{{"c"}, Value("created")}}) {
            const std::string line
                = exportLine(encodeKey(key), encodeValue(value), std::nullopt) + "\n";
            file.write(line.data(), qint64(line.size()));
        }
        file.close();
        QString asked;
        QCOMPARE(test::runBulk(db.view.get(),
                               ui::SubtreeBulkAction::Kind::Import,
                               QModelIndex(),
                               path,
                               QStringLiteral("Import, overwrite existing"),
                               &asked,
                               kTimeout),
                 QStringLiteral("Imported 2 entries, skipped 0."));
        QVERIFY2(asked.contains(QStringLiteral("first kept in Edit > Recently Deleted, whose "
                                               "Restore takes the import back")),
                 qPrintable(asked));
        QCOMPARE(valueAt(db, {"a"}), Value("imported"));
        const QJsonObject ended = endedLine("import");
        QCOMPARE(ended.value(QStringLiteral("filter")).toString(), path);
        QCOMPARE(ended.value(QStringLiteral("changed")).toInt(), 2);

        ui::RecentlyDeletedDialog *dialog = db.view->undo()->showRecentlyDeleted();
        QTRY_VERIFY_WITH_TIMEOUT(dialog->table()->rowCount() >= 1, kTimeout);
        QCOMPARE(dialog->table()->item(0, 0)->text(),
                 QStringLiteral("Replaced by import of %1").arg(QFileInfo(path).fileName()));
        QCOMPARE(dialog->table()->item(0, 2)->text(), QStringLiteral("2"));
        QCOMPARE(dialog->table()->item(0, 4)->text(), QString()); // not restored yet
        QSignalSpy restored(dialog, &ui::RecentlyDeletedDialog::restored);
        dialog->restoreButton()->click();
        QVERIFY(restored.wait(kTimeout));
        QVERIFY(restored.first().first().toBool());
        QCOMPARE(dialog->resultText(),
                 QStringLiteral("Restored 1 entry(s). 1 key(s) created by the import deleted."));
        QCOMPARE(valueAt(db, {"a"}), Value(1));
        QCOMPARE(valueAt(db, {"c"}), Value::undefined());
        // The key put back and the key deleted again both count as put back.
        QVERIFY2(dialog->table()->item(0, 4)->text().endsWith(QStringLiteral(": 2 put back, 0 "
                                                                             "skipped")),
                 qPrintable(dialog->table()->item(0, 4)->text()));
        QVERIFY(!dialog->restoreButton()->isEnabled());
        dialog->close();
    }

    // The value search's bulk delete (ui/search/checked_writes.h) keeps its entries in the
    // tab's recycle bin first.
    void aBulkDeleteOfSearchResultsGoesToTheRecycleBin_data() { backends(); }
    void aBulkDeleteOfSearchResultsGoesToTheRecycleBin()
    {
        Database db = database();
        QVERIFY(writable(db));
        const std::shared_ptr<AsyncKVStore> store = db.view->session()->store();
        QVERIFY(recycleBinOf(*store));
        const std::vector<Entry> found{*store->get({"a"}).result(), *store->get({"b"}).result()};
        const std::size_t before = db.view->undo()->recycleBin()->list().size();
        const ui::CheckedWriteResult result = ui::writeChecked(*store, found, {});
        QCOMPARE(result.done, std::int64_t(2));
        QCOMPARE(valueAt(db, {"a"}), Value::undefined());
        const std::vector<RecycledItem> items = db.view->undo()->recycleBin()->list();
        QCOMPARE(items.size(), before + 1);
        QCOMPARE(items[0].what, std::string("search results"));
        QCOMPARE(items[0].count, std::int64_t(2));
        QCOMPARE(db.view->undo()->recycleBin()->restore(*store, items[0]).restored,
                 std::int64_t(2));
        QCOMPARE(valueAt(db, {"a"}), Value(1));
    }

    void aReadOnlyTabOffersNeither_data() { backends(); }
    void aReadOnlyTabOffersNeither()
    {
        const QStringList before = undoFiles();
        Database db = database();
        QVERIFY(test::waitForMode(db.view.get(), QStringLiteral("Read-only (inspect)"), kTimeout));
        DatabaseUndo *undo = db.view->undo();
        QVERIFY(!undo->journal());
        QVERIFY(!undo->undoAction()->isEnabled());
        QVERIFY(!undo->redoAction()->isEnabled());
        QSignalSpy finished(undo, &DatabaseUndo::finished);
        undo->undo();
        undo->redo();
        QVERIFY(!undo->running());
        QCOMPARE(finished.count(), 0);
        QCOMPARE(undoFiles(), before); // no journal made for it
        // Recently Deleted lists, but a read-only tab offers no restore.
        ui::RecentlyDeletedDialog *dialog = undo->showRecentlyDeleted();
        QVERIFY(!dialog->restoreButton()->isEnabled());
        dialog->close();
    }

    void theSwitchOffKeepsNoJournal_data() { backends(); }
    void theSwitchOffKeepsNoJournal()
    {
        QSettings().setValue(ui::prefs::kUndoJournalEnabled, false);
        const QStringList before = undoFiles();
        Database db = database();
        QVERIFY(test::allowWrites(db.view.get(), kTimeout));
        DatabaseUndo *undo = db.view->undo();
        QVERIFY(!undo->journal());
        const std::shared_ptr<AsyncKVStore> store = db.view->session()->store();
        QVERIFY(!undoJournalOf(*store));
        QVERIFY(commitStep(store, {}, {{Mutation::Type::Set, {"a"}, Value(5), 0, {}, {}}}, "edit")
                    .result()
                    .ok);
        QCOMPARE(valueAt(db, {"a"}), Value(5));
        QVERIFY(!undo->undoAction()->isEnabled());
        QCOMPARE(undoFiles(), before);
    }
};

QTEST_MAIN(TestDatabaseUndo)
#include "tst_database_undo.moc"
