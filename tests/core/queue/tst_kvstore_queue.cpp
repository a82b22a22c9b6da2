// KVStore queue v2, delivery: enqueue, dequeue with leases, acknowledge, nack with backoff and
// extendLease (reference "Queue model (0.4)" through extendLease(), gotchas 10, 19, 20, 24).
// Dead letters, stats, cleanQueue and peek are in tst_kvstore_queue_admin.cpp.
#include "queue_test_support.h"
#include "support/raw_sqlite.h"
#include "support/test_support.h"

#include <kvs/clock.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>

// The picker's SQL text, to check its query plan (linked from kvs_core, not recompiled).
#include "sqlite/sqlite_sql.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kvs;
using namespace kvs::test;

class TestKVStoreQueue : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;
    static std::string column(const std::string &path, std::int64_t id, const char *name)
    {
        return queueColumn(path, id, name);
    }

private slots:
    void enqueueAndDequeue();
    void enqueueValidation();
    void delayedMessagesWait();
    void dequeueValidation();
    void fifoTiesBreakOnId();
    void limitIsCappedAt1000();
    void pickerWalksThePendingIndex();
    void byIdStatementsLookUpRowids();
    void dashboardCountsSearchRangesOnly();
    void acknowledgeDeletesOrKeepsDone();
    void leaseArgumentValidation();
    void expiredLeaseIsRedeliveredAndOldTokenRefused();
    void reclaimRunsAtMostOncePerSecond();
    void lastFailedAttemptDeadLettersAndRetryDeadRevives();
    void defaultBackoff();
    void backoffSchedule();
    void backoffFunction();
    void nackDelay();
    void nackErrorTruncation();
    void extendLease();
    void extendLeaseZeroReleasesAtOnce();
    void atomicEnqueueIsDequeued();
    void closedStoreRefuses();
};

