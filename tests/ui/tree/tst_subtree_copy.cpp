// Issue 12, section 2: "Copy subtree to" another open database, SQLite -> PostgreSQL and back,
// offscreen, with the test command's PostgreSQL server: the row menu lists the window's other
// tabs (read-only ones disabled), the exact count comes first, the confirmation says what will
// happen (N entries from X to Y, skip existing or overwrite), the copy runs in batches of 1,000
// (Cancel after a batch: tst_entry_transfer); expired entries are skipped and the target writes new
// versionstamps.
#include "session/database_view.h"
#include "support/audit_lines.h"
#include "support/database_view_fixture.h"
#include "support/postgres_test_server.h"
#include "support/raw_sqlite.h"
#include "tree/key_row_actions.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QAction>
#include <QJsonObject>
#include <QMainWindow>
#include <QMenu>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using kvs::ui::DatabaseView;
using kvs::ui::KeyRowActions;

using kvs::test::answerNextMessageBox;

namespace {

constexpr int kTimeout = 60000;

kvs::Key key(const char *literal)
{
    return kvs::parseKeyLiteral(literal);
}

} // namespace

class TestSubtreeCopy : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QMainWindow> m_window;
    QTabWidget *m_tabs = nullptr;
    DatabaseView *m_sqlite = nullptr;   // Owned by m_tabs.
    DatabaseView *m_postgres = nullptr; // Owned by m_tabs.
    QString m_path;
    std::string m_schema;
    std::unique_ptr<kvs::AsyncKVStore> m_pgReader; // the PostgreSQL rows, read behind the GUI

    bool allowWrites(DatabaseView *view) { return kvs::test::allowWrites(view, kTimeout); }
    QModelIndex indexOf(DatabaseView *view, const char *literal)
    {
        return kvs::test::rootRow(view, literal, kTimeout);
    }
    // The "Copy subtree to" action of row for the tab named target.
    QAction *copyAction(DatabaseView *view, const QModelIndex &row, const QString &target)
    {
        QMenu *menu = view->tree()->rowMenu(row);
        QAction *submenu = menu->findChild<QAction *>(QStringLiteral("menuCopySubtree"));
        if (!submenu || !submenu->menu())
            return nullptr;
        return submenu->menu()->findChild<QAction *>(QStringLiteral("copyTo:") + target);
    }
    // Runs the copy of action, answering the confirmation with button; the summary.
    QString runCopy(DatabaseView *view, QAction *action, const QString &button, QString *question)
    {
        QSignalSpy finished(view->tree()->rowActions(), &KeyRowActions::bulkFinished);
        answerNextMessageBox(button, question);
        action->trigger();
        if (!finished.wait(kTimeout))
            return QStringLiteral("<no end>");
        return finished.at(0).at(0).toString();
    }
    std::optional<kvs::Entry> pgGet(const char *literal)
    {
        return m_pgReader->get(key(literal)).result();
    }
    std::optional<kvs::Entry> sqliteGet(const char *literal)
    {
        kvs::KVStore store(m_path.toStdString());
        return store.get(key(literal));
    }

