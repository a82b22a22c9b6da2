// Issue 33, part 1 (a start): a hot standby of a PostgreSQL cluster of the test's own (made by
// scripts/postgres-test-cluster.sh standby with pg_basebackup). A store opened read-only on the
// standby reads what the primary wrote; the change feed on it sees a primary's write within the
// replay lag and a poll; a store opened for writing is refused before it sends anything that
// could write, with an error naming the standby. Waits for replication are qWaitFor with a
// deadline.
#include "support/own_postgres_cluster.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/change_feed.h>
#include <kvs/errors.h>
#include <kvs/postgres_adapter.h>

#include <QTest>

#include <optional>

using namespace kvs;

namespace {

constexpr int kReplicationDeadlineMs = 30000;

AsyncKVStoreSettings inSchema(const std::string &schema, bool readOnly)
{
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    settings.readOnly = readOnly;
    if (readOnly)
        settings.maintenanceInterval = std::chrono::milliseconds(0);
    return settings;
}

} // namespace

class TestPostgresStandby : public QObject
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

    void aReadOnlyStoreOnTheStandbyReadsThePrimarysWrites()
    {
        const std::string schema = test::freshSchema("standby_read");
        AsyncKVStore primary(m_primary.url(), inSchema(schema, false));
        QVERIFY(primary.set({"k"}, Value(1.0)).result().ok);
        AsyncKVStore standby(m_standby.url(), inSchema(schema, true));
        QVERIFY(QTest::qWaitFor(
            [&] {
                try {
                    const std::optional<Entry> entry = standby.get({"k"}).result();
                    return entry && entry->value.asNumber() == 1.0;
                } catch (const Error &) {
                    return false; // the schema has not been replayed yet
                }
            },
            kReplicationDeadlineMs));
    }

    void theChangeFeedOnTheStandbySeesThePrimarysWrite()
    {
        const std::string schema = test::freshSchema("standby_feed");
        AsyncKVStore primary(m_primary.url(), inSchema(schema, false));
        QVERIFY(primary.set({"k"}, Value(1.0)).result().ok);
        std::unique_ptr<ChangeFeed> feed;
        QVERIFY(QTest::qWaitFor(
            [&] {
                try {
                    feed = std::make_unique<ChangeFeed>(
                        m_standby.url(), std::vector<Key>{{"k"}}, KVStoreOptions{}, schema);
                    return feed->current()[0].has_value();
                } catch (const Error &) {
                    return false; // not replayed yet
                }
            },
            kReplicationDeadlineMs));
        QCOMPARE(feed->probeDescription(), std::string("pg_current_snapshot()"));
        QVERIFY(primary.set({"k"}, Value(2.0)).result().ok);
        std::vector<Change> changes;
        QVERIFY(QTest::qWaitFor(
            [&] {
                changes = feed->poll();
                return !changes.empty();
            },
            kReplicationDeadlineMs));
        QCOMPARE(changes.size(), std::size_t(1));
        QCOMPARE(changes[0].entry->value.asNumber(), 2.0);
    }

    // Issue 33: what the tab shows. The standby names its primary as its WAL receiver does and
    // its replay lag, 0 once everything received is replayed (the age of the last replayed
    // commit alone would keep growing on an idle primary); a primary is none of that.
    void theStandbySaysItsPrimaryAndItsReplayLag()
    {
        PostgresAdapter standby(m_standby.url());
        ServerRole role = standby.serverRole().result();
        QVERIFY(role.standby);
        QCOMPARE(role.server, "127.0.0.1:" + m_standby.port() + "/kvs_test");
        QCOMPARE(role.primary, "127.0.0.1:" + m_primary.port());
        QVERIFY(role.replayLagSeconds.has_value());
        QVERIFY(*role.replayLagSeconds >= 0);
        {
            AsyncKVStore primary(m_primary.url(),
                                 inSchema(test::freshSchema("standby_lag"), false));
            QVERIFY(primary.set({"k"}, Value(1.0)).result().ok);
        }
        QVERIFY(QTest::qWaitFor(
            [&] {
                role = standby.serverRole().result();
                return role.replayLagSeconds == 0.0;
            },
            kReplicationDeadlineMs));
        standby.close().waitForFinished();

        PostgresAdapter primary(m_primary.url());
        role = primary.serverRole().result();
        QVERIFY(!role.standby);
        QCOMPARE(role.server, "127.0.0.1:" + m_primary.port() + "/kvs_test");
        QCOMPARE(role.primary, std::string());
        QVERIFY(!role.replayLagSeconds.has_value());
        primary.close().waitForFinished();
    }

    void aWritableStoreOnTheStandbyIsRefusedNamingIt()
    {
        const std::string schema = test::freshSchema("standby_write");
        AsyncKVStore standby(m_standby.url(), inSchema(schema, false));
        // host:port as the URL has it ("...@127.0.0.1:PORT/kvs_test?...").
        const std::string &url = m_standby.url();
        const std::size_t host = url.find('@') + 1;
        const std::string target = url.substr(host, url.find('/', host) - host);
        try {
            (void)standby.set({"k"}, Value(1.0)).result();
            QFAIL("a write on a standby was taken");
        } catch (const ReadOnlyError &e) {
            QCOMPARE(std::string(e.what()),
                     "kvs: PostgreSQL at " + target
                         + "/kvs_test is a standby (a read replica in recovery): it takes no "
                           "writes; open it read-only, or connect to the primary");
        }
        // And so is every later call, with the same words.
        try {
            (void)standby.get({"k"}).result();
            QFAIL("a writable store on a standby read");
        } catch (const ReadOnlyError &e) {
            QVERIFY2(std::string(e.what()).find("is a standby") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestPostgresStandby)
#include "tst_postgres_standby.moc"
