// Issue 37: `kvs find` on PostgreSQL: the same output as on SQLite for the same rows (a text
// ignoring case, a condition, --count, --export), a row that is not UTF-8 (skipped with a
// warning, never a failed query), and exit codes 1 and 5.
#include "cli_test_support.h"
#include "support/postgres_test_server.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

class TestCliFindPostgres : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_schema = kvs::test::freshSchema("find");

    Run onPostgres(const QStringList &args) const
    {
        return runKvs(QStringList{"--db",
                                  QString::fromStdString(kvs::test::postgresUrl()),
                                  "--schema",
                                  QString::fromStdString(m_schema)}
                      + args);
    }

private slots:
    void sameResultsAsOnSqlite();
    void exitCodes();
    void cleanupTestCase()
    {
        kvs::test::PgAdmin().exec("DROP SCHEMA IF EXISTS \"" + m_schema + "\" CASCADE");
    }
};

void TestCliFindPostgres::sameResultsAsOnSqlite()
{
    const QString db = m_dir.filePath(QStringLiteral("same.db"));
    const QList<QPair<QString, QString>> entries{
        {R"(["users", "alice"])", R"({name: "Alice", status: "failed", since: new Date(0)})"},
        {R"(["users", "bob"])", R"({name: "Bob", status: "ok", n: 12n})"},
        {R"(["users", "kelvin"])", "'\u212Aelvin FAILED'"},
        {R"(["flags", 1])", "true"},
    };
    for (const auto &[key, value] : entries) {
        QCOMPARE(runKvs({"--db", db, "set", key, value}).code, 0);
        QCOMPARE(onPostgres({"set", key, value}).code, 0);
    }
    const QList<QStringList> searches{
        {"find", "--text", "failed"},
        {"find", "--text", "KELVIN"},
        {"find", "--text", "rue", "--match-case"},
        {"--json", "find", "--where", "value.n == 12 || kind(value.since) == \"Date\""},
        {"find", "--regex", "^\\{\"name\": \"B", "--keys-only"},
        {"--json", "find", "--text", "a", "--count"},
        {"find", "--text", "12n", "--export", "-"},
    };
    for (const QStringList &search : searches) {
        const Run onSqlite = runKvs(QStringList{"--db", db} + search);
        const Run postgres = onPostgres(search);
        QCOMPARE(onSqlite.code, 0);
        QCOMPARE(postgres.code, 0);
        // Versions differ between the two databases: compare without them.
        const QRegularExpression version(QStringLiteral("\"version\": \\d+"));
        QCOMPARE(QString::fromUtf8(postgres.out).remove(version),
                 QString::fromUtf8(onSqlite.out).remove(version));
        QCOMPARE(postgres.err, onSqlite.err);
    }
}

void TestCliFindPostgres::exitCodes()
{
    kvs::test::PgAdmin admin;
    QCOMPARE(onPostgres({"set", "[\"x\", 1]", "'text'"}).code, 0);
    const std::string key
        = QByteArray::fromStdString(kvs::encodeKey({"x", 2})).toHex().toStdString();
    admin.exec("INSERT INTO \"" + m_schema + "\".kv VALUES ('\\x" + key
               + "', '\\xfffe006e6565646c65', 1, NULL)");
    Run run = onPostgres({"find", "--text", "NEEDLE"});
    // Nothing found: the row that is no value is a candidate, skipped with a warning; it
    // fails no query (ignoring case, the bytes are read through encode(..., 'escape')).
    QCOMPARE(run.code, 1);
    QVERIFY2(run.err.startsWith("kvs: warning: skipped a row that does not decode, key bytes "),
             run.err.constData());
    run = onPostgres({"find", "--text", "nowhere", "--count"});
    QCOMPARE(run.code, 1);
    QCOMPARE(run.out, QByteArray("0\n"));
    QCOMPARE(onPostgres({"find", "--text", "TEXT"}).code, 0);
    // A server that is not there: a store error, exit 5, one line, no password.
    run = runKvs({"--db",
                  "postgres://kvs:secret@127.0.0.1:1/none?connect_timeout=2",
                  "find",
                  "--text",
                  "a"});
    QCOMPARE(run.code, 5);
    VERIFY_ONE_ERROR_LINE(run);
    QVERIFY(!run.err.contains("secret"));
}

QTEST_GUILESS_MAIN(TestCliFindPostgres)
#include "tst_cli_find_postgres.moc"