void TestKVStoreQueue::enqueueAndDequeue()
{
    KVStore store(":memory:");
    const EnqueueResult first = store.enqueue(parseLiteral(R"({"to": "a@example.com", n: 1n})"));
    QVERIFY(first.ok);
    const EnqueueResult second = store.enqueue(Value("two"));
    QCOMPARE(second.id, first.id + 1);
    const std::int64_t before = nowMs();
    const std::vector<QueueMessage> got = store.dequeue("default", 10);
    const std::int64_t after = nowMs();
    QCOMPARE(got.size(), std::size_t(2));
    const QueueMessage &m = got[0];
    QCOMPARE(m.id, first.id);
    QCOMPARE(m.topic, std::string("default"));
    QCOMPARE(printLiteral(m.payload), std::string(R"({"to": "a@example.com", "n": 1n})"));
    QVERIFY(m.enqueuedAt >= before - 1000 && m.enqueuedAt <= after);
    QVERIFY(m.deliverAt <= before);
    QCOMPARE(m.attempts, std::int64_t(1));
    QCOMPARE(m.maxAttempts, std::int64_t(3));
    QVERIFY(!m.lastError.has_value());
    // The lease is visibilityTimeout (default 30 000 ms) from the dequeue.
    QVERIFY(m.lockedUntil >= before + 30000 && m.lockedUntil <= after + 30000);
    // One random version 4 UUID per dequeue() call, shared by its messages.
    static const QRegularExpression uuid(
        QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
    QVERIFY(uuid.match(QString::fromStdString(m.token)).hasMatch());
    QCOMPARE(got[1].token, m.token);
    QCOMPARE(got[1].payload.asString(), std::string("two"));
    QVERIFY(store.dequeue().empty()); // both leased
    store.enqueue(Value(3));
    const auto third = store.dequeue();
    QCOMPARE(third.size(), std::size_t(1));
    QVERIFY(third[0].token != m.token);
    // Topics are separate.
    store.enqueue(Value(4), onTopic("jobs"));
    QVERIFY(store.dequeue("other").empty());
    QCOMPARE(store.dequeue("jobs").at(0).payload.asNumber(), 4.0);
}

void TestKVStoreQueue::enqueueValidation()
{
    KVStore store(":memory:");
    QVERIFY(throwsWith<RangeError>([&] { store.enqueue(Value(1), onTopic("t", 3, NAN)); },
                                   "kvs: enqueue() delay must be a finite number, got NaN"));
    QVERIFY(throwsWith<RangeError>([&] { store.enqueue(Value(1), onTopic("t", 0)); },
                                   "kvs: enqueue() maxAttempts must be an integer from 1 to "
                                   "9007199254740991, got 0"));
    QVERIFY(throwsWith<RangeError>([&] { store.enqueue(Value(1), onTopic("t", 1.5)); },
                                   "kvs: enqueue() maxAttempts must be an integer from 1 to "
                                   "9007199254740991, got 1.5"));
    QVERIFY(store.queueStats("t").at(0).pending == 0); // nothing written
}

void TestKVStoreQueue::delayedMessagesWait()
{
    KVStore store(":memory:");
    store.enqueue(Value("later"), onTopic("t", 3, 60000));
    store.enqueue(Value("past"), onTopic("t", 3, -5000)); // negative: already due
    const auto got = store.dequeue("t", 10);
    QCOMPARE(got.size(), std::size_t(1));
    QCOMPARE(got[0].payload.asString(), std::string("past"));
}

void TestKVStoreQueue::dequeueValidation()
{
    KVStore store(":memory:");
    store.enqueue(Value(1));
    QVERIFY(throwsWith<RangeError>([&] { (void)store.dequeue("default", 0); },
                                   "kvs: dequeue() limit must be an integer >= 1, got 0"));
    QVERIFY(throwsWith<RangeError>([&] { (void)store.dequeue("default", 1.5); },
                                   "kvs: dequeue() limit must be an integer >= 1, got 1.5"));
    QVERIFY(throwsWith<RangeError>([&] { (void)store.dequeue("default", NAN); },
                                   "kvs: dequeue() limit must be an integer >= 1, got NaN"));
    QVERIFY(throwsWith<RangeError>([&] { (void)store.dequeue("default", INFINITY); },
                                   "kvs: dequeue() limit must be an integer >= 1, got Infinity"));
    for (double bad : {0.0, -1.0, double(NAN), double(INFINITY)}) {
        QVERIFY(throwsWith<RangeError>(
            [&] { (void)store.dequeue("default", 1, {bad}); },
            "kvs: dequeue() visibilityTimeout must be a finite number > 0, got "
                + std::string(std::isnan(bad)   ? "NaN"
                              : std::isinf(bad) ? "Infinity"
                              : bad == 0        ? "0"
                                                : "-1")));
    }
    QCOMPARE(store.dequeue().size(), std::size_t(1)); // still pending after the refusals
}

void TestKVStoreQueue::fifoTiesBreakOnId()
{
    const std::string path = m_files.path("fifo.db");
    KVStore store(path);
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 6; ++i)
        ids.push_back(store.enqueue(Value(i), onTopic("f")).id);
    // Force ties and an order that is not the id order: ids 0, 2, 4 share an earlier time.
    {
        RawSqlite raw(path);
        raw.exec("UPDATE queue SET deliver_at = 1000 WHERE id IN (" + std::to_string(ids[1]) + ", "
                 + std::to_string(ids[3]) + ", " + std::to_string(ids[5]) + ")");
        raw.exec("UPDATE queue SET deliver_at = 500 WHERE id IN (" + std::to_string(ids[0]) + ", "
                 + std::to_string(ids[2]) + ", " + std::to_string(ids[4]) + ")");
    }
    const auto page = store.dequeue("f", 4);
    QCOMPARE(page.size(), std::size_t(4)); // at most limit rows
    const std::vector<std::int64_t> expected{ids[0], ids[2], ids[4], ids[1]};
    for (std::size_t i = 0; i < expected.size(); ++i)
        QCOMPARE(page[i].id, expected[i]);
    const auto rest = store.dequeue("f", 4);
    QCOMPARE(rest.size(), std::size_t(2));
    QCOMPARE(rest[0].id, ids[3]);
    QCOMPARE(rest[1].id, ids[5]);
}

