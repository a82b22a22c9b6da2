// The store's clock (kvs/clock.h) on every backend: with a ManualClock, expiry, the reclaim
// interval and the store's timers (maintenance, the 1 s queue poll, lease renewal) follow the
// clock, not real time. Where a check is about when something ran, the evidence is a time the
// store wrote (a dead letter's failedAt, a lease's end), so no test depends on how fast a thread
// is. A timer's next time counts from the end of its run, so after a run a test waits for the
// store's thread (backgroundThreadDrained) before it moves the clock again.
#include "conformance/store_under_test.h"
#include "core/watch/watch_recorder.h"
#include "support/drain.h"
#include "support/gate.h"

#include <kvs/key.h>

#include <QTest>

#include <atomic>
#include <mutex>

using namespace kvs;
using namespace kvs::test;

namespace {

QueueOptions onTopic(const std::string &topic, double delay = 0)
{
    QueueOptions options;
    options.topic = topic;
    options.delay = delay;
    return options;
}

} // namespace

class TestConformanceClock : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<StoreUnderTest> open(const char *name, const StoreConfig &config = {})
    {
        QFETCH(Backend, backend);
        return openStore(backend, name, config);
    }

private slots:
    void expiryIsSeenAtTheClocksTime_data() { addBackendRows(); }
    void expiryIsSeenAtTheClocksTime();
    void reclaimIntervalIsMeasuredOnTheClock_data() { addBackendRows(); }
    void reclaimIntervalIsMeasuredOnTheClock();
    void maintenanceRunsWhenTheClockPassesItsInterval_data() { addBackendRows(); }
    void maintenanceRunsWhenTheClockPassesItsInterval();
    void pollPicksUpADelayedMessageAfterItsDueTime_data() { addBackendRows(); }
    void pollPicksUpADelayedMessageAfterItsDueTime();
    void leaseRenewalKeepsALongHandlersMessage_data() { addBackendRows(); }
    void leaseRenewalKeepsALongHandlersMessage();
};

void TestConformanceClock::expiryIsSeenAtTheClocksTime()
{
    // Live while expiresAt > now (reference: expires_at IS NULL OR expires_at > now).
    auto store = open("expiry");
    const std::int64_t start = store->clock().now();
    store->set({"k"}, Value(1), SetOptions{1000});
    QCOMPARE(store->get({"k"})->expiresAt.value(), start + 1000);
    store->clock().advance(999);
    QVERIFY(store->get({"k"}).has_value());
    QVERIFY(store->getMany({{"k"}}).at(0).has_value());
    QCOMPARE(store->list({Key{}, {}, {}}).entries.size(), std::size_t(1));
    QVERIFY(!store->inspect(encodeKey({"k"}))->expired);
    store->clock().advance(1); // now == expiresAt
    QVERIFY(!store->get({"k"}).has_value());
    QVERIFY(!store->getMany({{"k"}}).at(0).has_value());
    QVERIFY(store->list({Key{}, {}, {}}).entries.empty());
    QVERIFY(store->inspect(encodeKey({"k"}))->expired); // still stored: nothing cleaned it
    // set() moves the clock to a time as well.
    store->set({"j"}, Value(2), SetOptions{500});
    store->clock().set(start + 1499);
    QVERIFY(store->get({"j"}).has_value());
    store->clock().set(start + 1500);
    QVERIFY(!store->get({"j"}).has_value());
    QCOMPARE(store->cleanExpired(), std::int64_t(2));
}

void TestConformanceClock::reclaimIntervalIsMeasuredOnTheClock()
{
    // dequeue() reclaims expired leases at most once a second per store (RECLAIM_INTERVAL).
    auto store = open("reclaim");
    store->enqueue(Value("job"));
    const QueueMessage first = store->dequeue("default", 1, {10.0}).at(0); // this one reclaimed
    store->clock().advance(999);
    QVERIFY(store->dequeue().empty()); // the lease expired, but the interval has not passed
    store->clock().advance(1);
    const auto again = store->dequeue();
    QCOMPARE(again.size(), std::size_t(1));
    QCOMPARE(again[0].id, first.id);
    QCOMPARE(again[0].attempts, std::int64_t(2));
}

