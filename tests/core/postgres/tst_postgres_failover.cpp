// Issue 33, part 2: a failover. A primary with a synchronous streaming standby (clusters of the
// test's own, scripts/postgres-test-cluster.sh: never the run's shared server), and a store on
// a URL naming both with target_session_attrs=read-write (libpq's own failover). A writer loop
// runs through the store; the primary stops (a fast shutdown) and the standby is promoted; the
// loop goes on, its pool now on the new primary. Calls in flight meanwhile fail with a clear
// ConnectionError and none hangs; no write acknowledged before the stop is missing on the new
// primary (the standby confirmed each commit before it was acknowledged). Waits are qWaitFor
// with deadlines.
#include "support/own_postgres_cluster.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/postgres_adapter.h>

#include <QScopeGuard>
#include <QTest>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

using namespace kvs;

namespace {

constexpr int kDeadlineMs = 60000;
// Writes acknowledged before the stop, and after the promotion, that the test waits for.
constexpr int kWritesEachSide = 20;

// What the writer loop saw. Guarded by mutex.
struct WriterLog
{
    std::mutex mutex;
    std::vector<int> acknowledged;
    std::vector<std::string> lost;  // ConnectionError messages
    std::vector<std::string> other; // any other failure (none expected)
    bool timedOut = false;          // a call that hung until the call timeout

    std::size_t acknowledgedCount()
    {
        std::lock_guard lock(mutex);
        return acknowledged.size();
    }
};

// Every key under ["w"] in the store, by the number it ends with.
std::set<int> writtenIds(AsyncKVStore &store)
{
    std::set<int> ids;
    ListOptions page;
    page.limit = 1000;
    for (;;) {
        const ListResult result = store.list({Key{"w"}, std::nullopt, std::nullopt}, page).result();
        for (const Entry &entry : result.entries)
            ids.insert(static_cast<int>(entry.value.asNumber()));
        if (!result.cursor)
            return ids;
        page.cursor = result.cursor;
    }
}

} // namespace

class TestPostgresFailover : public QObject
{
    Q_OBJECT

    test::OwnPostgresCluster m_primary;
    test::OwnPostgresCluster m_standby;

private slots:
    void initTestCase()
    {
        QVERIFY2(m_primary.start(), "the test's own PostgreSQL did not start");
        QVERIFY2(m_standby.startAsStandbyOf(m_primary), "its standby did not start");
        // After the standby was copied: the promoted standby must not wait for a standby itself.
        QVERIFY2(m_primary.act("synchronous"), "the standby was not made synchronous");
    }

    void aWriterLoopGoesOnThroughAPromotion()
    {
        const std::string url = test::OwnPostgresCluster::failoverUrl(m_primary, m_standby);
        AsyncKVStoreSettings settings;
        settings.schema = test::freshSchema("failover");
        // Only a guard, so that a hang fails the test instead of stopping it: none is expected.
        settings.callTimeout = std::chrono::milliseconds(30000);
        AsyncKVStore store(url, settings);
        auto &adapter = dynamic_cast<PostgresAdapter &>(store.adapter());
        QCOMPARE(adapter.serverRole().result().server,
                 "127.0.0.1:" + m_primary.port() + "/kvs_test");

        WriterLog log;
        std::atomic<bool> stop = false;
        std::thread writer([&] {
            for (int i = 0; !stop; ++i) {
                try {
                    (void)store.set({"w", i}, Value(double(i))).result();
                    std::lock_guard lock(log.mutex);
                    log.acknowledged.push_back(i);
                } catch (const ConnectionError &e) {
                    std::lock_guard lock(log.mutex);
                    log.lost.emplace_back(e.what());
                    log.timedOut = log.timedOut || e.step() == ConnectionError::Step::Timeout;
                } catch (const std::exception &e) {
                    std::lock_guard lock(log.mutex);
                    log.other.emplace_back(e.what());
                }
            }
        });
        // A failed QVERIFY returns: the writer stops then too.
        const auto finish = qScopeGuard([&] {
            stop = true;
            if (writer.joinable())
                writer.join();
        });

        QVERIFY(QTest::qWaitFor([&] { return log.acknowledgedCount() >= kWritesEachSide; },
                                kDeadlineMs));
        QVERIFY(m_primary.act("halt"));
        const std::size_t beforePromotion = log.acknowledgedCount();

        // Neither host takes writes now: a new connection says why, host by host.
        {
            AsyncKVStoreSettings probeSettings = settings;
            AsyncKVStore probe(url, probeSettings);
            try {
                (void)probe.get({"w", 0}).result();
                QFAIL("a read went through while no host takes writes");
            } catch (const ConnectionError &e) {
                QCOMPARE(std::string(e.what()),
                         "kvs: cannot connect to PostgreSQL at any of its hosts: 127.0.0.1:"
                             + m_primary.port() + "/kvs_test: Connection refused; 127.0.0.1:"
                             + m_standby.port() + "/kvs_test: session is read-only");
                QCOMPARE(e.step(), ConnectionError::Step::Connect);
            }
        }

        QVERIFY(m_standby.act("promote"));
        QVERIFY2(QTest::qWaitFor(
                     [&] { return log.acknowledgedCount() >= beforePromotion + kWritesEachSide; },
                     kDeadlineMs),
                 "the writer loop did not go on after the promotion");
        stop = true;
        writer.join();
        {
            std::lock_guard lock(log.mutex);
            QVERIFY2(log.other.empty(), log.other.empty() ? "" : log.other.front().c_str());
            QVERIFY(!log.timedOut);
            // The calls in flight at the stop, and those made before the promotion, failed.
            QVERIFY(!log.lost.empty());
            for (const std::string &message : log.lost) {
                QVERIFY2(message.rfind("kvs: lost the connection to PostgreSQL at 127.0.0.1:", 0)
                                 == 0
                             || message.rfind("kvs: cannot connect to PostgreSQL at ", 0) == 0
                             || message == "kvs: the connection to PostgreSQL is broken",
                         message.c_str());
            }
        }
        QCOMPARE(adapter.serverRole().result().server,
                 "127.0.0.1:" + m_standby.port() + "/kvs_test");

        // Every acknowledged write is on the new primary.
        const std::set<int> written = writtenIds(store);
        int missing = 0;
        for (const int id : log.acknowledged)
            missing += written.count(id) == 0 ? 1 : 0;
        QVERIFY2(missing == 0,
                 qPrintable(QStringLiteral("%1 of %2 acknowledged writes are missing")
                                .arg(missing)
                                .arg(log.acknowledged.size())));
        store.close().waitForFinished();
    }
};

QTEST_GUILESS_MAIN(TestPostgresFailover)
#include "tst_postgres_failover.moc"
