// Issue 39: the key-space analysis on a hot standby (a cluster of the test's own and its
// standby, scripts/postgres-test-cluster.sh): a read-only store there reads the rows, the queue
// section and the relations' sizes the primary wrote, and writes nothing (a standby refuses
// every write). Waits for replication are qWaitFor with a deadline.
#include "support/own_postgres_cluster.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/key_space_analysis.h>

#include <QTest>

using namespace kvs;

class TestKeySpaceAnalysisStandby : public QObject
{
    Q_OBJECT

    test::OwnPostgresCluster m_primary;
    test::OwnPostgresCluster m_standby;

private slots:
    void initTestCase()
    {
        QVERIFY2(m_primary.start(), "the test's own PostgreSQL did not start");
        QVERIFY2(m_standby.startAsStandbyOf(m_primary), "its standby did not start");
    }

    void analysesOnTheStandby()
    {
        const std::string schema = test::freshSchema("analysis_standby");
        AsyncKVStoreSettings settings;
        settings.schema = schema;
        AsyncKVStore primary(m_primary.url(), settings);
        for (int i = 0; i < 5; ++i)
            QVERIFY(primary.set({"users", double(i)}, Value(std::string(100, 'x'))).result().ok);
        QueueOptions queued;
        queued.topic = "jobs";
        primary.enqueue(Value(std::string("payload")), queued).waitForFinished();
        queued.delay = 3'600'000;
        primary.enqueue(Value(std::string("later")), queued).waitForFinished();

        settings.readOnly = true;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        AsyncKVStore standby(m_standby.url(), settings);
        std::optional<KeySpaceReport> report;
        QVERIFY(QTest::qWaitFor(
            [&] {
                try {
                    report = analyzeKeySpace(standby, {});
                    return report->root.totals.entries == 5 && report->queue
                           && report->queue->size() == 2;
                } catch (const Error &) {
                    return false; // the schema has not been replayed yet
                }
            },
            30000));
        const KeySpaceReport onPrimary = analyzeKeySpace(primary, {});
        QVERIFY(report->root.totals == onPrimary.root.totals);
        QVERIFY(*report->queue == *onPrimary.queue);
        QCOMPARE((*report->queue)[0].status, std::string("delayed"));
        QCOMPARE((*report->queue)[1].status, std::string("pending"));
        QVERIFY(report->storage);
        QCOMPARE(report->storage->tables.size(), std::size_t(4));
        QCOMPARE(report->storage->tables[0].table, std::string("kv"));
        QVERIFY(report->storage->tables[0].tableBytes > 0);
        QVERIFY(report->storage->tables[0].indexBytes > 0);
    }
};

QTEST_GUILESS_MAIN(TestKeySpaceAnalysisStandby)
#include "tst_key_space_analysis_standby.moc"
