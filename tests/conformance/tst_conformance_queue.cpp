// The queue on every backend: enqueue and dequeue (FIFO, ties by id, limits, leases, one token
// per call), acknowledge / nack with backoff and dead letters, extendLease, listDead, retryDead,
// deleteDead, queueStats, cleanQueue, peek, and the errors with the reference's messages.
#include "conformance/store_under_test.h"
#include "support/test_support.h"

#include <kvs/literal.h>
#include <kvs/queue_errors.h>

#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace kvs;
using namespace kvs::test;

namespace {

QueueOptions onTopic(const std::string &topic, double maxAttempts = 3, double delay = 0)
{
    QueueOptions options;
    options.topic = topic;
    options.maxAttempts = maxAttempts;
    options.delay = delay;
    return options;
}

} // namespace

class TestConformanceQueue : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<StoreUnderTest> open(const char *name, const StoreConfig &config = {})
    {
        QFETCH(Backend, backend);
        return openStore(backend, name, config);
    }

private slots:
    void enqueueAndDequeue_data() { addBackendRows(); }
    void enqueueAndDequeue();
    void fifoTiesBreakOnIdAndLimitIsHonoured_data() { addBackendRows(); }
    void fifoTiesBreakOnIdAndLimitIsHonoured();
    void delayedMessagesWait_data() { addBackendRows(); }
    void delayedMessagesWait();
    void queueArgumentErrors_data() { addBackendRows(); }
    void queueArgumentErrors();
    void acknowledgeAndStaleTokens_data() { addBackendRows(); }
    void acknowledgeAndStaleTokens();
    void expiredLeaseIsRedelivered_data() { addBackendRows(); }
    void expiredLeaseIsRedelivered();
    void nackBackoffAndDeadLetters_data() { addBackendRows(); }
    void nackBackoffAndDeadLetters();
    void extendLeaseAndRelease_data() { addBackendRows(); }
    void extendLeaseAndRelease();
    void statsCleanAndPeek_data() { addBackendRows(); }
    void statsCleanAndPeek();
    void doneRetentionKeepsAcknowledged_data() { addBackendRows(); }
    void operatorActionsOnManyMessages_data() { addBackendRows(); }
    void operatorActionsOnManyMessages();
    void moveReplacesAMessageInOneTransaction_data() { addBackendRows(); }
    void moveReplacesAMessageInOneTransaction();
    void moveRefusesAMessageNoLongerDead_data() { addBackendRows(); }
    void moveRefusesAMessageNoLongerDead();
    void operatorActionErrors_data() { addBackendRows(); }
    void operatorActionErrors();
    void expiredLeasesProjectedWithoutWriting_data() { addBackendRows(); }
    void expiredLeasesProjectedWithoutWriting();
    void leasesEndingWithinAWindow_data() { addBackendRows(); }
    void leasesEndingWithinAWindow();
    void lastIdGrowsAndNoDeleteLowersIt_data() { addBackendRows(); }
    void lastIdGrowsAndNoDeleteLowersIt();
    void doneRetentionKeepsAcknowledged();
};

void TestConformanceQueue::enqueueAndDequeue()
{
    auto store = open("enqueue");
    const EnqueueResult first = store->enqueue(parseLiteral(R"({"to": "a@example.com", n: 1n})"));
    QVERIFY(first.ok);
    const EnqueueResult second = store->enqueue(Value("two"));
    QVERIFY(second.id > first.id);
    const std::int64_t before = store->clock().now();
    const auto got = store->dequeue("default", 10);
    QCOMPARE(got.size(), std::size_t(2));
    const QueueMessage &m = got[0];
    QCOMPARE(m.id, first.id);
    QCOMPARE(m.topic, std::string("default"));
    QCOMPARE(printLiteral(m.payload), std::string(R"({"to": "a@example.com", "n": 1n})"));
    QCOMPARE(m.attempts, std::int64_t(1));
    QCOMPARE(m.maxAttempts, std::int64_t(3));
    QVERIFY(!m.lastError.has_value());
    QVERIFY(m.lockedUntil >= before + 30000 && m.lockedUntil <= store->clock().now() + 30000);
    static const QRegularExpression uuid(
        QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
    QVERIFY(uuid.match(QString::fromStdString(m.token)).hasMatch());
    QCOMPARE(got[1].token, m.token); // one token per dequeue() call
    QVERIFY(store->dequeue().empty());
    store->enqueue(Value(4), onTopic("jobs"));
    QVERIFY(store->dequeue("other").empty());
    QCOMPARE(store->dequeue("jobs").at(0).payload.asNumber(), 4.0);
}

void TestConformanceQueue::fifoTiesBreakOnIdAndLimitIsHonoured()
{
    auto store = open("fifo");
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 30; ++i) // a burst: many share one deliver_at millisecond
        ids.push_back(store->enqueue(Value(i), onTopic("f")).id);
    std::vector<std::int64_t> seen;
    for (int round = 0; round < 3; ++round) {
        const auto batch = store->dequeue("f", 10);
        QCOMPARE(batch.size(), std::size_t(10)); // never more than the limit
        for (const auto &message : batch)
            seen.push_back(message.id);
    }
    QCOMPARE(seen, ids);
    // The limit is capped at 1000, not refused.
    QVERIFY(store->dequeue("f", 5000).empty());
}

