// Dead letters grouped by error signature (kvs/dead_letter_groups.h) and the sweep acting on one
// group (DeadLetterFilter::setSignature), on a SQLite file and on the test run's PostgreSQL.
#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/dead_letter_groups.h>
#include <kvs/dead_letter_sweep.h>

#include <QTest>

#include <memory>

using namespace kvs;

namespace {

constexpr std::int64_t kStart = 1'000'000;
const char *const kTimeout = "timeout after <num>s calling <ip>";
const char *const kHttp = "HTTP <num> for order <uuid>";

// Kills message by nack()s on topic at the clock's time; the last one with error.
void fail(AsyncKVStore &store,
          const std::string &topic,
          int attempts,
          const std::optional<std::string> &error)
{
    QueueOptions queue;
    queue.topic = topic;
    queue.maxAttempts = attempts;
    (void)store.enqueue(Value("job"), queue).result();
    for (int attempt = 1; attempt <= attempts; ++attempt) {
        const std::vector<QueueMessage> taken = store.dequeue(topic, 1).result();
        QCOMPARE(taken.size(), std::size_t(1));
        NackOptions nack;
        nack.error = error;
        nack.delay = 0;
        QVERIFY(store.nack(double(taken[0].id), taken[0].token, nack).result());
    }
}

// The fixture: on topic "jobs", 4 timeouts (failed at kStart + 0, 10, 20, 30 s; the third after
// 3 attempts), 3 HTTP errors (40, 50, 60 s), 2 without an error (70, 80 s); one timeout on topic
// "other".
void deadLetters(AsyncKVStore &store, ManualClock &clock)
{
    for (int i = 0; i < 4; ++i) {
        fail(store,
             "jobs",
             i == 2 ? 3 : 1,
             "timeout after " + std::to_string(10 + i) + "s calling 10.0.0." + std::to_string(i)
                 + ":443");
        clock.advance(10000);
    }
    const char *orders[] = {"123e4567-e89b-12d3-a456-426614174000",
                            "00000000-0000-4000-8000-000000000001",
                            "ffffffff-ffff-4fff-bfff-ffffffffffff"};
    for (int i = 0; i < 3; ++i) {
        fail(store, "jobs", 1, "HTTP " + std::to_string(500 + i) + " for order " + orders[i]);
        clock.advance(10000);
    }
    for (int i = 0; i < 2; ++i) {
        fail(store, "jobs", 1, std::nullopt);
        clock.advance(10000);
    }
    fail(store, "other", 1, std::string("timeout after 1s calling 10.0.0.1:443"));
}

std::int64_t deadCount(AsyncKVStore &store, const std::string &topic)
{
    const std::vector<QueueStats> stats = store.queueStats(topic).result();
    return stats.empty() ? 0 : stats.front().dead;
}

} // namespace

class TestDeadLetterGroups : public QObject
{
    Q_OBJECT

private:
    test::TestFiles m_files;
    int m_stores = 0;

    struct Opened
    {
        std::shared_ptr<ManualClock> clock;
        std::unique_ptr<AsyncKVStore> store;
    };

    // A new empty store on the backend (QFETCH'd), with the fixture's dead letters.
    Opened open()
    {
        QFETCH(bool, postgres);
        Opened opened;
        opened.clock = std::make_shared<ManualClock>(kStart);
        AsyncKVStoreSettings settings;
        settings.clock = opened.clock;
        std::string connection;
        if (postgres) {
            settings.schema = test::freshSchema("dlgroups");
            connection = test::postgresUrl();
        } else {
            connection = m_files.path(("groups" + std::to_string(++m_stores) + ".db").c_str());
        }
        opened.store = std::make_unique<AsyncKVStore>(connection, settings);
        deadLetters(*opened.store, *opened.clock);
        return opened;
    }

    static void backends()
    {
        QTest::addColumn<bool>("postgres");
        QTest::newRow("sqlite") << false;
        QTest::newRow("postgres") << true;
    }

private slots:
    void groupsBySignature_data() { backends(); }
    void groupsBySignature()
    {
        Opened db = open();
        DeadLetterGroupsOptions options;
        options.topic = "jobs";
        std::vector<std::int64_t> progress;
        options.onProgress = [&](std::int64_t scanned) {
            progress.push_back(scanned);
        };
        const DeadLetterGroups result = groupDeadLetters(*db.store, options);
        QCOMPARE(result.total, 9);
        QCOMPARE(result.scanned, 9);
        QVERIFY(!result.cancelled);
        QCOMPARE(progress, std::vector<std::int64_t>{9});
        QCOMPARE(result.groups.size(), std::size_t(3));

        const DeadLetterGroup &timeout = result.groups[0]; // the largest first
        QCOMPARE(QString::fromStdString(timeout.signature.text), QString::fromUtf8(kTimeout));
        QCOMPARE(QString::fromStdString(timeout.signature.id), QStringLiteral("487f6a1a"));
        QCOMPARE(timeout.count, 4);
        QCOMPARE(timeout.firstFailedAt, kStart);
        QCOMPARE(timeout.lastFailedAt, kStart + 30000);
        QCOMPARE(timeout.minAttempts, 1);
        QCOMPARE(timeout.maxAttempts, 3);
        QCOMPARE(QString::fromStdString(*timeout.exampleError),
                 QStringLiteral("timeout after 13s calling 10.0.0.3:443"));
        QCOMPARE(timeout.exampleId, 4);

        const DeadLetterGroup &http = result.groups[1];
        QCOMPARE(QString::fromStdString(http.signature.text), QString::fromUtf8(kHttp));
        QCOMPARE(http.count, 3);
        QCOMPARE(http.firstFailedAt, kStart + 40000);
        QCOMPARE(http.lastFailedAt, kStart + 60000);

        // No last error: the empty signature.
        const DeadLetterGroup &none = result.groups[2];
        QCOMPARE(QString::fromStdString(none.signature.text), QString());
        QCOMPARE(QString::fromStdString(none.signature.id), QStringLiteral("da39a3ee"));
        QCOMPARE(none.count, 2);
        QVERIFY(!none.exampleError);

        // The other topic's dead letter is its own.
        options.topic = "other";
        const DeadLetterGroups other = groupDeadLetters(*db.store, options);
        QCOMPARE(other.total, 1);
        QCOMPARE(QString::fromStdString(other.groups.at(0).signature.id),
                 QStringLiteral("487f6a1a"));
    }