void TestConformanceClock::maintenanceRunsWhenTheClockPassesItsInterval()
{
    // One maintenance run is cleanExpired() (with tombstones) then cleanQueue() (which
    // dead-letters a lease that expired on its last attempt, finished_at = the run's time).
    StoreConfig config;
    config.maintenanceInterval = std::chrono::milliseconds(5000);
    auto store = open("maintenance", config);
    const std::int64_t start = store->clock().now();
    WatchRecorder recorder;
    store->watch({{"t"}}, recorder.callback());
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(1), 5000);
    store->set({"t"}, Value(1), SetOptions{10});
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(2), 5000);
    store->enqueue(Value("job"), QueueOptions{"m", 0, 1});
    QCOMPARE(store->dequeue("m", 1, {10.0}).size(), std::size_t(1));
    store->clock().advance(4999); // both expired; the timer is not due yet
    store->clock().advance(1);    // now it is
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(3), 5000);
    QVERIFY(!recorder.last().entries[0].has_value()); // the tombstone
    QVERIFY(!store->inspect(encodeKey({"t"})).has_value());
    // peek() leases and expires nothing: the lease leaves "processing" by the run alone.
    QTRY_VERIFY_WITH_TIMEOUT(store->peek("m", {PeekStatus::Processing, 0, 10}).empty(), 5000);
    const auto dead = store->listDead("m");
    QCOMPARE(dead.size(), std::size_t(1));
    QCOMPARE(dead[0].lastError.value_or(""), std::string("lease expired"));
    QCOMPARE(dead[0].failedAt, start + 5000); // the run at the interval, none before it
    QCOMPARE(store->watchDiagnostics().dispatchErrors, std::int64_t(0));
}

void TestConformanceClock::pollPicksUpADelayedMessageAfterItsDueTime()
{
    // A delayed enqueue wakes no listener: only the poll, every second of the clock, finds it.
    auto store = open("poll");
    const std::int64_t start = store->clock().now();
    std::mutex mutex;
    std::vector<QueueMessage> seen;
    store->addQueueListener("d", [&](const QueueMessage &message) {
        std::lock_guard lock(mutex);
        seen.push_back(message);
    });
    // A second listener whose message is due at the first poll: when its handler has run, that
    // poll's dequeues have run, the first listener's included (one thread, in order).
    std::atomic<int> ticks{0};
    store->addQueueListener("tick", [&](const QueueMessage &) { ticks.fetch_add(1); });
    store->enqueue(Value("later"), onTopic("d", 1500));
    store->enqueue(Value("tick"), onTopic("tick", 500));
    store->clock().advance(1000); // the first poll: "tick" is due, "later" not yet
    QTRY_COMPARE_WITH_TIMEOUT(ticks.load(), 1, 5000);
    QCOMPARE(store->queueDiagnostics().delivered, std::int64_t(1));
    store->clock().advance(1000); // the next poll, past "later"'s due time
    QTRY_COMPARE_WITH_TIMEOUT(store->queueDiagnostics().acked, std::int64_t(2), 5000);
    std::lock_guard lock(mutex);
    QCOMPARE(seen.size(), std::size_t(1));
    QCOMPARE(seen[0].payload.asString(), std::string("later"));
    QCOMPARE(seen[0].deliverAt, start + 1500);
    // Leased by the poll at start + 2000 (a lease ends visibilityTimeout after its dequeue).
    QCOMPARE(seen[0].lockedUntil, start + 2000 + 30000);
}

void TestConformanceClock::leaseRenewalKeepsALongHandlersMessage()
{
    // A running handler's lease is renewed every visibilityTimeout / 2 of the clock, to
    // visibilityTimeout past the renewal.
    auto store = open("renewal");
    Gate gate;
    QueueListenerOptions options;
    options.visibilityTimeout = 100;
    store->addQueueListener(
        "slow", [&](const QueueMessage &) { gate.wait(); }, options);
    const std::int64_t id = store->enqueue(Value("x"), onTopic("slow")).id;
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 1, 5000);
    QVERIFY(backgroundThreadDrained(*store)); // the renewal timer is set (after the handler starts)
    const auto leaseEnd = [&]() -> std::int64_t {
        const auto leased = store->peek("slow", {PeekStatus::Processing, 0, 10});
        return leased.size() == 1 && leased[0].id == id ? leased[0].lockedUntil.value_or(0) : 0;
    };
    QCOMPARE(leaseEnd(), store->clock().now() + 100);
    for (int step = 0; step < 20; ++step) { // ten lease lengths
        store->clock().advance(50);
        const std::int64_t renewedTo = store->clock().now() + 100;
        (void)QTest::qWaitFor([&] { return leaseEnd() == renewedTo; }, 5000); // finer than QTRY
        QCOMPARE(leaseEnd(), renewedTo);
        QVERIFY(backgroundThreadDrained(*store)); // and its timer is set again
    }
    QVERIFY(store->dequeue("slow").empty()); // still leased: nothing to reclaim
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(store->queueDiagnostics().acked, std::int64_t(1), 5000);
    QCOMPARE(store->queueDiagnostics().leaseLost, std::int64_t(0));
}

KVS_CONFORMANCE_MAIN(TestConformanceClock)
#include "tst_conformance_clock.moc"