private slots:
    void init()
    {
        // SQLite: three users (one with a TTL), two orders, 20,000 ["big", i]; an expired row
        // under users written behind the store's back (not cleaned yet).
        m_path = m_dir.filePath(QStringLiteral("copy-%1.db").arg(QTest::currentTestFunction()));
        {
            kvs::KVStore store(m_path.toStdString());
            store.set(key(R"(["users", "alice"])"), kvs::parseLiteral("{n: 1n, d: new Date(5)}"));
            store.set(key(R"(["users", "bob"])"), kvs::parseLiteral("'sqlite bob'"));
            kvs::SetOptions ttl;
            ttl.ttl = 3600 * 1000.0;
            store.set(key(R"(["users", "carol"])"), kvs::parseLiteral("new Set([1])"), ttl);
            store.set(key(R"(["orders", 1])"), kvs::Value(1.0));
            store.set(key(R"(["orders", 2])"), kvs::Value(2.0));
            kvs::AtomicOperation op = store.atomic();
            for (int i = 0; i < 20000; ++i)
                op.set(kvs::Key{kvs::KeyPart(std::string("big")), kvs::KeyPart(double(i))},
                       kvs::Value(double(i)));
            (void)op.commit();
        }
        {
            kvs::test::RawSqlite raw(m_path.toStdString());
            const std::string expired
                = QByteArray::fromStdString(kvs::encodeKey(key(R"(["users", "zed"])")))
                      .toHex()
                      .toStdString();
            raw.exec("INSERT INTO kv (key, value, version, expires_at) SELECT x'" + expired
                     + "', value, 1, 1 FROM kv LIMIT 1");
        }
        // PostgreSQL: its own schema, where bob already is.
        m_schema = kvs::test::freshSchema("copy");
        kvs::AsyncKVStoreSettings settings;
        settings.schema = m_schema;
        m_pgReader = std::make_unique<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
        (void)m_pgReader->set(key(R"(["users", "bob"])"), kvs::parseLiteral("'pg bob'")).result();

        m_window = std::make_unique<QMainWindow>();
        m_tabs = new QTabWidget;
        m_window->setCentralWidget(m_tabs);
        m_sqlite = new DatabaseView(kvs::test::sqliteSession(m_path));
        m_postgres
            = new DatabaseView(kvs::test::postgresSession(kvs::test::postgresUrl(), m_schema));
        m_tabs->addTab(m_sqlite, QStringLiteral("sqlite"));
        m_tabs->addTab(m_postgres, QStringLiteral("postgres"));
        m_window->resize(1100, 650);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        const QString readOnly = QStringLiteral("Read-only (inspect)");
        QVERIFY(kvs::test::waitForMode(m_sqlite, readOnly, kTimeout));
        QVERIFY(kvs::test::waitForMode(m_postgres, readOnly, kTimeout));
    }
    void cleanup()
    {
        m_window.reset();
        m_pgReader.reset();
    }
    void sqliteToPostgresSkipsExisting();
    void postgresToSqliteOverwrites();
};

