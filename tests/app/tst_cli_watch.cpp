// `kvs watch` with keys and prefixes on a SQLite file: the real binary, and a second kvs process
// as the writer. The PostgreSQL counterpart is in tst_cli_postgres.
#include "cli_test_support.h"
#include "watch_process.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

class TestCliWatch : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString dbPath(const char *name) const { return m_dir.filePath(QString::fromUtf8(name)); }

private slots:
    void prefixesAndKeysSeeAnotherProcess();
    void textLinesSayDeletedAndNone();
    void aPrefixOverTheLimitIsOneError();
    void needsAKeyOrAPrefix();
    void listStillTakesOnePrefix();
};

void TestCliWatch::prefixesAndKeysSeeAnotherProcess()
{
    const QString db = dbPath("mixed.db");
    QCOMPARE(runKvs({"--db", db, "set", "['users', 'ada']", "1"}).code, 0);
    QCOMPARE(runKvs({"--db", db, "set", "['config']", "'light'"}).code, 0);
    WatchProcess watch({"--db",
                        db,
                        "--json",
                        "watch",
                        "['config']",
                        "--prefix",
                        "['users']",
                        "--prefix",
                        "['jobs']",
                        "--count",
                        "3"});
    const QJsonObject config = parseObject(watch.nextLine());
    QCOMPARE(config.value("key").toString(), QStringLiteral("[\"config\"]"));
    QCOMPARE(config.value("initial").toBool(), true);
    const QJsonObject ada = parseObject(watch.nextLine());
    QCOMPARE(ada.value("key").toString(), QStringLiteral("[\"users\", \"ada\"]"));

    QCOMPARE(runKvs({"--db", db, "set", "['jobs', 1]", "'queued'"}).code, 0);
    const QJsonObject job = parseObject(watch.nextLine());
    QCOMPARE(job.value("key").toString(), QStringLiteral("[\"jobs\", 1]"));
    QCOMPARE(job.value("change").toString(), QStringLiteral("set"));
    QCOMPARE(job.value("initial").toBool(), false);

    QCOMPARE(runKvs({"--db", db, "delete", "['users', 'ada']"}).code, 0);
    const QJsonObject gone = parseObject(watch.nextLine());
    QCOMPARE(gone.value("key").toString(), QStringLiteral("[\"users\", \"ada\"]"));
    QCOMPARE(gone.value("change").toString(), QStringLiteral("deleted"));
    QVERIFY(gone.value("value").isNull());

    QCOMPARE(runKvs({"--db", db, "set", "['configx']", "1"}).code, 0); // watched by no one
    QCOMPARE(runKvs({"--db", db, "set", "['config']", "'dark'"}).code, 0);
    const QJsonObject dark = parseObject(watch.nextLine());
    QCOMPARE(dark.value("key").toString(), QStringLiteral("[\"config\"]"));
    QCOMPARE(dark.value("value").toString(), QStringLiteral("\"dark\""));
    QVERIFY(watch.process().waitForFinished(10'000));
    QCOMPARE(watch.process().exitCode(), 0);
}

void TestCliWatch::textLinesSayDeletedAndNone()
{
    const QString db = dbPath("text.db");
    QCOMPARE(runKvs({"--db", db, "set", "['p', 'a']", "1"}).code, 0);
    WatchProcess watch({"--db", db, "watch", "['missing']", "--prefix", "['p']", "--count", "1"});
    QCOMPARE(watch.nextLine(), QByteArray("[\"missing\"] (none)"));
    QVERIFY(watch.nextLine().startsWith("[\"p\", \"a\"]"));
    QCOMPARE(runKvs({"--db", db, "delete", "['p', 'a']"}).code, 0);
    QCOMPARE(watch.nextLine(), QByteArray("[\"p\", \"a\"] (deleted)"));
    QVERIFY(watch.process().waitForFinished(10'000));
}

void TestCliWatch::aPrefixOverTheLimitIsOneError()
{
    const QString db = dbPath("limit.db");
    for (const char *key : {"['w', 1]", "['w', 2]", "['w', 3]"})
        QCOMPARE(runKvs({"--db", db, "set", key, "1"}).code, 0);
    const QByteArray before = fileBytes(db);
    const Run run = runKvs({"--db", db, "watch", "--prefix", "['w']", "--limit", "2"});
    QCOMPARE(run.code, 1);
    QCOMPARE(run.out, QByteArray());
    QCOMPARE(run.err,
             QByteArray("kvs: prefix [\"w\"] holds more than 2 keys; watch a narrower prefix or "
                        "raise the limit\n"));
    QCOMPARE(fileBytes(db), before);
}

void TestCliWatch::needsAKeyOrAPrefix()
{
    const QString db = dbPath("empty.db");
    QCOMPARE(runKvs({"--db", db, "set", "['k']", "1"}).code, 0);
    const Run run = runKvs({"--db", db, "watch", "--count", "1"});
    QCOMPARE(run.code, 2);
    QVERIFY2(run.err.startsWith("kvs: wrong number of arguments (usage: kvs [options] --db PATH "
                                "watch [KEY...] [--prefix KEY]..."),
             run.err.constData());
    const Run zero = runKvs({"--db", db, "watch", "--prefix", "['k']", "--limit", "0"});
    QCOMPARE(zero.code, 2);
    QCOMPARE(zero.err, QByteArray("kvs: --limit takes an integer >= 1, got \"0\"\n"));
}

void TestCliWatch::listStillTakesOnePrefix()
{
    const QString db = dbPath("list.db");
    QCOMPARE(runKvs({"--db", db, "set", "['k']", "1"}).code, 0);
    const Run run = runKvs({"--db", db, "list", "--prefix", "['a']", "--prefix", "['b']"});
    QCOMPARE(run.code, 2);
    QCOMPARE(run.err, QByteArray("kvs: --prefix is given twice\n"));
}

QTEST_GUILESS_MAIN(TestCliWatch)
#include "tst_cli_watch.moc"