void TestConformanceQueue::delayedMessagesWait()
{
    auto store = open("delayed");
    store->enqueue(Value("later"), onTopic("t", 3, 60000));
    store->enqueue(Value("past"), onTopic("t", 3, -5000)); // negative: already due
    const auto got = store->dequeue("t", 10);
    QCOMPARE(got.size(), std::size_t(1));
    QCOMPARE(got[0].payload.asString(), std::string("past"));
    const QueueStats stats = store->queueStats("t").at(0);
    QCOMPARE(stats.delayed, std::int64_t(1));
    QCOMPARE(stats.processing, std::int64_t(1));
}

void TestConformanceQueue::queueArgumentErrors()
{
    auto store = open("errors");
    QVERIFY(throwsWith<RangeError>([&] { store->enqueue(Value(1), onTopic("t", 3, NAN)); },
                                   "kvs: enqueue() delay must be a finite number, got NaN"));
    QVERIFY(throwsWith<RangeError>([&] { store->enqueue(Value(1), onTopic("t", 0)); },
                                   "kvs: enqueue() maxAttempts must be an integer from 1 to "
                                   "9007199254740991, got 0"));
    QCOMPARE(store->queueStats("t").at(0).pending, std::int64_t(0)); // nothing written
    QVERIFY(throwsWith<RangeError>([&] { (void)store->dequeue("t", 0); },
                                   "kvs: dequeue() limit must be an integer >= 1, got 0"));
    QVERIFY(throwsWith<RangeError>([&] { (void)store->dequeue("t", 1, {0.0}); },
                                   "kvs: dequeue() visibilityTimeout must be a finite number > 0, "
                                   "got 0"));
    QVERIFY(throwsWith<TypeError>([&] { store->acknowledge(1.5, "t"); },
                                  "kvs: acknowledge() needs an integer message id, got 1.5"));
    QVERIFY(throwsWith<TypeError>([&] { store->acknowledge(1, ""); },
                                  "kvs: acknowledge() needs the message's lease token"));
    QVERIFY(throwsWith<TypeError>([&] { store->nack(INFINITY, "t"); },
                                  "kvs: nack() needs an integer message id, got Infinity"));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            store->nack(1, "t", {std::nullopt, -1.0});
        },
        "kvs: nack() delay must be a finite number >= 0, got -1"));
    QVERIFY(throwsWith<TypeError>([&] { store->extendLease(1, ""); },
                                  "kvs: extendLease() needs the message's lease token"));
    QVERIFY(throwsWith<RangeError>([&] { store->extendLease(1, "t", -1.0); },
                                   "kvs: extendLease() visibilityTimeout must be a finite number "
                                   ">= 0, got -1"));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            (void)store->listDead("t", {0, 0});
        },
        "kvs: listDead() limit must be an integer >= 1, got 0"));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            (void)store->listDead("t", {10, -1});
        },
        "kvs: listDead() after must be an integer >= 0, got -1"));
    QVERIFY(throwsWith<TypeError>([&] { store->retryDead("t", 2.5); },
                                  "kvs: retryDead() needs an integer message id, got 2.5"));
    QVERIFY(throwsWith<TypeError>([&] { store->deleteDead("t", 2.5); },
                                  "kvs: deleteDead() needs an integer message id, got 2.5"));
    QVERIFY(throwsWith<RangeError>(
        [&] {
            (void)store->peek("t", {PeekStatus::Pending, 0, 0});
        },
        "kvs: peek() limit must be an integer >= 1, got 0"));
}