void TestKVStoreQueue::limitIsCappedAt1000()
{
    KVStore store(":memory:");
    AtomicOperation op = store.atomic();
    for (int i = 0; i < 1005; ++i)
        op.enqueue(Value(i), onTopic("bulk"));
    QVERIFY(op.commit().ok);
    const auto got = store.dequeue("bulk", 5000);
    QCOMPARE(got.size(), std::size_t(1000));
    for (std::size_t i = 1; i < got.size(); ++i)
        QVERIFY(got[i - 1].id < got[i].id);
    QCOMPARE(store.dequeue("bulk", 1000).size(), std::size_t(5));
}

void TestKVStoreQueue::pickerWalksThePendingIndex()
{
    for (const std::string prefix : {"", "app_"}) {
        const std::string path = m_files.path(("plan" + prefix + ".db").c_str());
        KVStoreOptions options;
        options.tablePrefix = prefix;
        KVStore store(path, options);
        for (int i = 0; i < 50; ++i)
            store.enqueue(Value(i), onTopic(i % 2 ? "a" : "b"));
        store.close();
        RawSqlite raw(path);
        const std::string sql = detail::buildSql(detail::SqlId::QueueDequeue, TableNames(prefix));
        QVERIFY(sql.find("AS MATERIALIZED") != std::string::npos);
        std::string plan;
        for (const auto &row : raw.rows("EXPLAIN QUERY PLAN " + sql))
            plan += row.back() + "\n";
        qInfo("%s", plan.c_str());
        QVERIFY2(plan.find("idx_" + prefix + "queue_pending") != std::string::npos, plan.c_str());
        QVERIFY2(plan.find("TEMP B-TREE") == std::string::npos, plan.c_str());
    }
}

// Retry and delete by a list of ids look each id up by rowid: through the (topic, status)
// index they scanned every dead letter of the topic per statement, however few ids they named.
void TestKVStoreQueue::byIdStatementsLookUpRowids()
{
    for (const std::string prefix : {"", "app_"}) {
        const std::string path = m_files.path(("ids" + prefix + ".db").c_str());
        KVStoreOptions options;
        options.tablePrefix = prefix;
        KVStore store(path, options);
        for (int i = 0; i < 50; ++i)
            store.enqueue(Value(i), onTopic("a"));
        store.close();
        RawSqlite raw(path);
        for (const detail::SqlId id : {detail::SqlId::QueueRetryDeadIds,
                                       detail::SqlId::QueueDeleteMessages,
                                       detail::SqlId::QueueDeleteDeadMessages}) {
            const std::string sql = detail::buildSql(id, TableNames(prefix));
            std::string plan;
            for (const auto &row : raw.rows("EXPLAIN QUERY PLAN " + sql))
                plan += row.back() + "\n";
            QVERIFY2(plan.find("INTEGER PRIMARY KEY") != std::string::npos, plan.c_str());
            QVERIFY2(plan.find("idx_" + prefix + "queue_pending") == std::string::npos,
                     plan.c_str());
        }
    }
}

