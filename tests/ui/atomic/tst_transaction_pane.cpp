// The transaction editor (issue 14) on a real database: SQLite by default, the test run's
// PostgreSQL when KVS_TRANSACTION_BACKEND=postgres (a ctest entry of its own). A transaction is
// built with live validation, previewed as JavaScript, dry-run and committed; a check that
// another process (the real kvs binary) moves on fails the commit, which names the key and what
// it holds now, and "Refresh checks and retry" commits it; a saved transaction runs in
// `kvs atomic`, and a document written for `kvs atomic` loads. Models under
// QAbstractItemModelTester.
#include "atomic/commit_history_model.h"
#include "atomic/transaction_controller.h"
#include "atomic/transaction_model.h"
#include "atomic/transaction_pane.h"
#include "atomic/transaction_row_editor.h"
#include "connection/connection_spec.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/postgres_test_server.h"
#include "support/small_screen.h"
#include "support/test_paths.h"
#include "support/test_support.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>
#include <kvs/transaction_json.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kTimeout = 30000;

bool onPostgres()
{
    return qgetenv("KVS_TRANSACTION_BACKEND") == "postgres";
}

struct CliRun
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

} // namespace

class TestTransactionPane : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;     // --db of the kvs binary: the file, or the server's URL
    QString m_schema; // PostgreSQL: the test's own schema
    std::shared_ptr<AsyncKVStore> m_store;

    CliRun kvsCli(const QStringList &args) const
    {
        QStringList all{QStringLiteral("--db"), m_db};
        if (!m_schema.isEmpty())
            all << QStringLiteral("--schema") << m_schema;
        QProcess process;
        process.start(kvs::test::fromTest(KVS_CLI_PATH), all + args);
        CliRun run;
        if (!process.waitForFinished(120000))
            return run;
        run.code = process.exitCode();
        run.out = process.readAllStandardOutput();
        run.err = process.readAllStandardError();
        return run;
    }
    std::optional<Entry> entryOf(const char *key) const
    {
        return m_store->get(parseKeyLiteral(key)).result();
    }
    static void type(QLineEdit *edit, const QString &text)
    {
        edit->clear();
        QTest::keyClicks(edit, text);
    }
    static void addRow(TransactionPane &pane, TransactionRow::Kind kind)
    {
        pane.findChild<QPushButton *>(QStringLiteral("add_") + operationName(kind))->click();
    }
    static bool waitForResult(TransactionPane &pane, const QString &part)
    {
        const bool seen
            = QTest::qWaitFor([&] { return pane.resultLabel()->text().contains(part); }, kTimeout);
        if (!seen)
            qWarning("result line: %s", qPrintable(pane.resultLabel()->text()));
        return seen;
    }

