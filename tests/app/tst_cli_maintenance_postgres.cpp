// kvs maintenance vacuum on PostgreSQL (issue 41): VACUUM (ANALYZE) of the store's tables on a
// primary, audited, and refused on a hot standby with a clear message (the audit saying it
// failed). On clusters of the test's own (a primary and its streaming standby,
// scripts/postgres-test-cluster.sh), never the run's shared server.
#include "cli_test_support.h"
#include "support/own_postgres_cluster.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>

#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

namespace {

constexpr int kTimeout = 30000;

} // namespace

class TestCliMaintenancePostgres : public QObject
{
    Q_OBJECT

    kvs::test::OwnPostgresCluster m_primary;
    kvs::test::OwnPostgresCluster m_standby;
    QTemporaryDir m_dir;
    QString m_log;

    // A schema on the primary holding 200 entries, 150 of them deleted again (dead rows), once
    // the standby has replayed it.
    std::string seededSchema(const char *tag)
    {
        const std::string schema = kvs::test::freshSchema(tag);
        kvs::AsyncKVStoreSettings settings;
        settings.schema = schema;
        kvs::AsyncKVStore seed(m_primary.url(), settings);
        for (int i = 0; i < 200; ++i)
            seed.set({"k", double(i)}, kvs::Value(std::string(200, 'x'))).waitForFinished();
        for (int i = 0; i < 150; ++i)
            seed.remove({"k", double(i)}).waitForFinished();
        seed.close().waitForFinished();
        settings.readOnly = true;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        kvs::AsyncKVStore replica(m_standby.url(), settings);
        const bool replayed = QTest::qWaitFor(
            [&] {
                try {
                    return replica.get({"k", 199.0}).result().has_value();
                } catch (const kvs::Error &) {
                    return false; // not replayed yet
                }
            },
            kTimeout);
        replica.close().waitForFinished();
        return replayed ? schema : std::string();
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_primary.start(), "the test's own PostgreSQL did not start");
        QVERIFY2(m_standby.startAsStandbyOf(m_primary), "its standby did not start");
    }

    void init()
    {
        m_log = m_dir.filePath(QStringLiteral("audit-%1.log").arg(QTest::currentTestFunction()));
        qputenv("KVS_AUDIT_LOG", m_log.toUtf8());
    }
    void cleanup() { qunsetenv("KVS_AUDIT_LOG"); }

    void vacuumOnAStandbyIsRefusedAndAuditedAsFailed()
    {
        const std::string schema = seededSchema("cli_vacuum_standby");
        QVERIFY(!schema.empty());
        const Run run = runKvs({"--db",
                                QString::fromStdString(m_standby.url()),
                                "--schema",
                                QString::fromStdString(schema),
                                "maintenance",
                                "vacuum"});
        QCOMPARE(run.code, 1);
        QCOMPARE(run.out, QByteArray());
        QCOMPARE(run.err,
                 QByteArray("kvs: ") + kvs::connectionIdentity(m_standby.url()).c_str()
                     + " is a standby (in recovery): maintenance that writes runs on the "
                       "primary\n");
        const QList<QJsonObject> audit = auditLines(m_log);
        QCOMPARE(audit.size(), 2);
        QCOMPARE(audit[0].value("action").toString(), QStringLiteral("maintenance-vacuum"));
        QCOMPARE(audit[1].value("result").toString(), QStringLiteral("failed"));
        QVERIFY2(audit[1].value("detail").toString().contains(QStringLiteral("is a standby")),
                 qPrintable(audit[1].value("detail").toString()));
    }

    void vacuumOnThePrimaryRemovesTheDeadRows()
    {
        const std::string schema = seededSchema("cli_vacuum_primary");
        QVERIFY(!schema.empty());
        kvs::test::PgAdmin admin(m_primary.url());
        const std::string deadRows = "SELECT coalesce(n_dead_tup, -1) FROM pg_stat_user_tables "
                                     "WHERE schemaname = '"
                                     + schema + "' AND relname = 'kv'";
        QTRY_VERIFY_WITH_TIMEOUT(std::stoll(admin.exec(deadRows)) >= 150, kTimeout);
        const Run run = runKvs({"--db",
                                QString::fromStdString(m_primary.url()),
                                "--schema",
                                QString::fromStdString(schema),
                                "maintenance",
                                "vacuum"});
        QCOMPARE(run.code, 0);
        QCOMPARE(run.out, QByteArray("vacuumed and analyzed the store's tables\n"));
        QTRY_COMPARE_WITH_TIMEOUT(std::stoll(admin.exec(deadRows)), 0LL, kTimeout);
        QCOMPARE(admin.exec("SELECT (last_vacuum IS NOT NULL AND last_analyze IS NOT NULL)::text "
                            "FROM pg_stat_user_tables WHERE schemaname = '"
                            + schema + "' AND relname = 'kv'"),
                 std::string("true"));
        const QList<QJsonObject> audit = auditLines(m_log);
        QCOMPARE(audit.size(), 2);
        QCOMPARE(audit[1].value("result").toString(), QStringLiteral("done"));
    }
};

QTEST_GUILESS_MAIN(TestCliMaintenancePostgres)
#include "tst_cli_maintenance_postgres.moc"