// The dashboard's counts visit each entry of the covering index once, as ranges of
// (topic, status, deliver_at), and the leases only the processing rows of the lease index: a
// SCAN of the queue (GROUP BY topic, status) compared two columns per row of a million-row queue
// and counted the due range twice.
void TestKVStoreQueue::dashboardCountsSearchRangesOnly()
{
    for (const std::string prefix : {"", "app_"}) {
        const std::string path = m_files.path(("counts" + prefix + ".db").c_str());
        KVStoreOptions options;
        options.tablePrefix = prefix;
        KVStore store(path, options);
        for (int i = 0; i < 50; ++i)
            store.enqueue(Value(i), onTopic(i % 2 ? "a" : "b"));
        store.close();
        RawSqlite raw(path);
        const auto planOf = [&](detail::SqlId id) {
            std::string plan;
            for (const auto &row :
                 raw.rows("EXPLAIN QUERY PLAN " + detail::buildSql(id, TableNames(prefix))))
                plan += row.back() + "\n";
            return plan;
        };
        for (const detail::SqlId id :
             {detail::SqlId::QueueStatsAll, detail::SqlId::QueueStatsTopic}) {
            const std::string plan = planOf(id);
            QVERIFY2(plan.find("SCAN " + prefix + "queue") == std::string::npos, plan.c_str());
            QVERIFY2(plan.find("SEARCH " + prefix + "queue USING COVERING INDEX idx_" + prefix
                               + "queue_pending (topic=? AND status=? AND deliver_at<?)")
                         != std::string::npos,
                     plan.c_str());
        }
        const std::string leases = planOf(detail::SqlId::QueueLeaseCounts);
        QVERIFY2(leases.find("USING INDEX idx_" + prefix
                             + "queue_lease (status=? AND "
                               "locked_until<?)")
                     != std::string::npos,
                 leases.c_str());
    }
}

void TestKVStoreQueue::acknowledgeDeletesOrKeepsDone()
{
    const std::string path = m_files.path("ack.db");
    {
        KVStore store(path);
        const auto id = store.enqueue(Value(1)).id;
        const auto m = store.dequeue().at(0);
        QVERIFY(!store.acknowledge(double(m.id), "not-the-token"));
        QVERIFY(store.acknowledge(double(m.id), m.token));
        QCOMPARE(column(path, id, "count(*)"), std::string("0")); // doneRetention 0: deleted
        QVERIFY(!store.acknowledge(double(m.id), m.token));       // already gone
    }
    QueueConfig config;
    config.doneRetention = 60000;
    KVStore store(path, withQueue(config));
    const auto id = store.enqueue(Value(2)).id;
    const auto m = store.dequeue().at(0);
    const std::int64_t before = nowMs();
    QVERIFY(store.acknowledge(double(m.id), m.token));
    QCOMPARE(column(path, id, "status"), std::string("done"));
    QVERIFY(toInt(column(path, id, "finished_at")) >= before);
    QCOMPARE(column(path, id, "locked_until"), std::string("<null>"));
    QCOMPARE(column(path, id, "lease_token"), std::string("<null>"));
    QVERIFY(!store.acknowledge(double(m.id), m.token)); // done, not processing
    QVERIFY(!store.nack(double(m.id), m.token));
    QVERIFY(!store.extendLease(double(m.id), m.token));
}

void TestKVStoreQueue::leaseArgumentValidation()
{
    KVStore store(":memory:");
    store.enqueue(Value(1));
    const auto m = store.dequeue().at(0);
    const double id = double(m.id);
    QVERIFY(throwsWith<TypeError>([&] { store.acknowledge(1.5, m.token); },
                                  "kvs: acknowledge() needs an integer message id, got 1.5"));
    QVERIFY(throwsWith<TypeError>([&] { store.acknowledge(NAN, m.token); },
                                  "kvs: acknowledge() needs an integer message id, got NaN"));
    QVERIFY(throwsWith<TypeError>([&] { store.acknowledge(id, ""); },
                                  "kvs: acknowledge() needs the message's lease token"));
    QVERIFY(throwsWith<TypeError>([&] { store.nack(INFINITY, m.token); },
                                  "kvs: nack() needs an integer message id, got Infinity"));
    QVERIFY(throwsWith<TypeError>([&] { store.nack(id, ""); },
                                  "kvs: nack() needs the message's lease token"));
    QVERIFY(throwsWith<TypeError>([&] { store.extendLease(0.25, m.token); },
                                  "kvs: extendLease() needs an integer message id, got 0.25"));
    QVERIFY(throwsWith<TypeError>([&] { store.extendLease(id, ""); },
                                  "kvs: extendLease() needs the message's lease token"));
    QVERIFY(throwsWith<TypeError>([&] { store.retryDead("default", 2.5); },
                                  "kvs: retryDead() needs an integer message id, got 2.5"));
    QVERIFY(throwsWith<TypeError>([&] { store.deleteDead("default", 2.5); },
                                  "kvs: deleteDead() needs an integer message id, got 2.5"));
    QVERIFY(store.acknowledge(id, m.token)); // the lease survived every refusal
}