void TestConformanceQueue::acknowledgeAndStaleTokens()
{
    auto store = open("ack");
    store->enqueue(Value("job"));
    const QueueMessage m = store->dequeue().at(0);
    QVERIFY(!store->acknowledge(double(m.id), "not-the-token"));
    QVERIFY(store->acknowledge(double(m.id), m.token));
    QVERIFY(!store->acknowledge(double(m.id), m.token)); // gone
    QVERIFY(store->queueStats().empty());
}

void TestConformanceQueue::expiredLeaseIsRedelivered()
{
    auto store = open("lease");
    store->enqueue(Value("job"));
    const QueueMessage first = store->dequeue("default", 1, {30.0}).at(0);
    store->clock().advance(60);
    QCOMPARE(store->queueStats().at(0).processing, std::int64_t(1)); // until reclaimed
    store->clock().advance(1000); // past the once-a-second reclaim interval
    const auto again = store->dequeue();
    QCOMPARE(again.size(), std::size_t(1));
    QCOMPARE(again[0].id, first.id);
    QCOMPARE(again[0].attempts, std::int64_t(2));
    QVERIFY(again[0].token != first.token);
    QVERIFY(!store->acknowledge(double(first.id), first.token)); // the late worker's token
    QVERIFY(!store->nack(double(first.id), first.token));
    QVERIFY(!store->extendLease(double(first.id), first.token));
    QVERIFY(store->acknowledge(double(again[0].id), again[0].token));
}

void TestConformanceQueue::nackBackoffAndDeadLetters()
{
    StoreConfig config;
    config.queue.backoff = std::vector<double>{100, 200};
    auto store = open("nack", config);
    const std::int64_t id = store->enqueue(Value("x"), onTopic("t", 3)).id;
    QueueMessage m = store->dequeue("t").at(0);
    const std::int64_t before = store->clock().now();
    QVERIFY(store->nack(double(m.id), m.token, {std::string("first"), std::nullopt}));
    // The schedule's first delay: not due yet.
    QVERIFY(store->dequeue("t").empty());
    const auto delayed = store->peek("t", {PeekStatus::Delayed, 0, 10});
    QCOMPARE(delayed.size(), std::size_t(1));
    QVERIFY(delayed[0].deliverAt >= before + 100
            && delayed[0].deliverAt <= store->clock().now() + 100);
    QCOMPARE(delayed[0].lastError.value_or(""), std::string("first"));
    QVERIFY(!delayed[0].lockedUntil.has_value());
    store->clock().advance(120);
    m = store->dequeue("t").at(0);
    QCOMPARE(m.attempts, std::int64_t(2));
    QCOMPARE(m.lastError.value_or(""), std::string("first"));
    QVERIFY(store->nack(double(m.id), m.token, {std::string("second"), 0.0})); // explicit delay
    m = store->dequeue("t").at(0);
    QCOMPARE(m.attempts, std::int64_t(3));
    // The last attempt dead-letters, with the error truncated to 2000 characters.
    QVERIFY(store->nack(double(m.id), m.token, {std::string(2500, 'e'), std::nullopt}));
    QVERIFY(store->dequeue("t").empty());
    const auto dead = store->listDead("t");
    QCOMPARE(dead.size(), std::size_t(1));
    QCOMPARE(dead[0].id, id);
    QCOMPARE(dead[0].attempts, std::int64_t(3));
    QCOMPARE(dead[0].lastError.value_or(""), std::string(2000, 'e'));
    QVERIFY(dead[0].failedAt >= before);
    QCOMPARE(store->queueStats("t").at(0).dead, std::int64_t(1));
    // retryDead: pending again with attempts 0, last_error kept.
    QCOMPARE(store->retryDead("t"), std::int64_t(1));
    m = store->dequeue("t").at(0);
    QCOMPARE(m.attempts, std::int64_t(1));
    QCOMPARE(m.lastError.value_or(""), std::string(2000, 'e'));
    QVERIFY(store->nack(double(m.id), m.token, {std::nullopt, 0.0}));
    // deleteDead of one id and of all.
    const std::int64_t other = store->enqueue(Value("y"), onTopic("t", 1)).id;
    const auto dying = store->dequeue("t", 10);
    for (const auto &message : dying)
        QVERIFY(store->nack(double(message.id), message.token, {std::nullopt, 0.0}));
    QCOMPARE(store->queueStats("t").at(0).dead, std::int64_t(1)); // "y" had one attempt
    QCOMPARE(store->deleteDead("t", double(other)), std::int64_t(1));
    QCOMPARE(store->deleteDead("t"), std::int64_t(0));
}