    void groupsOnlyWhatTheFilterMatches_data() { backends(); }
    void groupsOnlyWhatTheFilterMatches()
    {
        Opened db = open();
        DeadLetterGroupsOptions options;
        options.topic = "jobs";
        options.filter.setFailedAtOrBefore(kStart + 40000);
        const DeadLetterGroups result = groupDeadLetters(*db.store, options);
        QCOMPARE(result.scanned, 9);
        QCOMPARE(result.total, 5);
        QCOMPARE(result.groups.size(), std::size_t(2));
        QCOMPARE(result.groups[0].count, 4);
        QCOMPARE(result.groups[1].count, 1);

        std::atomic_bool cancel{true};
        options.cancel = &cancel;
        const DeadLetterGroups cancelled = groupDeadLetters(*db.store, options);
        QVERIFY(cancelled.cancelled);
        QCOMPARE(cancelled.scanned, 0);
        QVERIFY(cancelled.groups.empty());
    }

    void retriesOnlyTheGroupsMessages_data() { backends(); }
    void retriesOnlyTheGroupsMessages()
    {
        Opened db = open();
        DeadLetterSweepOptions sweep;
        sweep.topic = "jobs";
        sweep.action = DeadLetterAction::Retry;
        sweep.clock = db.clock;
        sweep.filter.setSignature("487f6a1a"); // by id
        QCOMPARE(sweepDeadLetters(*db.store, sweep).progress.changed, 4);
        QCOMPARE(deadCount(*db.store, "jobs"), 5);
        QCOMPARE(deadCount(*db.store, "other"), 1); // another topic's same signature stays
        DeadLetterGroupsOptions options;
        options.topic = "jobs";
        const DeadLetterGroups left = groupDeadLetters(*db.store, options);
        QCOMPARE(left.groups.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(left.groups[0].signature.text), QString::fromUtf8(kHttp));
        // The retried ones are pending again, and only they.
        const std::vector<QueueMessage> pending = db.store->dequeue("jobs", 10).result();
        QCOMPARE(pending.size(), std::size_t(4));
        for (const QueueMessage &m : pending)
            QVERIFY(m.id <= 4);
    }

    void deletesOnlyTheGroupsMessages_data() { backends(); }
    void deletesOnlyTheGroupsMessages()
    {
        Opened db = open();
        DeadLetterSweepOptions sweep;
        sweep.topic = "jobs";
        sweep.action = DeadLetterAction::Delete;
        sweep.clock = db.clock;
        sweep.filter.setSignature(kHttp); // by placeholder text
        QCOMPARE(sweepDeadLetters(*db.store, sweep).progress.changed, 3);
        QCOMPARE(deadCount(*db.store, "jobs"), 6);
        // By an error text of the group: its signature.
        DeadLetterSweepOptions count;
        count.topic = "jobs";
        count.filter.setSignature("timeout after 99s calling 192.168.0.1:80");
        QCOMPARE(sweepDeadLetters(*db.store, count).progress.matched, 4);
        // The empty signature: the dead letters without an error.
        count.filter.setSignature("");
        QCOMPARE(sweepDeadLetters(*db.store, count).progress.matched, 2);
        count.filter.setSignature("no such signature");
        QCOMPARE(sweepDeadLetters(*db.store, count).progress.matched, 0);
        count.filter.setSignature("0badc0de");
        QCOMPARE(sweepDeadLetters(*db.store, count).progress.matched, 0);
    }

    void signatureCriterionAndsWithTheOthers()
    {
        QueueDeadMessage message;
        message.lastError = std::string("timeout after 5s calling 10.1.2.3:443");
        message.attempts = 2;
        DeadLetterFilter filter;
        filter.setSignature("487f6a1a");
        QVERIFY(!filter.isEmpty());
        QVERIFY(filter.matches(message));
        filter.setAttemptsAtLeast(3);
        QVERIFY(!filter.matches(message));
        DeadLetterFilter none;
        none.setSignature("");
        QVERIFY(!none.matches(message));
        message.lastError.reset();
        QVERIFY(none.matches(message));
    }
};

QTEST_GUILESS_MAIN(TestDeadLetterGroups)
#include "tst_dead_letter_groups.moc"
