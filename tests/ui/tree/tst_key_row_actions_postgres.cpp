// The key tree's subtree bulk actions (issue 12: export, delete, import from the row menu) on
// PostgreSQL, offscreen, with the test command's server: counted first, confirmed with what
// will happen, run off the GUI thread in batches, the tree read again afterwards.
#include "session/database_view.h"
#include "support/database_view_fixture.h"
#include "support/postgres_test_server.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using kvs::ui::DatabaseView;
using kvs::ui::SubtreeBulkAction;

namespace {

constexpr int kTimeout = 30000;

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
    kvs::test::DatabaseWindow m_window;
    DatabaseView *m_view = nullptr; // Owned by m_window.
    std::string m_schema;
    std::unique_ptr<kvs::AsyncKVStore> m_reader; // the rows, read behind the GUI

    QModelIndex indexOf(const char *literal)
    {
        return kvs::test::rootRow(m_view, literal, kTimeout);
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
        return kvs::test::runBulk(m_view, kind, index, path, buttonText, question, kTimeout);
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
        QVERIFY(m_window.open(
            kvs::test::postgresSession(kvs::test::postgresUrl(), m_schema), true, kTimeout));
        m_view = m_window.view();
    }
    void cleanup()
    {
        m_window.close();
        m_view = nullptr;
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
