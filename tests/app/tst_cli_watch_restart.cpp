// Issue 30: `kvs watch` survives a database that goes away and comes back. On a PostgreSQL
// cluster of the test's own (stopped, crashed and restarted here, never the run's shared
// server), and on a SQLite file moved away and back: the watch says on stderr when the
// connection broke and when it is back, keeps running, and prints the change committed while it
// was away. The waits are for another process (the watch retries after 1 s of real time), so
// they are qWaitFor with a deadline.
#include "cli_test_support.h"
#include "support/own_postgres_cluster.h"
#include "support/postgres_test_server.h"
#include "watch_process.h"

#include <kvs/async_kvstore.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

namespace {

constexpr int kDeadlineMs = 30'000;

// Waits until the watch's stderr (gathered into seen) holds text.
bool waitForStderr(WatchProcess &watch, QByteArray &seen, const char *text)
{
    return QTest::qWaitFor(
        [&] {
            seen += watch.process().readAllStandardError();
            return seen.contains(text);
        },
        kDeadlineMs);
}

// Sets key to value through a store of this process (the other writer).
void setThrough(const std::string &url,
                const std::string &schema,
                const kvs::Key &key,
                const kvs::Value &value)
{
    kvs::AsyncKVStoreSettings settings;
    settings.schema = schema;
    kvs::AsyncKVStore store(url, settings);
    QVERIFY(store.set(key, value).result().ok);
    store.close().waitForFinished();
}

} // namespace

class TestCliWatchRestart : public QObject
{
    Q_OBJECT

    kvs::test::OwnPostgresCluster m_cluster;
    QTemporaryDir m_dir;

    // A watch of ["k"] in a new schema of the test's cluster (application_name app), its first
    // line read.
    std::unique_ptr<WatchProcess> startWatch(const std::string &schema, const std::string &app)
    {
        setThrough(m_cluster.url(), schema, {"k"}, kvs::Value(1.0));
        const std::string url
            = kvs::test::withParameter(m_cluster.url(), "application_name=" + app);
        auto watch = std::make_unique<WatchProcess>(QStringList{"--db",
                                                                QString::fromStdString(url),
                                                                "--schema",
                                                                QString::fromStdString(schema),
                                                                "watch",
                                                                "['k']",
                                                                "--count",
                                                                "1"});
        const QByteArray first = watch->nextLine();
        if (first != QByteArray("[\"k\"] = 1"))
            qWarning("unexpected first line: %s", first.constData());
        return watch;
    }

    // After the watch lost its connection: a write of the other process, then the watch's
    // change line, and its word that it is back; it ends after its one change (--count 1).
    void expectTheChangeMadeWhileAway(WatchProcess &watch,
                                      QByteArray &stderrSeen,
                                      const std::string &schema)
    {
        setThrough(m_cluster.url(), schema, {"k"}, kvs::Value(2.0));
        QCOMPARE(watch.nextLine(), QByteArray("[\"k\"] = 2"));
        QVERIFY2(waitForStderr(watch,
                               stderrSeen,
                               "kvs: connected again; the watched keys were "
                               "read again\n"),
                 stderrSeen.constData());
        QVERIFY(watch.process().waitForFinished(kDeadlineMs));
        QCOMPARE(watch.process().exitCode(), 0);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_cluster.start(), "the test's own PostgreSQL did not start");
    }

    void survivesAnImmediateStopAndStart()
    {
        const std::string schema = kvs::test::freshSchema("cliwatch_crash");
        auto watch = startWatch(schema, "kvs_cli_watch_crash");
        QVERIFY(m_cluster.act("crash"));
        QByteArray seen;
        QVERIFY2(waitForStderr(*watch, seen, "kvs: watching stopped: "), seen.constData());
        QVERIFY2(seen.contains("PostgreSQL at 127.0.0.1:"), seen.constData());
        QVERIFY2(seen.contains("; trying again in 1 s, then less often (up to every 30 s)\n"),
                 seen.constData());
        QCOMPARE(seen.count("kvs: watching stopped"), 1); // one line, however many retries
        QVERIFY(watch->process().state() == QProcess::Running);
        QVERIFY(m_cluster.act("resume"));
        expectTheChangeMadeWhileAway(*watch, seen, schema);
    }

    void survivesARestart()
    {
        const std::string schema = kvs::test::freshSchema("cliwatch_restart");
        auto watch = startWatch(schema, "kvs_cli_watch_restart");
        QVERIFY(m_cluster.act("restart"));
        QByteArray seen;
        QVERIFY2(waitForStderr(*watch, seen, "kvs: watching stopped: "), seen.constData());
        expectTheChangeMadeWhileAway(*watch, seen, schema);
    }

    void survivesItsBackendsBeingTerminated()
    {
        const std::string schema = kvs::test::freshSchema("cliwatch_term");
        auto watch = startWatch(schema, "kvs_cli_watch_term");
        kvs::test::PgAdmin admin(m_cluster.url());
        QVERIFY(admin.terminateBackends("kvs_cli_watch_term") >= 1);
        QByteArray seen;
        QVERIFY2(waitForStderr(*watch, seen, "kvs: watching stopped: "), seen.constData());
        expectTheChangeMadeWhileAway(*watch, seen, schema);
    }

    void survivesASqliteFileGoneAndRestored()
    {
        const QString db = m_dir.filePath(QStringLiteral("watched.db"));
        const QString away = m_dir.filePath(QStringLiteral("away.db"));
        const QString restored = m_dir.filePath(QStringLiteral("restored.db"));
        QCOMPARE(runKvs({"--db", db, "set", "['k']", "1"}).code, 0);
        // A backup, later written to and put back (by processes that closed it: a file of its
        // own, no -wal beside it).
        QVERIFY(QFile::copy(db, restored));
        QCOMPARE(runKvs({"--db", restored, "set", "['k']", "2"}).code, 0);
        WatchProcess watch({"--db", db, "watch", "['k']", "--count", "1"});
        QCOMPARE(watch.nextLine(), QByteArray("[\"k\"] = 1"));
        QVERIFY(QFile::rename(db, away));
        QByteArray seen;
        QVERIFY2(waitForStderr(watch, seen, "kvs: watching stopped: the database file \""),
                 seen.constData());
        QVERIFY2(seen.contains("\" is gone (deleted, moved, or its disk removed)"),
                 seen.constData());
        QVERIFY(QFile::rename(restored, db));
        QCOMPARE(watch.nextLine(), QByteArray("[\"k\"] = 2"));
        QVERIFY2(waitForStderr(watch, seen, "kvs: connected again"), seen.constData());
        QVERIFY(watch.process().waitForFinished(kDeadlineMs));
        QCOMPARE(watch.process().exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliWatchRestart)
#include "tst_cli_watch_restart.moc"
