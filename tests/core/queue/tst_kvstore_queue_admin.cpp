// KVStore queue v2, administration: listDead, retryDead/deleteDead, queueStats, cleanQueue, the
// dashboards' read-only peek() and read-only stores (reference listDead() through cleanQueue(),
// gotcha 21).
#include "queue_test_support.h"
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/clock.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kvs;
using namespace kvs::test;

class TestKVStoreQueueAdmin : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;
    static std::string column(const std::string &path, std::int64_t id, const char *name)
    {
        return queueColumn(path, id, name);
    }

private slots:
    void listDeadExpiresLastAttemptLeasesAndPages();
    void retryAndDeleteDeadById();
    void queueStatsCountsEveryStatus();
    void cleanQueueAppliesRetention();
    void peekListsWithoutChanging();
    void peekOnReadOnlyStoreLeavesTheFile();
    void readOnlyStoreRefusesQueueWrites();
};

void TestKVStoreQueueAdmin::listDeadExpiresLastAttemptLeasesAndPages()
{
    const auto clock = std::make_shared<ManualClock>();
    KVStore store(":memory:", onClock(clock));
    const auto expiring = store.enqueue(Value("slow"), onTopic("d", 1)).id;
    (void)store.dequeue("d", 1, {30.0});
    clock->advance(60);
    const std::int64_t before = clock->now();
    auto dead = store.listDead("d");
    QCOMPARE(dead.size(), std::size_t(1));
    QCOMPARE(dead[0].id, expiring);
    QCOMPARE(dead[0].lastError.value(), std::string("lease expired"));
    QVERIFY(dead[0].failedAt >= before);
    // Paging by id.
    std::vector<std::int64_t> ids{expiring};
    for (int i = 0; i < 4; ++i) {
        const auto id = store.enqueue(Value(i), onTopic("d", 1)).id;
        ids.push_back(id);
        const auto m = store.dequeue("d").at(0);
        QVERIFY(store.nack(double(m.id), m.token));
    }
    dead = store.listDead("d", {2, 0});
    QCOMPARE(dead.size(), std::size_t(2));
    QCOMPARE(dead[0].id, ids[0]);
    QCOMPARE(dead[1].id, ids[1]);
    dead = store.listDead("d", {2, double(ids[1])});
    QCOMPARE(dead.size(), std::size_t(2));
    QCOMPARE(dead[0].id, ids[2]);
    QCOMPARE(store.listDead("d", {100, double(ids[4])}).size(), std::size_t(0));
    QCOMPARE(store.listDead("d").size(), std::size_t(5));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            (void)store.listDead("d", {0, 0});
        },
        "kvs: listDead() limit must be an integer >= 1, got 0"));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            (void)store.listDead("d", {10, -1});
        },
        "kvs: listDead() after must be an integer >= 0, got -1"));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            (void)store.listDead("d", {10, 0.5});
        },
        "kvs: listDead() after must be an integer >= 0, got 0.5"));
}

void TestKVStoreQueueAdmin::retryAndDeleteDeadById()
{
    KVStore store(":memory:");
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 4; ++i) {
        ids.push_back(store.enqueue(Value(i), onTopic("r", 1)).id);
        const auto m = store.dequeue("r").at(0);
        QVERIFY(store.nack(double(m.id), m.token, {std::string("e"), std::nullopt}));
    }
    QCOMPARE(store.retryDead("other"), std::int64_t(0));
    QCOMPARE(store.retryDead("r", double(ids[1])), std::int64_t(1));
    QCOMPARE(store.retryDead("r", double(ids[1])), std::int64_t(0));  // not dead any more
    QCOMPARE(store.deleteDead("r", double(ids[1])), std::int64_t(0)); // pending: untouched
    QCOMPARE(store.deleteDead("r", double(ids[2])), std::int64_t(1));
    QCOMPARE(store.listDead("r").size(), std::size_t(2));
    QCOMPARE(store.deleteDead("other"), std::int64_t(0));
    QCOMPARE(store.deleteDead("r"), std::int64_t(2));
    QVERIFY(store.listDead("r").empty());
    const auto back = store.dequeue("r");
    QCOMPARE(back.size(), std::size_t(1));
    QCOMPARE(back[0].id, ids[1]);
}