void TestKVStoreQueue::expiredLeaseIsRedeliveredAndOldTokenRefused()
{
    const std::string path = m_files.path("expire.db");
    const auto clock = std::make_shared<ManualClock>();
    KVStore store(path, onClock(clock));
    store.enqueue(Value("job"));
    const auto first = store.dequeue("default", 1, {30.0}).at(0);
    clock->advance(60);
    // A second store (another process, in effect, on the same time) reclaims on its first
    // dequeue.
    KVStore other(path, onClock(clock));
    const auto again = other.dequeue();
    QCOMPARE(again.size(), std::size_t(1));
    QCOMPARE(again[0].id, first.id);
    QCOMPARE(again[0].attempts, std::int64_t(2));
    QVERIFY(again[0].token != first.token);
    // The late worker's token is stale now.
    QVERIFY(!store.acknowledge(double(first.id), first.token));
    QVERIFY(!store.nack(double(first.id), first.token));
    QVERIFY(!store.extendLease(double(first.id), first.token));
    QVERIFY(other.acknowledge(double(again[0].id), again[0].token));
}

void TestKVStoreQueue::reclaimRunsAtMostOncePerSecond()
{
    const auto clock = std::make_shared<ManualClock>();
    KVStore store(":memory:", onClock(clock));
    store.enqueue(Value("job"));
    const auto first = store.dequeue("default", 1, {30.0}).at(0); // this call reclaimed
    clock->advance(60);
    QVERIFY(store.dequeue().empty()); // expired, but not reclaimed within the interval
    clock->advance(1000);
    const auto again = store.dequeue();
    QCOMPARE(again.size(), std::size_t(1));
    QCOMPARE(again[0].id, first.id);
}

void TestKVStoreQueue::lastFailedAttemptDeadLettersAndRetryDeadRevives()
{
    const std::string path = m_files.path("dead.db");
    KVStore store(path);
    const auto id = store.enqueue(Value("x"), onTopic("t", 2)).id;
    auto m = store.dequeue("t").at(0);
    QVERIFY(store.nack(double(m.id), m.token, {std::string("first"), 0.0}));
    QCOMPARE(column(path, id, "status"), std::string("pending"));
    QCOMPARE(column(path, id, "lease_token"), std::string("<null>"));
    m = store.dequeue("t").at(0);
    QCOMPARE(m.attempts, std::int64_t(2));
    QCOMPARE(m.lastError.value(), std::string("first"));
    const std::int64_t before = nowMs();
    QVERIFY(store.nack(double(m.id), m.token, {std::string("boom"), std::nullopt}));
    QVERIFY(!store.nack(double(m.id), m.token)); // no longer leased
    QVERIFY(store.dequeue("t").empty());
    const auto dead = store.listDead("t");
    QCOMPARE(dead.size(), std::size_t(1));
    QCOMPARE(dead[0].id, id);
    QCOMPARE(dead[0].attempts, std::int64_t(2));
    QCOMPARE(dead[0].maxAttempts, std::int64_t(2));
    QCOMPARE(dead[0].lastError.value(), std::string("boom"));
    QCOMPARE(dead[0].payload.asString(), std::string("x"));
    QVERIFY(dead[0].failedAt >= before);
    QVERIFY(store.listDead("default").empty());

    QCOMPARE(store.retryDead("t"), std::int64_t(1));
    QCOMPARE(column(path, id, "status"), std::string("pending"));
    QCOMPARE(column(path, id, "attempts"), std::string("0"));
    QCOMPARE(column(path, id, "finished_at"), std::string("<null>"));
    QCOMPARE(column(path, id, "last_error"), std::string("boom")); // kept
    QVERIFY(store.listDead("t").empty());
    m = store.dequeue("t").at(0);
    QCOMPARE(m.attempts, std::int64_t(1));
    QCOMPARE(m.lastError.value(), std::string("boom"));
}