void TestConformanceQueue::extendLeaseAndRelease()
{
    auto store = open("extend");
    store->enqueue(Value("job"));
    const QueueMessage m = store->dequeue("default", 1, {50.0}).at(0);
    QVERIFY(store->extendLease(double(m.id), m.token, 60000.0));
    const auto leased = store->peek("default", {PeekStatus::Processing, 0, 10});
    QVERIFY(*leased.at(0).lockedUntil > store->clock().now() + 50000);
    // 0 releases at once: this store's next dequeue reclaims it (attempts are not refunded).
    QVERIFY(store->extendLease(double(m.id), m.token, 0.0));
    const auto again = store->dequeue();
    QCOMPARE(again.size(), std::size_t(1));
    QCOMPARE(again[0].attempts, std::int64_t(2));
}

void TestConformanceQueue::statsCleanAndPeek()
{
    StoreConfig config;
    config.queue.deadRetention = 0; // cleanQueue() purges dead letters at once
    auto store = open("stats", config);
    QCOMPARE(store->queueStats("empty").at(0).topic, std::string("empty")); // all-zero row
    QCOMPARE(store->queueStats("empty").at(0).pending, std::int64_t(0));
    store->enqueue(Value(1), onTopic("a"));
    store->enqueue(Value(2), onTopic("a"));
    store->enqueue(Value(3), onTopic("a", 3, 60000));
    store->enqueue(Value(4), onTopic("b", 1));
    store->dequeue("a");
    const auto b = store->dequeue("b", 1, {20.0}).at(0);
    store->clock().advance(40);
    // queueStats first dead-letters the lease that expired on its last attempt.
    const auto stats = store->queueStats();
    QCOMPARE(stats.size(), std::size_t(2));
    QCOMPARE(stats[0].topic, std::string("a"));
    QCOMPARE(stats[0].pending, std::int64_t(1));
    QCOMPARE(stats[0].delayed, std::int64_t(1));
    QCOMPARE(stats[0].processing, std::int64_t(1));
    QVERIFY(stats[0].oldestPendingAt.has_value());
    QCOMPARE(stats[1].dead, std::int64_t(1));
    QCOMPARE(store->listDead("b").at(0).lastError.value_or(""), std::string("lease expired"));
    QVERIFY(!store->acknowledge(double(b.id), b.token));
    // Peek pages by id and leases nothing.
    const auto pending = store->peek("a", {PeekStatus::Pending, 0, 10});
    QCOMPARE(pending.size(), std::size_t(1));
    QCOMPARE(store->peek("a", {PeekStatus::Pending, pending[0].id, 10}).size(), std::size_t(0));
    QCOMPARE(store->queueStats("a").at(0).pending, std::int64_t(1));
    QCOMPARE(store->cleanQueue(), std::int64_t(1)); // the dead letter, deadRetention 0
    QCOMPARE(store->queueStats("b").at(0).dead, std::int64_t(0));
}

void TestConformanceQueue::doneRetentionKeepsAcknowledged()
{
    StoreConfig config;
    config.queue.doneRetention = 60000;
    auto store = open("done", config);
    store->enqueue(Value(1));
    const auto m = store->dequeue().at(0);
    QVERIFY(store->acknowledge(double(m.id), m.token));
    QCOMPARE(store->queueStats().at(0).done, std::int64_t(1));
    QCOMPARE(store->cleanQueue(), std::int64_t(0)); // younger than doneRetention
    QCOMPARE(store->queueStats().at(0).done, std::int64_t(1));
}

namespace {

// Enqueues count messages on topic with one attempt each and lets them all die; their ids.
std::vector<double> deadLetters(StoreUnderTest &store, const std::string &topic, int count)
{
    std::vector<double> ids;
    for (int i = 0; i < count; ++i)
        ids.push_back(double(store.enqueue(Value(i), onTopic(topic, 1)).id));
    for (const QueueMessage &m : store.dequeue(topic, count))
        store.nack(double(m.id), m.token, {std::string("boom ") + std::to_string(m.id), 0.0});
    return ids;
}

} // namespace