private slots:
    void initTestCase()
    {
        if (onPostgres()) {
            m_db = QString::fromStdString(test::postgresUrl());
            m_schema = QString::fromStdString(test::freshSchema("transaction"));
            AsyncKVStoreSettings settings;
            settings.schema = m_schema.toStdString();
            m_store = std::make_shared<AsyncKVStore>(m_db.toStdString(), settings);
        } else {
            m_db = m_dir.filePath(QStringLiteral("kv.db"));
            m_store = std::make_shared<AsyncKVStore>(m_db.toStdString());
        }
        QVERIFY(m_store->set({"a"}, Value(1)).result().ok);
        QVERIFY(m_store->set({"n"}, Value(10)).result().ok);
        QVERIFY(m_store->set({"gone"}, Value(true)).result().ok);
    }

    void cleanupTestCase()
    {
        if (m_store)
            m_store->close().waitForFinished();
    }

    void buildPreviewDryRunCommit()
    {
        TransactionPane pane;
        QAbstractItemModelTester rowsTester(pane.controller()->model());
        QAbstractItemModelTester historyTester(pane.controller()->history());
        pane.resize(1100, 700);
        pane.show();
        pane.setStore(m_store, true);
        TransactionModel *model = pane.controller()->model();
        TransactionRowEditor *editor = pane.rowEditor();

        // A check of ["a"] at the version it has now, as "Add to transaction" brings it.
        const std::int64_t a = entryOf("[\"a\"]")->version;
        pane.controller()->addCheckFor({"a"});
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, kTimeout);
        QCOMPARE(model->rowAt(0).version, std::optional<qint64>(a));

        // Live validation: a half-typed key shows its problem and blocks Commit and Dry run.
        addRow(pane, TransactionRow::Kind::Check);
        QVERIFY(editor->mustNotExist()->isChecked());
        type(editor->keyEdit(), QStringLiteral("[\"b\""));
        QCOMPARE(editor->problemText(), QStringLiteral("Key: expected ',' or ']' at position 4"));
        QCOMPARE(model->data(model->index(1, TransactionModel::Problem)).toString(),
                 editor->problemText());
        QVERIFY(!pane.commitButton()->isEnabled());
        QVERIFY(!pane.dryRunButton()->isEnabled());
        QTest::keyClicks(editor->keyEdit(), QStringLiteral("]"));
        QVERIFY(editor->problemText().isEmpty());
        QVERIFY(pane.commitButton()->isEnabled());

        addRow(pane, TransactionRow::Kind::Set);
        type(editor->keyEdit(), QStringLiteral("[\"b\"]"));
        type(editor->valueEdit(), QStringLiteral("{n: 1n}"));
        type(editor->ttlEdit(), QStringLiteral("-5"));
        QCOMPARE(editor->problemText(), QStringLiteral("Expiry (ms) must be at least 0"));
        type(editor->ttlEdit(), QStringLiteral("60000"));
        addRow(pane, TransactionRow::Kind::Sum);
        type(editor->keyEdit(), QStringLiteral("[\"n\"]"));
        type(editor->deltaEdit(), QStringLiteral("5"));
        addRow(pane, TransactionRow::Kind::Delete);
        type(editor->keyEdit(), QStringLiteral("[\"gone\"]"));
        addRow(pane, TransactionRow::Kind::Enqueue);
        type(editor->valueEdit(), QStringLiteral("\"mail\""));
        type(editor->topicEdit(), QStringLiteral("emails"));
        type(editor->maxAttemptsEdit(), QStringLiteral("1.5"));
        QCOMPARE(editor->problemText(), QStringLiteral("Max attempts must be a whole number"));
        type(editor->maxAttemptsEdit(), QStringLiteral("5"));
        QCOMPARE(model->rowCount(), 6);
        QVERIFY(model->firstProblem().isEmpty());

        // The preview: the same transaction as the JavaScript call chain, copyable.
        const QString script = QStringLiteral("store.atomic()\n"
                                              "  .check({ key: [\"a\"], version: %1 })\n"
                                              "  .check({ key: [\"b\"], version: null })\n"
                                              "  .set([\"b\"], {\"n\": 1n}, { ttl: 60000 })\n"
                                              "  .sum([\"n\"], 5)\n"
                                              "  .delete([\"gone\"])\n"
                                              "  .enqueue(\"mail\", { topic: \"emails\", "
                                              "maxAttempts: 5 })\n"
                                              "  .commit();\n")
                                   .arg(a);
        QCOMPARE(pane.preview()->toPlainText(), script);
        pane.copyButton()->click();
        QCOMPARE(QApplication::clipboard()->text(), script);

        // Dry run: passes, writes nothing.
        pane.dryRunButton()->click();
        QVERIFY(waitForResult(pane, QStringLiteral("Dry run: all 2 check(s) pass")));
        QVERIFY(!entryOf("[\"b\"]").has_value());

        // Saved, the same document dry-runs in kvs atomic (which writes nothing either).
        const QString file = m_dir.filePath(QStringLiteral("built.json"));
        QVERIFY(pane.saveTo(file));
        const CliRun cliDry = kvsCli({QStringLiteral("--json"),
                                      QStringLiteral("atomic"),
                                      file,
                                      QStringLiteral("--dry-run")});
        QCOMPARE(cliDry.code, 0);
        QCOMPARE(cliDry.out, QByteArray("{\"ok\": true, \"dryRun\": true}\n"));

        // Commit: the versionstamp, every mutation written with it, a history row.
        pane.commitButton()->click();
        QVERIFY(waitForResult(pane, QStringLiteral("Committed: versionstamp")));
        const std::optional<Entry> b = entryOf("[\"b\"]");
        QVERIFY(b.has_value());
        QVERIFY(pane.resultLabel()->text().endsWith(QString::number(b->version)));
        QVERIFY(b->expiresAt.has_value());
        QCOMPARE(entryOf("[\"n\"]")->value.asNumber(), 15.0);
        QCOMPARE(entryOf("[\"n\"]")->version, b->version);
        QVERIFY(!entryOf("[\"gone\"]").has_value());
        QCOMPARE(m_store->queueStats("emails").result().front().pending, std::int64_t(1));
        QCOMPARE(pane.controller()->history()->rowCount(), 1);
        QCOMPARE(pane.controller()->history()->recordAt(0).result,
                 QStringLiteral("version %1").arg(b->version));

        // The same document in kvs atomic now fails on its check of ["b"] (index 1): exit 3.
        const CliRun cliAgain = kvsCli({QStringLiteral("--json"), QStringLiteral("atomic"), file});
        QCOMPARE(cliAgain.code, 3);
        QCOMPARE(cliAgain.out, QByteArray("{\"ok\": false, \"failedCheck\": 1}\n"));
    }

    void aCheckMovedByAnotherProcessFailsAndRetries()
    {
        TransactionPane pane;
        QAbstractItemModelTester rowsTester(pane.controller()->model());
        QAbstractItemModelTester historyTester(pane.controller()->history());
        pane.show();
        pane.setStore(m_store, true);
        TransactionModel *model = pane.controller()->model();
        const std::int64_t seen = entryOf("[\"a\"]")->version;
        pane.controller()->addCheckFor({"a"});
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, kTimeout);
        addRow(pane, TransactionRow::Kind::Set);
        type(pane.rowEditor()->keyEdit(), QStringLiteral("[\"a\"]"));
        type(pane.rowEditor()->valueEdit(), QStringLiteral("\"mine\""));

        // Another process writes ["a"].
        QCOMPARE(
            kvsCli({QStringLiteral("set"), QStringLiteral("[\"a\"]"), QStringLiteral("99")}).code,
            0);
        const std::int64_t theirs = entryOf("[\"a\"]")->version;
        const QString expected = QStringLiteral("check 1 on [\"a\"] %1. Expected: version %2. "
                                                "Now: version %3 = 99. Nothing was written.");
        pane.dryRunButton()->click();
        QVERIFY(
            waitForResult(pane, expected.arg(QStringLiteral("would fail")).arg(seen).arg(theirs)));
        QVERIFY(pane.retryButton()->isHidden() == false);

        pane.commitButton()->click();
        QVERIFY(waitForResult(pane,
                              QStringLiteral("Not committed: ")
                                  + expected.arg(QStringLiteral("failed")).arg(seen).arg(theirs)));
        QCOMPARE(entryOf("[\"a\"]")->value.asNumber(), 99.0);
        QCOMPARE(pane.rowsView()->currentIndex().row(), 0); // the failed check's row
        QCOMPARE(pane.controller()->history()->recordAt(0).result,
                 QStringLiteral("check 1 failed: [\"a\"]"));
        QVERIFY(!pane.controller()->history()->recordAt(0).ok);

        // Refresh checks and retry: the check takes the version ["a"] has now, and commits.
        QVERIFY(!pane.retryButton()->isHidden());
        pane.retryButton()->click();
        QVERIFY(waitForResult(pane, QStringLiteral("Committed: versionstamp")));
        QCOMPARE(model->rowAt(0).version, std::optional<qint64>(theirs));
        QCOMPARE(entryOf("[\"a\"]")->value.asString(), std::string("mine"));
        QCOMPARE(pane.controller()->history()->rowCount(), 2);
    }

    void aDocumentForKvsAtomicLoadsAndRoundTrips()
    {
        // Written by hand for kvs atomic, loaded in the GUI, saved, and run by kvs atomic.
        const QString written = m_dir.filePath(QStringLiteral("written.json"));
        {
            QFile file(written);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("{\"checks\": [{\"key\": \"[\\\"c\\\", 1]\", \"version\": null}], "
                       "\"mutations\": [{\"type\": \"set\", \"key\": \"[\\\"c\\\", 1]\", "
                       "\"value\": \"new Date(0)\"}, {\"type\": \"enqueue\", \"value\": "
                       "\"[1, 2]\", \"delay\": 1000}]}");
        }
        TransactionPane pane;
        QAbstractItemModelTester rowsTester(pane.controller()->model());
        pane.setStore(m_store, true);
        QVERIFY(pane.loadFrom(written));
        TransactionModel *model = pane.controller()->model();
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->rowAt(0).key, QStringLiteral("[\"c\", 1]"));
        QVERIFY(pane.preview()->toPlainText().contains(
            QStringLiteral(".set([\"c\", 1], new Date(0))")));
        const QString saved = m_dir.filePath(QStringLiteral("saved.json"));
        QVERIFY(pane.saveTo(saved));
        QFile savedFile(saved);
        QVERIFY(savedFile.open(QIODevice::ReadOnly));
        const QByteArray savedText = savedFile.readAll();
        QFile writtenFile(written);
        QVERIFY(writtenFile.open(QIODevice::ReadOnly));
        // The same transaction: printing the parsed original gives the saved text.
        QCOMPARE(savedText.toStdString(),
                 printTransactionJson(parseTransactionJson(writtenFile.readAll().toStdString())));
        const CliRun run = kvsCli({QStringLiteral("atomic"), saved});
        QCOMPARE(run.code, 0);
        QCOMPARE(entryOf("[\"c\", 1]")->version, run.out.trimmed().toLongLong());

        // A bad document: the error names the member, the rows stay.
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        {
            QFile file(bad);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("{\"checks\": [{\"key\": \"[\\\"c\\\"]\"}]}");
        }
        QVERIFY(!pane.loadFrom(bad));
        QCOMPARE(pane.resultLabel()->text(),
                 QStringLiteral("Could not load: kvs: transaction JSON: checks[0].version is "
                                "required (a versionstamp, or null: must not exist)"));
        QCOMPARE(model->rowCount(), 3);
    }

    // Rows move up and down within their group (Alt+Up / Alt+Down, or the buttons): the order
    // of the preview and the JSON, and the index a failed check is named by. Each commit goes
    // into the audit log: its operations and keys, no values.
    void rowsReorderAndCommitsAreAudited()
    {
        const QString auditPath = m_dir.filePath(QStringLiteral("audit-reorder.jsonl"));
        const QByteArray auditBefore = qgetenv("KVS_AUDIT_LOG");
        qputenv("KVS_AUDIT_LOG", QFile::encodeName(auditPath));
        TransactionPane pane;
        QAbstractItemModelTester rowsTester(pane.controller()->model());
        pane.show();
        pane.setStore(m_store, true);
        pane.controller()->setAuditDatabase(QStringLiteral("reorder-db"));
        TransactionModel *model = pane.controller()->model();
        pane.controller()->addCheckFor({"a"});
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, kTimeout);
        addRow(pane, TransactionRow::Kind::Check);
        type(pane.rowEditor()->keyEdit(), QStringLiteral("[\"zz\"]"));
        addRow(pane, TransactionRow::Kind::Set);
        type(pane.rowEditor()->keyEdit(), QStringLiteral("[\"r1\"]"));
        type(pane.rowEditor()->valueEdit(), QStringLiteral("1"));
        addRow(pane, TransactionRow::Kind::Delete);
        type(pane.rowEditor()->keyEdit(), QStringLiteral("[\"r2\"]"));
        QCOMPARE(model->rowCount(), 4);

        // The check of ["zz"] moves up by Alt+Up and stays current.
        pane.rowsView()->setCurrentIndex(model->index(1, 0));
        QVERIFY(pane.moveUpButton()->isEnabled());
        QVERIFY(!pane.moveDownButton()->isEnabled()); // the mutations come after the checks
        pane.rowsView()->setFocus();
        QTest::keyClick(pane.rowsView(), Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(model->index(0, TransactionModel::Key).data().toString(),
                 QStringLiteral("[\"zz\"]"));
        QCOMPARE(pane.rowsView()->currentIndex().row(), 0);
        QVERIFY(!pane.moveUpButton()->isEnabled());
        // The first mutation cannot go among the checks; the delete moves up by the button.
        pane.rowsView()->setCurrentIndex(model->index(2, 0));
        QVERIFY(!pane.moveUpButton()->isEnabled());
        pane.rowsView()->setCurrentIndex(model->index(3, 0));
        pane.moveUpButton()->click();
        QCOMPARE(model->rowAt(2).kind, TransactionRow::Kind::Delete);
        QCOMPARE(pane.rowsView()->currentIndex().row(), 2);
        QTest::keyClick(pane.rowsView(), Qt::Key_Down, Qt::AltModifier);
        QCOMPARE(model->rowAt(3).kind, TransactionRow::Kind::Delete);
        QTest::keyClick(pane.rowsView(), Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(model->rowAt(2).kind, TransactionRow::Kind::Delete);
        const QString preview = pane.preview()->toPlainText();
        QVERIFY(preview.indexOf(QStringLiteral("[\"zz\"]"))
                < preview.indexOf(QStringLiteral("[\"a\"]")));
        QVERIFY(preview.indexOf(QStringLiteral(".delete([\"r2\"])"))
                < preview.indexOf(QStringLiteral(".set([\"r1\"]")));
        const TransactionSpec spec = model->spec();
        QCOMPARE(spec.checks.at(0).key, (Key{"zz"}));
        QCOMPARE(spec.mutations.at(0).type, Mutation::Type::Delete);

        // ["a"] moves on elsewhere: the failed check is the second one now.
        QVERIFY(m_store->set({"a"}, Value(5)).result().ok);
        pane.commitButton()->click();
        QVERIFY(waitForResult(pane, QStringLiteral("Not committed")));
        QCOMPARE(pane.controller()->history()->recordAt(0).result,
                 QStringLiteral("check 2 failed: [\"a\"]"));
        pane.retryButton()->click();
        QVERIFY(waitForResult(pane, QStringLiteral("Committed: versionstamp")));

        // Both commits are in the audit log, in order (written off the GUI thread).
        const auto auditLines = [&] {
            QFile audit(auditPath);
            return audit.open(QIODevice::ReadOnly) ? audit.readAll().trimmed().split('\n')
                                                   : QList<QByteArray>();
        };
        // Each commit: a started line, then its ended line.
        QTRY_COMPARE_WITH_TIMEOUT(auditLines().size(), 4, kTimeout);
        const QList<QByteArray> lines = auditLines();
        QCOMPARE(QJsonDocument::fromJson(lines.at(0)).object().value(u"expected").toInt(), 2);
        const QJsonObject failed = QJsonDocument::fromJson(lines.at(1)).object();
        const QJsonObject ok = QJsonDocument::fromJson(lines.at(3)).object();
        QCOMPARE(failed.value(QStringLiteral("action")).toString(), QStringLiteral("atomic"));
        QCOMPARE(failed.value(QStringLiteral("database")).toString(), QStringLiteral("reorder-db"));
        QCOMPARE(failed.value(QStringLiteral("filter")).toString(),
                 QStringLiteral("check [\"zz\"]; check [\"a\"]; delete [\"r2\"]; set [\"r1\"]"));
        QCOMPARE(failed.value(QStringLiteral("result")).toString(), QStringLiteral("failed"));
        QCOMPARE(failed.value(QStringLiteral("detail")).toString(),
                 QStringLiteral("check 2 failed"));
        QCOMPARE(failed.value(QStringLiteral("matched")).toInt(), 2);
        QCOMPARE(failed.value(QStringLiteral("changed")).toInt(), 0);
        QCOMPARE(ok.value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(ok.value(QStringLiteral("changed")).toInt(), 2);
        QCOMPARE(entryOf("[\"r1\"]")->value.asNumber(), 1.0);
        qputenv("KVS_AUDIT_LOG", auditBefore);
    }

    void readOnlyOffersDryRunNotCommit()
    {
        TransactionPane pane;
        pane.setStore(m_store, false);
        pane.controller()->addCheckFor({"a"});
        QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->model()->rowCount(), 1, kTimeout);
        QVERIFY(pane.dryRunButton()->isEnabled());
        QVERIFY(!pane.commitButton()->isEnabled());
        QVERIFY(pane.commitButton()->toolTip().contains(QStringLiteral("Allow writes")));
        pane.controller()->commit(); // refused without a store call
        QVERIFY(!pane.controller()->isBusy());
        pane.dryRunButton()->click();
        QVERIFY(waitForResult(pane, QStringLiteral("Dry run: all 1 check(s) pass")));
    }

    // "Add to transaction" on a key's row of the tree: the Transaction tab shows, with a check
    // of the key at the version it has now; the tab's commit updates the tree's row.
    void treeRowMenuAddsACheck()
    {
        std::optional<ConnectionSpec> spec;
        QString password;
        if (onPostgres()) {
            spec = ConnectionSpec::fromPostgresUrl(m_db, &password);
            QVERIFY(spec.has_value());
            spec->setSchema(m_schema);
        } else {
            spec = ConnectionSpec::sqlite(m_db);
        }
        DatabaseView view(new DatabaseSession(*spec, password));
        view.resize(1000, 600);
        view.show();
        QTRY_VERIFY_WITH_TIMEOUT(view.session()->store() != nullptr, kTimeout);
        KeyTreeModel *tree = view.tree()->model();
        QModelIndex n;
        QTRY_VERIFY_WITH_TIMEOUT((n = tree->findChild({}, encodeKey({"n"}))).isValid(), kTimeout);
        QMenu *menu = view.tree()->rowMenu(n);
        QAction *add = menu->findChild<QAction *>(QStringLiteral("addToTransaction"));
        QVERIFY(add && add->isEnabled());
        add->trigger();
        delete menu;
        QCOMPARE(view.views()->currentWidget(), view.transaction());
        TransactionModel *model = view.transaction()->controller()->model();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, kTimeout);
        QCOMPARE(model->rowAt(0).key, QStringLiteral("[\"n\"]"));
        QCOMPARE(model->rowAt(0).version, std::optional<qint64>(entryOf("[\"n\"]")->version));
        // Read-only, as a database opens: no commit until writes are allowed.
        QVERIFY(!view.transaction()->commitButton()->isEnabled());
        QVERIFY(view.transaction()->dryRunButton()->isEnabled());
    }

    // The README's picture: a failed check beside what its key holds now.
    void savesAScreenshot()
    {
        if (onPostgres())
            return; // one picture, from the SQLite run
        TransactionPane pane;
        pane.resize(kvs::test::kPaneOnSmallScreen);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        pane.setStore(m_store, true);
        pane.controller()->addCheckFor({"a"});
        QTRY_COMPARE_WITH_TIMEOUT(pane.controller()->model()->rowCount(), 1, kTimeout);
        addRow(pane, TransactionRow::Kind::Check);
        type(pane.rowEditor()->keyEdit(), QStringLiteral("[\"users\", \"alice\"]"));
        addRow(pane, TransactionRow::Kind::Set);
        type(pane.rowEditor()->keyEdit(), QStringLiteral("[\"users\", \"alice\"]"));
        type(pane.rowEditor()->valueEdit(),
             QStringLiteral("{name: \"Alice\", since: new Date(0)}"));
        addRow(pane, TransactionRow::Kind::Sum);
        type(pane.rowEditor()->keyEdit(), QStringLiteral("[\"stats\", \"users\"]"));
        type(pane.rowEditor()->deltaEdit(), QStringLiteral("1"));
        addRow(pane, TransactionRow::Kind::Enqueue);
        type(pane.rowEditor()->valueEdit(), QStringLiteral("{welcome: \"alice\"}"));
        type(pane.rowEditor()->topicEdit(), QStringLiteral("emails"));
        pane.commitButton()->click();
        QVERIFY(waitForResult(pane, QStringLiteral("Committed")));
        // Another process moves ["a"] on; the next commit fails on it.
        QCOMPARE(
            kvsCli({QStringLiteral("set"), QStringLiteral("[\"a\"]"), QStringLiteral("7")}).code,
            0);
        pane.controller()->model()->removeRowAt(1);
        pane.commitButton()->click();
        QVERIFY(waitForResult(pane, QStringLiteral("Not committed")));
        const QString dir = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(dir);
        QVERIFY(pane.grab().save(dir + QStringLiteral("/transaction.png")));
    }
};

QTEST_MAIN(TestTransactionPane)
#include "tst_transaction_pane.moc"