void TestKVStoreQueue::defaultBackoff()
{
    const std::string path = m_files.path("backoff.db");
    KVStore store(path);
    const auto id = store.enqueue(Value(1), onTopic("b", 100)).id;
    // attempt n waits min(1000 * 2^(n-1), 300000): 1 s, 2 s, 4 s ... capped at 5 min.
    const std::vector<std::pair<int, std::int64_t>> cases{
        {1, 1000}, {2, 2000}, {3, 4000}, {9, 256000}, {10, 300000}, {40, 300000}};
    for (const auto &[attempt, delay] : cases) {
        {
            RawSqlite raw(path);
            raw.exec("UPDATE queue SET deliver_at = 0, attempts = " + std::to_string(attempt - 1));
        }
        const auto m = store.dequeue("b").at(0);
        QCOMPARE(m.attempts, std::int64_t(attempt));
        const std::int64_t before = nowMs();
        QVERIFY(store.nack(double(m.id), m.token));
        const std::int64_t after = nowMs();
        const std::int64_t at = toInt(column(path, id, "deliver_at"));
        QVERIFY2(at >= before + delay && at <= after + delay, std::to_string(attempt).c_str());
        QCOMPARE(column(path, id, "last_error"), std::string("<null>"));
    }
}

void TestKVStoreQueue::backoffSchedule()
{
    const std::string path = m_files.path("schedule.db");
    QueueConfig config;
    config.backoff = std::vector<double>{100, 200};
    KVStore store(path, withQueue(config));
    const auto id = store.enqueue(Value(1), onTopic("s", 10)).id;
    for (const auto &[attempt, delay] :
         std::vector<std::pair<int, std::int64_t>>{{1, 100}, {2, 200}, {3, 200}, {7, 200}}) {
        {
            RawSqlite raw(path);
            raw.exec("UPDATE queue SET deliver_at = 0, attempts = " + std::to_string(attempt - 1));
        }
        const auto m = store.dequeue("s").at(0);
        const std::int64_t before = nowMs();
        QVERIFY(store.nack(double(m.id), m.token));
        const std::int64_t at = toInt(column(path, id, "deliver_at"));
        QVERIFY(at >= before + delay && at <= nowMs() + delay);
    }
}