void TestSubtreeCopy::sqliteToPostgresSkipsExisting()
{
    const QString sqliteName = m_sqlite->session()->displayName();
    const QString pgName = m_postgres->session()->displayName();
    const QModelIndex users = indexOf(m_sqlite, R"(["users"])");
    QVERIFY(users.isValid());
    // A read-only target is listed, disabled.
    QAction *readOnly = copyAction(m_sqlite, users, pgName);
    QVERIFY(readOnly);
    QVERIFY(!readOnly->isEnabled());
    QCOMPARE(readOnly->text(), QStringLiteral("%1 (read-only)").arg(pgName));
    QVERIFY(allowWrites(m_postgres));
    const std::int64_t bobVersion = pgGet(R"(["users", "bob"])")->version;

    QAction *copy = copyAction(m_sqlite, indexOf(m_sqlite, R"(["users"])"), pgName);
    QVERIFY(copy && copy->isEnabled());
    QString question;
    const QString summary
        = runCopy(m_sqlite, copy, QStringLiteral("Copy, skip existing"), &question);
    // The exact count (the expired row is not counted), both databases named, the choice.
    QVERIFY2(question.startsWith(QStringLiteral(R"(Copy 3 entries of ["users"] and the keys )"
                                                R"(below it from %1 to %2?)")
                                     .arg(sqliteName, pgName)),
             qPrintable(question));
    QVERIFY2(question.contains(QStringLiteral("batches of 1,000 entries")), qPrintable(question));
    QVERIFY2(question.contains(QStringLiteral("skip them, or overwrite them?")),
             qPrintable(question));
    QCOMPARE(summary, QStringLiteral("Copied 2 entries to %1, skipped 1.").arg(pgName));
    // Audited under the database it wrote, naming the subtree and where it came from.
    QJsonObject ended;
    for (const QJsonObject &line : kvs::test::auditLines(qEnvironmentVariable("KVS_AUDIT_LOG"))) {
        if (line.value(QStringLiteral("action")).toString() == QStringLiteral("copy-subtree")
            && line.value(QStringLiteral("event")).toString() == QStringLiteral("ended"))
            ended = line;
    }
    QCOMPARE(ended.value(QStringLiteral("database")).toString(),
             m_postgres->session()->auditDatabaseName());
    QCOMPARE(ended.value(QStringLiteral("filter")).toString(),
             QStringLiteral(R"(["users"] from %1)").arg(sqliteName));
    QCOMPARE(ended.value(QStringLiteral("changed")).toInt(), 2);

    const std::optional<kvs::Entry> alice = pgGet(R"(["users", "alice"])");
    QVERIFY(alice.has_value());
    QCOMPARE(alice->value, kvs::parseLiteral("{n: 1n, d: new Date(5)}"));
    QVERIFY(alice->version > bobVersion); // PostgreSQL's own new versionstamp
    QCOMPARE(pgGet(R"(["users", "bob"])")->value, kvs::parseLiteral("'pg bob'"));
    // The expiry is kept as a time; the expired entry was not copied.
    const std::optional<kvs::Entry> carol = pgGet(R"(["users", "carol"])");
    QVERIFY(carol && carol->expiresAt);
    QCOMPARE(carol->expiresAt, sqliteGet(R"(["users", "carol"])")->expiresAt);
    kvs::test::PgAdmin admin;
    QCOMPARE(admin.exec("SELECT count(*) FROM \"" + m_schema + "\".kv"), std::string("3"));
    QVERIFY(!pgGet(R"(["orders", 1])").has_value());
}

void TestSubtreeCopy::postgresToSqliteOverwrites()
{
    QVERIFY(allowWrites(m_sqlite));
    QVERIFY(allowWrites(m_postgres));
    (void)m_pgReader->set(key(R"(["users", "dora"])"), kvs::parseLiteral("[1, 'two']")).result();
    const QString sqliteName = m_sqlite->session()->displayName();
    const QString pgName = m_postgres->session()->displayName();
    m_postgres->tree()->refresh();
    QAction *copy = copyAction(m_postgres, indexOf(m_postgres, R"(["users"])"), sqliteName);
    QVERIFY(copy && copy->isEnabled());
    QString question;
    const QString summary
        = runCopy(m_postgres, copy, QStringLiteral("Copy, overwrite existing"), &question);
    QVERIFY2(question.startsWith(QStringLiteral(R"(Copy 2 entries of ["users"] and the keys )"
                                                R"(below it from %1 to %2?)")
                                     .arg(pgName, sqliteName)),
             qPrintable(question));
    QCOMPARE(summary, QStringLiteral("Copied 2 entries to %1, skipped 0.").arg(sqliteName));
    QCOMPARE(sqliteGet(R"(["users", "bob"])")->value, kvs::parseLiteral("'pg bob'"));
    QCOMPARE(sqliteGet(R"(["users", "dora"])")->value, kvs::parseLiteral("[1, 'two']"));
    QCOMPARE(sqliteGet(R"(["users", "alice"])")->value,
             kvs::parseLiteral("{n: 1n, d: new Date(5)}"));
    // The copy wrote one versionstamp of SQLite's, newer than everything written before.
    QVERIFY(sqliteGet(R"(["users", "bob"])")->version > sqliteGet(R"(["big", 19999])")->version);
    QCOMPARE(sqliteGet(R"(["users", "bob"])")->version, sqliteGet(R"(["users", "dora"])")->version);
}

QTEST_MAIN(TestSubtreeCopy)
#include "tst_subtree_copy.moc"