void TestConformanceQueue::operatorActionsOnManyMessages()
{
    auto store = open("bulk");
    if (store->backend() == Backend::AsyncCustom) {
        // A user's adapter without the optional calls: a clear error, nothing changed.
        const std::vector<double> ids = deadLetters(*store, "t", 1);
        QVERIFY(throwsWith<Error>([&] { store->retryDeadMessages("t", ids); },
                                  "kvs: this adapter has no retryDeadIds()"));
        QVERIFY(throwsWith<Error>([&] { store->deleteMessages("t", ids); },
                                  "kvs: this adapter has no deleteMessages()"));
        QCOMPARE(store->queueStats("t").at(0).dead, std::int64_t(1));
        return;
    }
    const std::vector<double> ids = deadLetters(*store, "t", 5);
    const std::vector<double> other = deadLetters(*store, "u", 1);
    QCOMPARE(store->queueStats("t").at(0).dead, std::int64_t(5));
    // Ids of another topic, unknown ids and repeats are skipped.
    QCOMPARE(store->retryDeadMessages("t", {ids[0], ids[2], other[0], 999999.0, ids[0]}),
             std::int64_t(2));
    auto stats = store->queueStats("t").at(0);
    QCOMPARE(stats.dead, std::int64_t(3));
    QCOMPARE(stats.pending, std::int64_t(2));
    const auto retried = store->peek("t", {PeekStatus::Pending, 0, 10});
    QCOMPARE(retried.size(), std::size_t(2));
    QCOMPARE(double(retried[0].id), ids[0]);
    QCOMPARE(retried[0].attempts, std::int64_t(0));
    QCOMPARE(store->queueStats("u").at(0).dead, std::int64_t(1));
    // deleteDeadMessages leaves the pending ones; deleteMessages takes any status.
    QCOMPARE(store->deleteDeadMessages("t", {ids[0], ids[1]}), std::int64_t(1));
    QCOMPARE(store->deleteMessages("t", {ids[0], ids[3]}), std::int64_t(2));
    stats = store->queueStats("t").at(0);
    QCOMPARE(stats.pending, std::int64_t(1)); // ids[2]
    QCOMPARE(stats.dead, std::int64_t(1));    // ids[4]
    QCOMPARE(store->retryDeadMessages("t", {}), std::int64_t(0));
    // A leased message deleted by the operator: its consumer's acknowledge() fails.
    const QueueMessage leased = store->dequeue("t").at(0);
    QCOMPARE(store->deleteMessages("t", {double(leased.id)}), std::int64_t(1));
    QVERIFY(!store->acknowledge(double(leased.id), leased.token));
    // Done messages are listed by peek.
    StoreConfig config;
    config.queue.doneRetention = 60000;
    auto keeping = open("bulk-done", config);
    keeping->enqueue(Value("finished"));
    const QueueMessage m = keeping->dequeue().at(0);
    QVERIFY(keeping->acknowledge(double(m.id), m.token));
    const auto done = keeping->peek("default", {PeekStatus::Done, 0, 10});
    QCOMPARE(done.size(), std::size_t(1));
    QCOMPARE(done[0].id, m.id);
    QCOMPARE(keeping->peek("default", {PeekStatus::Done, m.id, 10}).size(), std::size_t(0));
}

void TestConformanceQueue::moveReplacesAMessageInOneTransaction()
{
    auto store = open("move");
    if (store->backend() == Backend::AsyncCustom) {
        const std::vector<double> ids = deadLetters(*store, "t", 1);
        QVERIFY(throwsWith<Error>([&] { store->moveMessage(ids[0], Value(1), onTopic("t")); },
                                  "kvs: this adapter has no deleteMessages()"));
        QCOMPARE(store->queueStats("t").at(0).dead, std::int64_t(1));
        return;
    }
    const std::vector<double> ids = deadLetters(*store, "t", 2);
    const auto moved
        = store->moveMessage(ids[0], parseLiteral(R"({"fixed": true})"), onTopic("t", 5));
    QVERIFY(moved.has_value());
    QVERIFY(double(moved->id) > ids[1]);
    auto stats = store->queueStats("t").at(0);
    QCOMPARE(stats.dead, std::int64_t(1));
    QCOMPARE(stats.pending, std::int64_t(1));
    const QueueMessage m = store->dequeue("t").at(0);
    QCOMPARE(m.id, moved->id);
    QCOMPARE(printLiteral(m.payload), std::string(R"({"fixed": true})"));
    QCOMPARE(m.maxAttempts, std::int64_t(5));
    QCOMPARE(m.attempts, std::int64_t(1));
    // A message that is gone: nothing written.
    QVERIFY(!store->moveMessage(ids[0], Value(2), onTopic("t")).has_value());
    QCOMPARE(store->queueStats("t").at(0).pending + store->queueStats("t").at(0).processing,
             std::int64_t(1));
    // Another topic's message is not this topic's.
    QVERIFY(!store->moveMessage(ids[1], Value(3), onTopic("u")).has_value());
    QCOMPARE(store->queueStats("t").at(0).dead, std::int64_t(1));
    // enqueue()'s rules hold, before anything is deleted.
    QVERIFY(throwsWith<RangeError>(
        [&] { store->moveMessage(ids[1], Value(4), onTopic("t", 0)); },
        "kvs: enqueue() maxAttempts must be an integer from 1 to 9007199254740991, got 0"));
    QCOMPARE(store->queueStats("t").at(0).dead, std::int64_t(1));
}

