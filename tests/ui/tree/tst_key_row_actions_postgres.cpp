// The key tree's subtree bulk actions (issue 12: export, delete, import from the row menu) on
// PostgreSQL, offscreen, with the test command's server: counted first, confirmed with what
// will happen, run off the GUI thread in batches, the tree read again afterwards.
#include "connection/connection_spec.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/postgres_test_server.h"
#include "tree/key_row_actions.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

using kvs::ui::DatabaseView;
using kvs::ui::KeyRowActions;
using kvs::ui::KeyTreeModel;
using kvs::ui::SubtreeBulkAction;

namespace {

constexpr int kTimeout = 30000;

void answerNextMessageBox(const QString &buttonText, QString *text = nullptr, int tries = 500)
{
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

kvs::Key key(const char *literal)
{
    return kvs::parseKeyLiteral(literal);
}

} // namespace

class TestKeyRowActionsPostgres : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QMainWindow> m_window;
    DatabaseView *m_view = nullptr; // Owned by m_window.
    std::string m_schema;
    std::unique_ptr<kvs::AsyncKVStore> m_reader; // the rows, read behind the GUI

    // The root row of a one-part literal, once the root's first page is in.
    QModelIndex indexOf(const char *literal)
    {
        KeyTreeModel *model = m_view->tree()->model();
        const std::string encoded = kvs::encodeKey(key(literal));
        QModelIndex found;
        (void)QTest::qWaitFor(
            [&] {
                found = model->findChild({}, encoded);
                return found.isValid();
            },
            kTimeout);
        return found;
    }
    int rows()
    {
        kvs::test::PgAdmin admin;
        return std::stoi(admin.exec("SELECT count(*) FROM \"" + m_schema + "\".kv"));
    }
    QString runBulk(SubtreeBulkAction::Kind kind,
                    const QModelIndex &index,
                    const QString &path,
                    const QString &buttonText,
                    QString *question)
    {
        KeyRowActions *actions = m_view->tree()->rowActions();
        QSignalSpy finished(actions, &KeyRowActions::bulkFinished);
        answerNextMessageBox(buttonText, question);
        if (!actions->startBulk(kind, index, path))
            return QStringLiteral("<not started>");
        if (!finished.wait(kTimeout))
            return QStringLiteral("<no end>");
        return finished.at(0).at(0).toString();
    }

private slots:
    void init()
    {
        m_schema = kvs::test::freshSchema("rowactions");
        kvs::AsyncKVStoreSettings settings;
        settings.schema = m_schema;
        m_reader = std::make_unique<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
        for (const char *literal : {R"(["users", "alice"])",
                                    R"(["users", "bob"])",
                                    R"(["users", "carol"])",
                                    R"(["orders", 1])",
                                    R"(["orders", 2])"}) {
            (void)m_reader->set(key(literal), kvs::parseLiteral("{n: 1n, d: new Date(5)}"))
                .result();
        }
        m_window = std::make_unique<QMainWindow>();
        QString password;
        kvs::ui::ConnectionSpec spec = *kvs::ui::ConnectionSpec::fromPostgresUrl(
            QString::fromStdString(kvs::test::postgresUrl()), &password);
        spec.setSchema(QString::fromStdString(m_schema));
        m_view = new DatabaseView(new kvs::ui::DatabaseSession(spec, password));
        m_window->setCentralWidget(m_view);
        m_window->resize(1100, 650);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QVERIFY(QTest::qWaitFor(
            [&] { return m_view->modeText() == QStringLiteral("Read-only (inspect)"); }, kTimeout));
        answerNextMessageBox(QStringLiteral("Allow writes"));
        m_view->allowWritesAction()->trigger();
        QVERIFY(QTest::qWaitFor([&] { return m_view->modeText() == QStringLiteral("Writable"); },
                                kTimeout));
    }
    void cleanup()
    {
        m_window.reset();
        m_reader.reset();
    }
    void exportDeleteImportRoundTrip();
};

void TestKeyRowActionsPostgres::exportDeleteImportRoundTrip()
{
    // Export: counted, asked, written.
    const QString file = m_dir.filePath(QStringLiteral("users.jsonl"));
    QString question;
    QCOMPARE(runBulk(SubtreeBulkAction::Kind::Export,
                     indexOf(R"(["users"])"),
                     file,
                     QStringLiteral("Export"),
                     &question),
             QStringLiteral("Exported 3 entries to %1.").arg(file));
    QVERIFY2(question.startsWith(
                 QStringLiteral(R"(Export 3 entries of ["users"] and the keys below it to %1?)")
                     .arg(file)),
             qPrintable(question));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = written.readAll().split('\n');
    QCOMPARE(lines.size(), 4);
    const QByteArray expected = "{\"key\": \"[\\\"users\\\", \\\"alice\\\"]\", \"value\": "
                                "\"{\\\"n\\\": 1n, \\\"d\\\": new Date(5)}\", \"expiresAt\": null}";
    QCOMPARE(lines[0], expected);

    // Delete: asked, only the subtree goes, the tree reads again.
    QCOMPARE(runBulk(SubtreeBulkAction::Kind::Delete,
                     indexOf(R"(["users"])"),
                     {},
                     QStringLiteral("Delete"),
                     &question),
             QStringLiteral("Deleted 3 entries."));
    QVERIFY2(question.startsWith(QStringLiteral(R"(Delete 3 entries of ["users"] and the keys )"
                                                R"(below it?)")),
             qPrintable(question));
    QCOMPARE(rows(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->tree()->model()->rowCount({}), 1, kTimeout);

    // Import, keeping existing: bob is there again first and stays.
    (void)m_reader->set(key(R"(["users", "bob"])"), kvs::Value("kept")).result();
    QCOMPARE(runBulk(SubtreeBulkAction::Kind::Import,
                     indexOf(R"(["orders"])"),
                     file,
                     QStringLiteral("Import, keep existing"),
                     &question),
             QStringLiteral("Imported 2 entries, skipped 1."));
    QCOMPARE(rows(), 5);
    QCOMPARE(m_reader->get(key(R"(["users", "bob"])")).result()->value, kvs::Value("kept"));
    QCOMPARE(m_reader->get(key(R"(["users", "alice"])")).result()->value,
             kvs::parseLiteral("{n: 1n, d: new Date(5)}"));
    // Overwriting: bob is the file's again.
    QCOMPARE(runBulk(SubtreeBulkAction::Kind::Import,
                     {},
                     file,
                     QStringLiteral("Import, overwrite existing"),
                     nullptr),
             QStringLiteral("Imported 3 entries, skipped 0."));
    QCOMPARE(m_reader->get(key(R"(["users", "bob"])")).result()->value,
             kvs::parseLiteral("{n: 1n, d: new Date(5)}"));
    QTRY_VERIFY_WITH_TIMEOUT(m_view->tree()->model()->rowCount({}) == 2, kTimeout);
}

QTEST_MAIN(TestKeyRowActionsPostgres)
#include "tst_key_row_actions_postgres.moc"