void TestKVStoreQueue::backoffFunction()
{
    const std::string path = m_files.path("function.db");
    QueueConfig config;
    std::vector<int> seen;
    config.backoff = std::function<double(int)>([&](int attempt) {
        seen.push_back(attempt);
        return attempt == 1 ? 7000.0 : attempt == 2 ? double(NAN) : -1.0;
    });
    KVStore store(path, withQueue(config));
    const auto id = store.enqueue(Value(1), onTopic("f", 10)).id;
    auto m = store.dequeue("f").at(0);
    const std::int64_t before = nowMs();
    QVERIFY(store.nack(double(m.id), m.token));
    const std::int64_t at = toInt(column(path, id, "deliver_at"));
    QVERIFY(at >= before + 7000 && at <= nowMs() + 7000);
    {
        RawSqlite raw(path);
        raw.exec("UPDATE queue SET deliver_at = 0");
    }
    m = store.dequeue("f").at(0);
    QVERIFY(throwsWith<RangeError>([&] { store.nack(double(m.id), m.token); },
                                   "kvs: queue.backoff(2) must return a finite number >= 0, got "
                                   "NaN"));
    QCOMPARE(column(path, id, "status"), std::string("processing")); // nothing written
    QVERIFY(store.extendLease(double(m.id), m.token, 0.0));
    m = store.dequeue("f").at(0);
    QCOMPARE(m.attempts, std::int64_t(3));
    QVERIFY(throwsWith<RangeError>([&] { store.nack(double(m.id), m.token); },
                                   "kvs: queue.backoff(3) must return a finite number >= 0, got "
                                   "-1"));
    QCOMPARE(seen, (std::vector<int>{1, 2, 3}));
    // An explicit delay does not ask the backoff.
    QVERIFY(store.nack(double(m.id), m.token, {std::nullopt, 5.0}));
    QCOMPARE(seen.size(), std::size_t(3));
}

void TestKVStoreQueue::nackDelay()
{
    const std::string path = m_files.path("nackdelay.db");
    KVStore store(path);
    const auto id = store.enqueue(Value(1)).id;
    const auto m = store.dequeue().at(0);
    for (double bad : {-1.0, double(NAN), double(INFINITY)}) {
        QVERIFY(throwsWith<RangeError>(
            [&] {
                store.nack(double(m.id), m.token, {std::nullopt, bad});
            },
            "kvs: nack() delay must be a finite number >= 0, got "
                + std::string(std::isnan(bad)   ? "NaN"
                              : std::isinf(bad) ? "Infinity"
                                                : "-1")));
    }
    const std::int64_t before = nowMs();
    QVERIFY(store.nack(double(m.id), m.token, {std::nullopt, 50000.0}));
    const std::int64_t at = toInt(column(path, id, "deliver_at"));
    QVERIFY(at >= before + 50000 && at <= nowMs() + 50000);
    QCOMPARE(column(path, id, "status"), std::string("pending"));
    QCOMPARE(column(path, id, "locked_until"), std::string("<null>"));
}

void TestKVStoreQueue::nackErrorTruncation()
{
    const std::string path = m_files.path("truncate.db");
    KVStore store(path);
    const std::string smile = "\xf0\x9f\x98\x80"; // U+1F600: two UTF-16 code units
    const std::vector<std::pair<std::string, std::string>> cases{
        {std::string(2500, 'a'), std::string(2000, 'a')},
        {std::string(2000, 'a'), std::string(2000, 'a')},
        // 1999 units + a pair would be 2001: the pair is dropped whole, never split.
        {std::string(1999, 'a') + smile, std::string(1999, 'a')},
        {std::string(1998, 'a') + smile + "b", std::string(1998, 'a') + smile},
        {[] {
             std::string s;
             for (int i = 0; i < 2100; ++i)
                 s += "\xc3\xa9"; // é: one unit, two bytes
             return s;
         }(),
         [] {
             std::string s;
             for (int i = 0; i < 2000; ++i)
                 s += "\xc3\xa9";
             return s;
         }()},
    };
    for (const auto &[error, stored] : cases) {
        const auto id = store.enqueue(Value(1), onTopic("e", 5)).id;
        const auto m = store.dequeue("e").at(0);
        QVERIFY(store.nack(double(m.id), m.token, {error, 60000.0}));
        QCOMPARE(column(path, id, "last_error"), stored);
    }
    const auto id = store.enqueue(Value(1), onTopic("n", 5)).id;
    const auto m = store.dequeue("n").at(0);
    QVERIFY(store.nack(double(m.id), m.token, {std::nullopt, 60000.0}));
    QCOMPARE(column(path, id, "last_error"), std::string("<null>"));
}