namespace {

// The MessageNotDeadError moveMessage() throws, checked whole: message, id, topic and status.
bool refusedAsNotDead(StoreUnderTest &store, double id, const std::string &status)
{
    const std::string expected = "kvs: moveMessage() needs a dead message, but message "
                                 + std::to_string(std::int64_t(id)) + " of topic \"t\" is "
                                 + status;
    try {
        (void)store.moveMessage(id, Value("fixed"), onTopic("t"));
    } catch (const MessageNotDeadError &error) {
        if (error.what() == expected && error.id() == std::int64_t(id) && error.topic() == "t"
            && error.status() == status && error.kind() == ErrorKind::Error) {
            return true;
        }
        qWarning("wrong MessageNotDeadError: %s (status %s)", error.what(), error.status().c_str());
        return false;
    } catch (const std::exception &error) {
        qWarning("expected MessageNotDeadError, got: %s", error.what());
        return false;
    }
    qWarning("expected MessageNotDeadError, nothing thrown");
    return false;
}

} // namespace

// The operator edits a dead message while someone retries it and a consumer leases it: the
// move must not replace the leased message (its consumer would lose it), nor a pending one.
void TestConformanceQueue::moveRefusesAMessageNoLongerDead()
{
    auto store = open("move-not-dead");
    if (store->backend() == Backend::AsyncCustom)
        return; // no deleteMessages(): moveReplacesAMessageInOneTransaction checks its error
    const std::vector<double> ids = deadLetters(*store, "t", 3);
    const std::int64_t lastId = store->queueLastId();
    QCOMPARE(store->retryDeadMessages("t", {ids[0], ids[1]}), std::int64_t(2));
    const std::vector<QueueMessage> leased = store->dequeue("t");
    QCOMPARE(leased.size(), std::size_t(1));
    QCOMPARE(double(leased[0].id), ids[0]);

    QVERIFY(refusedAsNotDead(*store, ids[0], "processing"));
    QVERIFY(refusedAsNotDead(*store, ids[1], "pending"));
    // Nothing written: no copy enqueued, nothing deleted, the lease still holds.
    const QueueStats stats = store->queueStats("t").at(0);
    QCOMPARE(stats.processing, std::int64_t(1));
    QCOMPARE(stats.pending, std::int64_t(1));
    QCOMPARE(stats.dead, std::int64_t(1));
    QCOMPARE(store->queueLastId(), lastId);
    QVERIFY(store->acknowledge(ids[0], leased[0].token));
    // The one still dead moves.
    QVERIFY(store->moveMessage(ids[2], Value("fixed"), onTopic("t")).has_value());

    // A lease that ran out on its last attempt is dead (listDead() and the dashboard's
    // projection show it so): it moves.
    store->enqueue(Value("slow"), onTopic("s", 1));
    const QueueMessage slow = store->dequeue("s", 1, {1000.0}).at(0);
    QCOMPARE(slow.attempts, std::int64_t(1));
    store->clock().advance(2000);
    const auto moved = store->moveMessage(double(slow.id), Value("fixed"), onTopic("s"));
    QVERIFY(moved.has_value());
    QVERIFY(!store->acknowledge(double(slow.id), slow.token));
    const auto due = store->peek("s", {PeekStatus::Pending, 0, 10});
    QCOMPARE(due.size(), std::size_t(1));
    QCOMPARE(due[0].id, moved->id);
}

void TestConformanceQueue::operatorActionErrors()
{
    auto store = open("bulk-errors");
    QVERIFY(throwsWith<TypeError>(
        [&] {
            store->retryDeadMessages("t", {1.0, 2.5});
        },
        "kvs: retryDeadMessages() needs an integer message id, got 2.5"));
    QVERIFY(
        throwsWith<TypeError>([&] { store->deleteDeadMessages("t", {-0.5}); },
                              "kvs: deleteDeadMessages() needs an integer message id, got -0.5"));
    QVERIFY(throwsWith<TypeError>([&] { store->moveMessage(1.5, Value(1), onTopic("t")); },
                                  "kvs: moveMessage() needs an integer message id, got 1.5"));
    const std::vector<double> many(1001, 1.0);
    QVERIFY(throwsWith<RangeError>([&] { store->deleteMessages("t", many); },
                                   "kvs: deleteMessages() takes at most 1000 ids, got 1001"));
}