void TestKVStoreQueueAdmin::queueStatsCountsEveryStatus()
{
    QueueConfig config;
    config.doneRetention = 60000;
    const auto clock = std::make_shared<ManualClock>();
    KVStore store(":memory:", onClock(clock, withQueue(config)));
    QVERIFY(store.queueStats().empty());
    const auto zero = store.queueStats("none");
    QCOMPARE(zero.size(), std::size_t(1));
    QCOMPARE(zero[0].topic, std::string("none"));
    QCOMPARE(zero[0].pending + zero[0].delayed + zero[0].processing + zero[0].dead + zero[0].done,
             std::int64_t(0));
    QVERIFY(!zero[0].oldestPendingAt.has_value());

    // Topic "a": done, dead, an expired lease with attempts left (processing), an expired lease
    // on its last attempt (dead after the expiry), a live lease, a delayed and two due ones.
    store.enqueue(Value("done"), onTopic("a"));
    auto m = store.dequeue("a").at(0);
    QVERIFY(store.acknowledge(double(m.id), m.token));
    store.enqueue(Value("dead"), onTopic("a", 1));
    m = store.dequeue("a").at(0);
    QVERIFY(store.nack(double(m.id), m.token));
    store.enqueue(Value("expired, attempts left"), onTopic("a", 3));
    (void)store.dequeue("a", 1, {20.0});
    store.enqueue(Value("expired, last attempt"), onTopic("a", 1));
    (void)store.dequeue("a", 1, {20.0});
    store.enqueue(Value("live lease"), onTopic("a"));
    (void)store.dequeue("a");
    store.enqueue(Value("delayed"), onTopic("a", 3, 60000));
    const auto due1 = store.enqueue(Value("due 1"), onTopic("a", 3, -500)).id;
    store.enqueue(Value("due 2"), onTopic("a"));
    store.enqueue(Value("b"), onTopic("b"));
    clock->advance(50);

    const auto all = store.queueStats();
    QCOMPARE(all.size(), std::size_t(2));
    QCOMPARE(all[0].topic, std::string("a"));
    QCOMPARE(all[1].topic, std::string("b"));
    const QueueStats &a = all[0];
    QCOMPARE(a.pending, std::int64_t(2));
    QCOMPARE(a.delayed, std::int64_t(1));
    QCOMPARE(a.processing, std::int64_t(2)); // the live lease and the expired one not reclaimed
    QCOMPARE(a.dead, std::int64_t(2));
    QCOMPARE(a.done, std::int64_t(1));
    const auto dueRow = store.peek("a", {PeekStatus::Pending, due1 - 1, 1}).at(0);
    QCOMPARE(a.oldestPendingAt.value(), dueRow.deliverAt);
    QCOMPARE(all[1].pending, std::int64_t(1));
    const auto one = store.queueStats("b");
    QCOMPARE(one.size(), std::size_t(1));
    QCOMPARE(one[0].pending, std::int64_t(1));
    QCOMPARE(store.listDead("a").back().lastError.value(), std::string("lease expired"));
}

void TestKVStoreQueueAdmin::cleanQueueAppliesRetention()
{
    const std::string path = m_files.path("clean.db");
    {
        // Defaults: done rows are deleted on ack, dead ones kept forever.
        KVStore store(path);
        store.enqueue(Value(1), onTopic("c", 1));
        const auto m = store.dequeue("c").at(0);
        QVERIFY(store.nack(double(m.id), m.token));
        QCOMPARE(store.cleanQueue(), std::int64_t(0));
        QCOMPARE(store.listDead("c").size(), std::size_t(1));
        QCOMPARE(store.deleteDead("c"), std::int64_t(1));
    }
    QueueConfig config;
    config.doneRetention = 100;
    config.deadRetention = 100;
    const auto clock = std::make_shared<ManualClock>();
    KVStore store(path, onClock(clock, withQueue(config)));
    store.enqueue(Value("done"), onTopic("c"));
    auto m = store.dequeue("c").at(0);
    QVERIFY(store.acknowledge(double(m.id), m.token));
    store.enqueue(Value("dead"), onTopic("c", 1));
    m = store.dequeue("c").at(0);
    QVERIFY(store.nack(double(m.id), m.token));
    store.enqueue(Value("expiring"), onTopic("c", 1));
    (void)store.dequeue("c", 1, {20.0});
    store.enqueue(Value("pending"), onTopic("c"));
    clock->advance(50);
    // Only the expired last-attempt lease changes: dead-lettered now, kept for deadRetention.
    QCOMPARE(store.cleanQueue(), std::int64_t(1));
    clock->advance(80);
    // done and the first dead are older than 100 ms now; the new dead letter is not.
    QCOMPARE(store.cleanQueue(), std::int64_t(2));
    clock->advance(120);
    QCOMPARE(store.cleanQueue(), std::int64_t(1));
    RawSqlite raw(path, true);
    QCOMPARE(raw.scalar("SELECT group_concat(status) FROM queue WHERE topic = 'c'"),
             std::string("pending"));
}

