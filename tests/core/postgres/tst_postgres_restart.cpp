// A PostgreSQL server that restarts (as after a crash), or goes away for a while, under a running
// AsyncKVStore: the call in flight fails with ConnectionError, calls while the server is down fail
// promptly with one clear error, later calls reconnect, nothing hangs and no acknowledged write is
// lost. The test starts a cluster of its own (scripts/postgres-test-cluster.sh), so that
// restarting it never disturbs the tests that share the run's server.
#include "postgres/pg_names.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/key.h>

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace kvs;

namespace {

AsyncKVStoreSettings inSchema(const std::string &schema)
{
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    return settings;
}

} // namespace

class TestPostgresRestart : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_cluster; // the cluster's folder, for the script
    std::string m_url;

    // Runs the cluster script's action; its stdout, nothing when it failed.
    std::optional<QByteArray> cluster(const char *action)
    {
        QProcess script;
        script.start(QStringLiteral("bash"),
                     {kvs::test::fromTest(KVS_SOURCE_DIR "/scripts/postgres-test-cluster.sh"),
                      QString::fromLatin1(action),
                      m_cluster});
        if (!script.waitForFinished(120000) || script.exitCode() != 0) {
            qWarning("postgres-test-cluster.sh %s failed: %s",
                     action,
                     script.readAllStandardError().constData());
            return std::nullopt;
        }
        return script.readAllStandardOutput().trimmed();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_cluster = m_dir.filePath(QStringLiteral("pg"));
        const std::optional<QByteArray> url = cluster("start");
        QVERIFY2(url && url->startsWith("postgresql://"),
                 "the test's own PostgreSQL did not start");
        m_url = url->toStdString();
    }

    void cleanupTestCase() { cluster("stop"); }

    void restartFailsTheCallInFlightAndLosesNothing()
    {
        const std::string schema = kvs::test::freshSchema("restart");
        const std::string app = "kvs_restart";
        AsyncKVStore store(kvs::test::withParameter(m_url, "application_name=" + app),
                           inSchema(schema));
        QVERIFY(store.set({"kept"}, Value(1)).result().ok); // acknowledged before the restart
        std::vector<QFuture<std::optional<Entry>>> warm;    // every pooled connection open
        for (int i = 0; i < 16; ++i)
            warm.push_back(store.get({"kept"}));
        for (auto &f : warm)
            f.waitForFinished();

        // A commit waiting for a key lock that an admin session holds while the server restarts.
        std::optional<kvs::test::PgAdmin> admin(std::in_place, m_url);
        const std::int64_t lockId
            = detail::keyLockId(detail::PgNames(schema, ""), encodeKey({"held"}));
        admin->exec("SELECT pg_advisory_lock(" + std::to_string(lockId) + ")");
        QFuture<CommitResult> blocked = store.atomic().set({"held"}, Value(3)).commit();
        QTRY_COMPARE_WITH_TIMEOUT(admin->exec("SELECT count(*) FROM pg_stat_activity WHERE "
                                              "wait_event_type = 'Lock' AND application_name = '"
                                              + app + "'"),
                                  std::string("1"),
                                  10000);
        QVERIFY(cluster("restart")); // as after a crash: every session quits at once
        admin.reset();
        try {
            blocked.waitForFinished();
            QFAIL("the commit in flight during the restart did not fail");
        } catch (const ConnectionError &e) {
            QCOMPARE(e.step(), ConnectionError::Step::Lost);
            QVERIFY2(std::string(e.what()).rfind("kvs: lost the connection to PostgreSQL at ", 0)
                         == 0,
                     e.what());
        }
        // Every pooled connection died with the old server: none of the next calls fails.
        for (int i = 0; i < 16; ++i)
            QCOMPARE(store.get({"kept"}).result()->value.asNumber(), 1.0);
        QVERIFY(!store.get({"held"}).result().has_value());
        QVERIFY(store.set({"after"}, Value(2)).result().ok);
        QCOMPARE(store.get({"after"}).result()->value.asNumber(), 2.0);
    }

    void aServerThatIsDownIsOneClearErrorUntilItIsBack()
    {
        const std::string schema = kvs::test::freshSchema("down");
        AsyncKVStore store(m_url, inSchema(schema));
        QVERIFY(store.set({"kept"}, Value(1)).result().ok);
        QVERIFY(cluster("halt"));
        for (int attempt = 0; attempt < 3; ++attempt) {
            try {
                store.get({"kept"}).waitForFinished();
                QFAIL("a read succeeded with the server down");
            } catch (const ConnectionError &e) {
                QCOMPARE(e.step(), ConnectionError::Step::Connect);
                const std::string message = e.what();
                QVERIFY2(message.rfind("kvs: cannot connect to PostgreSQL at 127.0.0.1:", 0) == 0,
                         e.what());
                QVERIFY2(message.find("Connection refused") != std::string::npos, e.what());
            }
        }
        QVERIFY(cluster("resume"));
        QCOMPARE(store.get({"kept"}).result()->value.asNumber(), 1.0);
        QVERIFY(store.set({"back"}, Value(2)).result().ok);
    }
};

QTEST_GUILESS_MAIN(TestPostgresRestart)
#include "tst_postgres_restart.moc"