KVS_CONFORMANCE_MAIN(TestConformanceQueue)
#include "tst_conformance_queue.moc"

void TestConformanceQueue::lastIdGrowsAndNoDeleteLowersIt()
{
    auto store = open("last-id");
    if (store->backend() == Backend::AsyncCustom) {
        // A user's adapter without the optional call: a clear error.
        QVERIFY(throwsWith<Error>([&] { (void)store->queueLastId(); },
                                  "kvs: this adapter has no queueLastId()"));
        return;
    }
    QCOMPARE(store->queueLastId(), std::int64_t(0));
    store->enqueue(Value(1), onTopic("a"));
    store->enqueue(Value(2), onTopic("b"));
    const std::int64_t last = store->enqueue(Value(3), onTopic("a")).id;
    QCOMPARE(store->queueLastId(), last);
    // The newest message deleted (of any status): the counter does not go back, as max(id)
    // would.
    QCOMPARE(store->deleteMessages("a", {double(last)}), std::int64_t(1));
    QCOMPARE(store->queueLastId(), last);
    const QueueMessage leased = store->dequeue("b").at(0);
    QVERIFY(store->acknowledge(double(leased.id), leased.token));
    QCOMPARE(store->queueLastId(), last);
    QVERIFY(store->enqueue(Value(4), onTopic("c")).id > last);
    QCOMPARE(store->queueLastId(), last + 1);
}

void TestConformanceQueue::expiredLeasesProjectedWithoutWriting()
{
    auto store = open("projected");
    const std::int64_t dead = store->enqueue(Value("d"), onTopic("p", 1)).id;
    const QueueMessage deadLease = store->dequeue("p").at(0);
    QVERIFY(store->nack(double(deadLease.id), deadLease.token));
    const std::int64_t retryable = store->enqueue(Value("a"), onTopic("p", 3)).id;
    const std::int64_t lastTry = store->enqueue(Value("b"), onTopic("p", 1)).id;
    const std::int64_t live = store->enqueue(Value("c"), onTopic("p", 3)).id;
    store->enqueue(Value("e"), onTopic("p", 3, 10000));
    const auto expiring = store->dequeue("p", 2, {30.0});
    QCOMPARE(expiring.size(), std::size_t(2));
    QCOMPARE(store->dequeue("p", 1, {100000.0}).at(0).id, live);
    store->clock().advance(60);

    const QueueStatsOptions project{ExpiredLeases::Project};
    if (store->backend() == Backend::AsyncCustom) {
        // A user's adapter without the optional calls: a clear error, nothing written.
        QVERIFY(throwsWith<Error>([&] { store->queueStats("p", project); },
                                  "kvs: this adapter has no queueStatsProjected()"));
        QVERIFY(throwsWith<Error>(
            [&] {
                store->listDead("p", {100, 0, ExpiredLeases::Project});
            },
            "kvs: this adapter has no peekExpiredLeases()"));
        QCOMPARE(store->peek("p", {PeekStatus::Processing, 0, 10}).size(), std::size_t(3));
        return;
    }
    for (const std::optional<std::string> &topic :
         {std::optional<std::string>("p"), std::optional<std::string>()}) {
        const std::vector<QueueStats> stats = store->queueStats(topic, project);
        QCOMPARE(stats.size(), std::size_t(1));
        QCOMPARE(stats[0].pending, std::int64_t(1)); // the expired lease with attempts left
        QCOMPARE(stats[0].delayed, std::int64_t(1));
        QCOMPARE(stats[0].processing, std::int64_t(1));
        QCOMPARE(stats[0].dead, std::int64_t(2)); // the expired last attempt among them
        QCOMPARE(stats[0].oldestPendingAt, std::optional(expiring[0].deliverAt));
    }
    // Dead letters merge the expired last attempt in id order, page by page.
    const auto deadPage = store->listDead("p", {100, 0, ExpiredLeases::Project});
    QCOMPARE(deadPage.size(), std::size_t(2));
    QCOMPARE(deadPage[0].id, dead);
    QCOMPARE(deadPage[1].id, lastTry);
    QCOMPARE(deadPage[1].lastError.value_or(""), std::string("lease expired"));
    QCOMPARE(deadPage[1].failedAt, expiring[1].lockedUntil);
    const auto second = store->listDead("p", {1, double(dead), ExpiredLeases::Project});
    QCOMPARE(second.size(), std::size_t(1));
    QCOMPARE(second[0].id, lastTry);
    PeekOptions due{PeekStatus::Pending, 0, 10};
    due.expiredLeases = ExpiredLeases::Project;
    QCOMPARE(store->peek("p", due).size(), std::size_t(1));
    QCOMPARE(store->peek("p", due).at(0).id, retryable);
    PeekOptions leased{PeekStatus::Processing, 0, 1};
    leased.expiredLeases = ExpiredLeases::Project;
    QCOMPARE(store->peek("p", leased).size(), std::size_t(1));
    QCOMPARE(store->peek("p", leased).at(0).id, live);

    // Nothing was written: the leases are still processing until a settling read.
    QCOMPARE(store->peek("p", {PeekStatus::Processing, 0, 10}).size(), std::size_t(3));
    QCOMPARE(store->peek("p", {PeekStatus::Pending, 0, 10}).size(), std::size_t(0));
    const QueueStats settled = store->queueStats("p").at(0);
    QCOMPARE(settled.dead, std::int64_t(2));
    QCOMPARE(settled.processing, std::int64_t(2)); // attempts left: until a dequeue reclaims it
}