void TestKVStoreQueue::extendLease()
{
    const std::string path = m_files.path("extend.db");
    QueueConfig config;
    config.visibilityTimeout = 45000;
    const auto clock = std::make_shared<ManualClock>();
    KVStore store(path, onClock(clock, withQueue(config)));
    const auto id = store.enqueue(Value(1)).id;
    const auto m = store.dequeue("default", 1, {1000.0}).at(0);
    std::int64_t before = clock->now();
    QVERIFY(store.extendLease(double(m.id), m.token, 120000.0));
    std::int64_t until = toInt(column(path, id, "locked_until"));
    QVERIFY(until >= before + 120000 && until <= clock->now() + 120000);
    before = clock->now();
    QVERIFY(store.extendLease(double(m.id), m.token)); // default: queue.visibilityTimeout
    until = toInt(column(path, id, "locked_until"));
    QVERIFY(until >= before + 45000 && until <= clock->now() + 45000);
    QVERIFY(!store.extendLease(double(m.id), "stale"));
    for (double bad : {-1.0, double(NAN)}) {
        QVERIFY(throwsWith<RangeError>(
            [&] { store.extendLease(double(m.id), m.token, bad); },
            "kvs: extendLease() visibilityTimeout must be a finite number >= 0, got "
                + std::string(std::isnan(bad) ? "NaN" : "-1")));
    }
    // Works after the lease expired, as long as nothing reclaimed it yet.
    const auto late = store.dequeue("default", 1, {20.0});
    QVERIFY(late.empty()); // nothing else pending
    store.enqueue(Value(2), onTopic("late"));
    const auto l = store.dequeue("late", 1, {20.0}).at(0);
    clock->advance(50);
    QVERIFY(store.extendLease(double(l.id), l.token, 60000.0));
    QCOMPARE(column(path, l.id, "status"), std::string("processing"));
}

void TestKVStoreQueue::extendLeaseZeroReleasesAtOnce()
{
    KVStore store(":memory:");
    store.enqueue(Value("x"));
    const auto m = store.dequeue().at(0); // this dequeue just reclaimed: the interval is running
    QVERIFY(store.dequeue().empty());
    QVERIFY(store.extendLease(double(m.id), m.token, 0.0));
    const auto again = store.dequeue(); // redelivered at once, within the interval
    QCOMPARE(again.size(), std::size_t(1));
    QCOMPARE(again[0].id, m.id);
    QCOMPARE(again[0].attempts, std::int64_t(2)); // attempts are not refunded
    QVERIFY(!store.acknowledge(double(m.id), m.token));
    QVERIFY(store.acknowledge(double(m.id), again[0].token));
}

void TestKVStoreQueue::atomicEnqueueIsDequeued()
{
    KVStore store(":memory:");
    QVERIFY(store.atomic()
                .set({"k"}, Value(1))
                .enqueue(parseLiteral("new Map([[1, 2]])"), onTopic("jobs", 5, 0))
                .commit()
                .ok);
    const auto got = store.dequeue("jobs");
    QCOMPARE(got.size(), std::size_t(1));
    QCOMPARE(printLiteral(got[0].payload), std::string("new Map([[1, 2]])"));
    QCOMPARE(got[0].maxAttempts, std::int64_t(5));
    QVERIFY(store.acknowledge(double(got[0].id), got[0].token));
}

void TestKVStoreQueue::closedStoreRefuses()
{
    KVStore store(":memory:");
    store.close();
    QVERIFY(throwsWith<ClosedError>([&] { (void)store.dequeue(); }, "kvs: the store is closed"));
    QVERIFY(throwsWith<ClosedError>([&] { (void)store.peek("t"); }, "kvs: the store is closed"));
    QVERIFY(throwsWith<ClosedError>([&] { (void)store.queueStats(); }, "kvs: the store is closed"));
}

QTEST_GUILESS_MAIN(TestKVStoreQueue)
#include "tst_kvstore_queue.moc"