void TestKVStoreQueueAdmin::peekListsWithoutChanging()
{
    const std::string path = m_files.path("peek.db");
    KVStore store(path);
    std::vector<std::int64_t> due;
    for (int i = 0; i < 5; ++i)
        due.push_back(store.enqueue(Value(i), onTopic("p")).id);
    const auto delayed = store.enqueue(Value("later"), onTopic("p", 3, 60000)).id;
    store.enqueue(Value("lease me"), onTopic("q"));
    const auto leased = store.dequeue("q").at(0);
    store.enqueue(Value("other topic"), onTopic("q"));

    const auto dump = [&] {
        RawSqlite raw(path, true);
        return raw.rows("SELECT * FROM queue ORDER BY id");
    };
    const auto before = dump();
    auto page = store.peek("p", {PeekStatus::Pending, 0, 2});
    QCOMPARE(page.size(), std::size_t(2));
    QCOMPARE(page[0].id, due[0]);
    QCOMPARE(page[1].id, due[1]);
    QCOMPARE(page[0].payload.asNumber(), 0.0);
    QCOMPARE(page[0].attempts, std::int64_t(0));
    QVERIFY(!page[0].lockedUntil.has_value());
    page = store.peek("p", {PeekStatus::Pending, page.back().id, 100});
    QCOMPARE(page.size(), std::size_t(3));
    QCOMPARE(page.back().id, due[4]);
    page = store.peek("p", {PeekStatus::Delayed, 0, 100});
    QCOMPARE(page.size(), std::size_t(1));
    QCOMPARE(page[0].id, delayed);
    page = store.peek("q", {PeekStatus::Processing, 0, 100});
    QCOMPARE(page.size(), std::size_t(1));
    QCOMPARE(page[0].id, leased.id);
    QCOMPARE(page[0].lockedUntil.value(), leased.lockedUntil);
    QCOMPARE(page[0].attempts, std::int64_t(1));
    QVERIFY(store.peek("p", {PeekStatus::Processing, 0, 100}).empty());
    QCOMPARE(store.peek("q").size(), std::size_t(1));
    QVERIFY(dump() == before); // nothing leased, nothing changed
    QVERIFY(throwsWith<RangeError>(
        [&] {
            (void)store.peek("p", {PeekStatus::Pending, 0, 0});
        },
        "kvs: peek() limit must be an integer >= 1, got 0"));
    // The lease is still the dequeue's.
    QVERIFY(store.acknowledge(double(leased.id), leased.token));
}

void TestKVStoreQueueAdmin::peekOnReadOnlyStoreLeavesTheFile()
{
    const std::string path = m_files.path("peek-ro.db");
    const auto clock = std::make_shared<ManualClock>();
    std::int64_t leasedId = 0;
    {
        KVStore store(path, onClock(clock));
        store.enqueue(Value("a"), onTopic("t"));
        store.enqueue(Value("b"), onTopic("t", 3, 60000));
        store.enqueue(Value("c"), onTopic("t", 1));
        leasedId = store.dequeue("t", 1, {20.0}).at(0).id; // "a": its lease expires
        store.enqueue(Value("d"), onTopic("t"));
    }
    clock->advance(40);
    const QByteArray bytes = test::fileBytes(QString::fromStdString(path));
    {
        KVStoreOptions options;
        options.readOnly = true;
        KVStore store(path, onClock(clock, options));
        QCOMPARE(store.peek("t").size(), std::size_t(2)); // "c" and "d"
        QCOMPARE(store.peek("t", {PeekStatus::Delayed, 0, 10}).size(), std::size_t(1));
        const auto processing = store.peek("t", {PeekStatus::Processing, 0, 10});
        QCOMPARE(processing.size(), std::size_t(1));
        QCOMPARE(processing[0].id, leasedId);
        // queueStats() and listDead() read there too, without the lease expiry.
        const auto stats = store.queueStats("t");
        QCOMPARE(stats.at(0).processing, std::int64_t(1));
        QCOMPARE(stats.at(0).pending, std::int64_t(2));
        QVERIFY(store.listDead("t").empty());
    }
    QCOMPARE(test::fileBytes(QString::fromStdString(path)), bytes);
}

void TestKVStoreQueueAdmin::readOnlyStoreRefusesQueueWrites()
{
    const std::string path = m_files.path("ro.db");
    {
        KVStore store(path);
        store.enqueue(Value(1));
    }
    KVStoreOptions options;
    options.readOnly = true;
    KVStore store(path, options);
    const auto refused = [&](const char *operation, const std::function<void()> &call) {
        return throwsWith<ReadOnlyError>(call,
                                         std::string("kvs: the store is open read-only; ")
                                             + operation + " needs write access");
    };
    QVERIFY(refused("enqueue()", [&] { store.enqueue(Value(2)); }));
    QVERIFY(refused("dequeue()", [&] { (void)store.dequeue(); }));
    QVERIFY(refused("acknowledge()", [&] { store.acknowledge(1, "t"); }));
    QVERIFY(refused("nack()", [&] { store.nack(1, "t"); }));
    QVERIFY(refused("extendLease()", [&] { store.extendLease(1, "t"); }));
    QVERIFY(refused("retryDead()", [&] { store.retryDead(); }));
    QVERIFY(refused("deleteDead()", [&] { store.deleteDead(); }));
    QVERIFY(refused("cleanQueue()", [&] { store.cleanQueue(); }));
    QCOMPARE(store.peek("default").size(), std::size_t(1));
}

QTEST_GUILESS_MAIN(TestKVStoreQueueAdmin)
#include "tst_kvstore_queue_admin.moc"