void TestConformanceQueue::leasesEndingWithinAWindow()
{
    auto store = open("ending");
    for (int i = 0; i < 4; ++i)
        store->enqueue(Value(double(i)), onTopic("l"));
    store->enqueue(Value("m"), onTopic("m"));
    QCOMPARE(store->dequeue("l", 1, {10000.0}).size(), std::size_t(1));
    QCOMPARE(store->dequeue("l", 1, {20000.0}).size(), std::size_t(1));
    QCOMPARE(store->dequeue("l", 1, {5000.0}).size(), std::size_t(1));
    QCOMPARE(store->dequeue("m", 1, {10000.0}).size(), std::size_t(1));

    const std::pair<double, const char *> bad[]
        = {{-1.0, "-1"}, {1.5, "1.5"}, {std::nan(""), "NaN"}};
    for (const auto &[within, shown] : bad) {
        const QueueStatsOptions options{ExpiredLeases::Project, within};
        QVERIFY(throwsWith<RangeError>(
            [&] { store->queueStats("l", options); },
            std::string("kvs: queueStats() leasesEndingWithin must be an integer >= 0, got ")
                + shown));
    }
    if (store->backend() == Backend::AsyncCustom)
        return; // no queueStatsProjected(): expiredLeasesProjectedWithoutWriting checks the error

    const QueueStatsOptions window{ExpiredLeases::Project, 10000};
    // The window's end is included: the 10 s lease ends exactly at its end.
    std::vector<QueueStats> stats = store->queueStats(std::nullopt, window);
    QCOMPARE(stats.size(), std::size_t(2));
    QCOMPARE(stats[0].topic, std::string("l"));
    QCOMPARE(stats[0].leasesEnding, std::int64_t(2));
    QCOMPARE(stats[1].leasesEnding, std::int64_t(1));
    QCOMPARE(store->queueStats("l", window).at(0).leasesEnding, std::int64_t(2));
    QCOMPARE(store->queueStats("l", {ExpiredLeases::Project, 0}).at(0).leasesEnding,
             std::int64_t(0));
    // The reference's read counts no window.
    QCOMPARE(store->queueStats("l", {ExpiredLeases::Settle, 10000}).at(0).leasesEnding,
             std::int64_t(0));

    // 6 s later the 5 s lease has ended (due again, no longer ending), the 10 s one is still in
    // the window and the 20 s one not yet.
    store->clock().advance(6000);
    const QueueStats later = store->queueStats("l", window).at(0);
    QCOMPARE(later.leasesEnding, std::int64_t(1));
    QCOMPARE(later.processing, std::int64_t(2));
    QCOMPARE(later.pending, std::int64_t(2));
    // 4 s more: the 10 s lease ends now (expired, not ending); the 20 s one comes into the window.
    store->clock().advance(4000);
    const QueueStats last = store->queueStats("l", window).at(0);
    QCOMPARE(last.leasesEnding, std::int64_t(1));
    QCOMPARE(last.processing, std::int64_t(1));
    QCOMPARE(store->queueStats("m", window).at(0).leasesEnding, std::int64_t(0));
}
