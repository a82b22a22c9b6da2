// KVStore::addQueueListener(): dispatch off the caller's stack, auto-ack and nack, concurrency,
// lease renewal, cancel(), wake-ups (enqueue, atomic enqueue, retryDead, the 1 s poll), the
// diagnostics and the errors (reference "addQueueListener", "Queue dispatch internals").
#include "queue_test_support.h"
#include "support/drain.h"
#include "support/gate.h"
#include "support/test_support.h"

#include <kvs/clock.h>
#include <kvs/kvstore.h>

#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>
#include <mutex>
#include <set>

using namespace kvs;
using kvs::test::backgroundThreadDrained;
using kvs::test::Gate;
using kvs::test::onClock;
using kvs::test::onTopic;
using kvs::test::throwsWith;

namespace {

QueueListenerOptions listenerOptions(double concurrency, bool autoAck = true)
{
    QueueListenerOptions options;
    options.concurrency = concurrency;
    options.autoAck = autoAck;
    return options;
}

thread_local int t_depth = 0;

} // namespace

class TestKVStoreListener : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;

private slots:
    void handlerRunsOffTheCallersThreadAndAcks();
    void throwingHandlerIsNacked();
    void concurrencyBoundsRunningHandlers();
    void selfEnqueueKeepsAFlatStack();
    void leaseIsRenewedWhileTheHandlerRuns();
    void cancelWaitsForRunningHandlers();
    void withoutAutoAckTheHandlerOwnsTheMessage();
    void secondAckCountsLeaseLost();
    void wakeUps();
    void pollPicksUpDelayedMessages();
    void listenerValidation();
    void closeCancelsWithoutWaiting();
};

void TestKVStoreListener::handlerRunsOffTheCallersThreadAndAcks()
{
    KVStore store(m_files.path("ack.db"));
    std::mutex mutex;
    std::vector<std::string> seen;
    std::set<Qt::HANDLE> threads;
    store.addQueueListener("emails", [&](const QueueMessage &message) {
        std::lock_guard lock(mutex);
        seen.push_back(message.payload.asString());
        threads.insert(QThread::currentThreadId());
        QCOMPARE(message.attempts, std::int64_t(1));
        QVERIFY(!message.token.empty());
    });
    for (const char *payload : {"a", "b", "c"})
        store.enqueue(Value(payload), onTopic("emails"));
    QTRY_COMPARE_WITH_TIMEOUT(store.getQueueDiagnostics().acked, std::int64_t(3), 5000);
    {
        std::lock_guard lock(mutex);
        QCOMPARE(seen, std::vector<std::string>({"a", "b", "c"})); // FIFO with concurrency 1
        QVERIFY(!threads.count(QThread::currentThreadId()));
    }
    const QueueStats stats = store.queueStats("emails").front();
    QCOMPARE(stats.pending + stats.processing + stats.dead, std::int64_t(0));
    const QueueDiagnostics d = store.getQueueDiagnostics();
    QCOMPARE(d.listeners, std::int64_t(1));
    QCOMPARE(d.delivered, std::int64_t(3));
    QCOMPARE(d.nacked + d.handlerErrors + d.leaseLost + d.dispatchErrors, std::int64_t(0));
}

void TestKVStoreListener::throwingHandlerIsNacked()
{
    KVStore store(m_files.path("nack.db"));
    store.addQueueListener("jobs",
                           [](const QueueMessage &) { throw std::runtime_error("smtp timeout"); });
    const std::int64_t id = store.enqueue(Value("x"), onTopic("jobs", 1)).id;
    QTRY_COMPARE_WITH_TIMEOUT(store.getQueueDiagnostics().nacked, std::int64_t(1), 5000);
    // maxAttempts 1: the failed attempt was the last, so the message is dead with the error.
    const auto dead = store.listDead("jobs");
    QCOMPARE(dead.size(), std::size_t(1));
    QCOMPARE(dead[0].id, id);
    QCOMPARE(dead[0].lastError.value_or(""), std::string("smtp timeout"));
    QCOMPARE(store.getQueueDiagnostics().handlerErrors, std::int64_t(1));
}

void TestKVStoreListener::concurrencyBoundsRunningHandlers()
{
    KVStore store(m_files.path("concurrency.db"), onClock(std::make_shared<ManualClock>()));
    Gate gate;
    std::atomic<int> running{0};
    std::atomic<int> peak{0};
    store.addQueueListener(
        "work",
        [&](const QueueMessage &) {
            const int now = running.fetch_add(1) + 1;
            int seen = peak.load();
            while (now > seen && !peak.compare_exchange_weak(seen, now)) {
            }
            gate.wait();
            running.fetch_sub(1);
        },
        listenerOptions(4));
    for (int i = 0; i < 10; ++i)
        store.enqueue(Value(i), onTopic("work"));
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 4, 5000);
    QVERIFY(backgroundThreadDrained(store));
    QCOMPARE(gate.waiting(), 4); // the other six wait for a free slot
    QCOMPARE(store.getQueueDiagnostics().inFlight, std::int64_t(4));
    QCOMPARE(store.queueStats("work").front().processing, std::int64_t(4));
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(store.getQueueDiagnostics().acked, std::int64_t(10), 5000);
    QCOMPARE(peak.load(), 4);
}

void TestKVStoreListener::selfEnqueueKeepsAFlatStack()
{
    // A handler that enqueues its follow-up to its own topic: 5,000 chained messages. The
    // handler never runs on enqueue()'s stack, so no call is nested in another and the stack
    // does not grow.
    KVStore store(m_files.path("chain.db"));
    constexpr int kChain = 5000;
    std::atomic<int> handled{0};
    std::atomic<int> maxDepth{0};
    std::atomic<std::ptrdiff_t> maxGrowth{0};
    thread_local const char *base = nullptr;
    store.addQueueListener("chain", [&](const QueueMessage &message) {
        const char marker = 0;
        if (!base)
            base = &marker;
        const std::ptrdiff_t growth = base - &marker;
        if (growth > maxGrowth.load())
            maxGrowth.store(growth);
        const int depth = ++t_depth;
        if (depth > maxDepth.load())
            maxDepth.store(depth);
        const int n = static_cast<int>(message.payload.asNumber());
        if (n < kChain)
            store.enqueue(Value(n + 1), onTopic("chain"));
        handled.fetch_add(1);
        --t_depth;
    });
    store.enqueue(Value(0), onTopic("chain"));
    QTRY_COMPARE_WITH_TIMEOUT(handled.load(), kChain + 1, 60000);
    QCOMPARE(maxDepth.load(), 1);
    QVERIFY2(maxGrowth.load() < 4096, qPrintable(QString::number(maxGrowth.load())));
}

void TestKVStoreListener::leaseIsRenewedWhileTheHandlerRuns()
{
    const auto clock = std::make_shared<ManualClock>();
    KVStore store(m_files.path("renew.db"), onClock(clock));
    QueueListenerOptions options;
    options.visibilityTimeout = 100;
    Gate gate;
    store.addQueueListener(
        "slow", [&](const QueueMessage &) { gate.wait(); }, options);
    store.enqueue(Value("x"), onTopic("slow"));
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 1, 5000);
    QVERIFY(backgroundThreadDrained(store)); // the renewal timer is set (after the handler starts)
    // Renewed every 50 ms of the clock to 100 ms past the renewal. The clock moves one renewal
    // at a time; the next move waits for that renewal, and for its timer to be set again.
    const auto leaseEnd = [&]() -> std::int64_t {
        const auto leased = store.peek("slow", PeekOptions{PeekStatus::Processing, 0, 10});
        return leased.size() == 1 ? leased[0].lockedUntil.value_or(0) : 0;
    };
    const auto renewFor = [&](std::int64_t ms) {
        for (std::int64_t moved = 0; moved < ms; moved += 50) {
            clock->advance(50);
            if (!QTest::qWaitFor([&] { return leaseEnd() == clock->now() + 100; }, 5000)
                || !backgroundThreadDrained(store))
                return false;
        }
        return true;
    };
    // Three lease lengths later the lease is still live: renewed every 50 ms.
    QVERIFY(renewFor(350));
    const auto peeked = store.peek("slow", PeekOptions{PeekStatus::Processing, 0, 10});
    QCOMPARE(peeked.size(), std::size_t(1));
    QVERIFY(*peeked[0].lockedUntil > clock->now());
    KVStore other(store.path(), onClock(clock)); // another process, on the same time
    QVERIFY(renewFor(1100));                     // let the other store's reclaim interval pass, too
    QVERIFY(other.dequeue("slow").empty());
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(store.getQueueDiagnostics().acked, std::int64_t(1), 5000);
    QCOMPARE(store.getQueueDiagnostics().leaseLost, std::int64_t(0));
}

void TestKVStoreListener::cancelWaitsForRunningHandlers()
{
    KVStore store(m_files.path("cancel.db"), onClock(std::make_shared<ManualClock>()));
    Gate gate;
    std::atomic<int> started{0};
    QueueListenerHandle listener = store.addQueueListener("t", [&](const QueueMessage &) {
        started.fetch_add(1);
        gate.wait();
    });
    store.enqueue(Value(1), onTopic("t"));
    store.enqueue(Value(2), onTopic("t"));
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 1, 5000);
    QFuture<void> cancelled = listener.cancel();
    QVERIFY(!listener.isActive());
    QVERIFY(!cancelled.isFinished()); // the running handler has not returned yet (the gate)
    gate.open();
    QTRY_VERIFY_WITH_TIMEOUT(cancelled.isFinished(), 5000);
    QCOMPARE(store.getQueueDiagnostics().acked, std::int64_t(1)); // its ack was done first
    QVERIFY(backgroundThreadDrained(store));
    QCOMPARE(started.load(), 1); // the second message was not started
    QCOMPARE(store.queueStats("t").front().pending, std::int64_t(1));
    QCOMPARE(store.getQueueDiagnostics().listeners, std::int64_t(0));
    QVERIFY(listener.cancel().isFinished()); // again: nothing runs
}

void TestKVStoreListener::withoutAutoAckTheHandlerOwnsTheMessage()
{
    KVStore store(m_files.path("manual.db"));
    std::mutex mutex;
    std::vector<QueueMessage> held;
    store.addQueueListener(
        "m",
        [&](const QueueMessage &message) {
            std::lock_guard lock(mutex);
            held.push_back(message);
        },
        listenerOptions(1, false));
    store.enqueue(Value("x"), onTopic("m"));
    QTRY_COMPARE_WITH_TIMEOUT(store.getQueueDiagnostics().delivered, std::int64_t(1), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(store.getQueueDiagnostics().inFlight, std::int64_t(0), 5000);
    // Nothing acknowledged it: still leased, and the handler's token is the lease.
    QCOMPARE(store.queueStats("m").front().processing, std::int64_t(1));
    QueueMessage message;
    {
        std::lock_guard lock(mutex);
        message = held.front();
    }
    QVERIFY(store.acknowledge(static_cast<double>(message.id), message.token));
    QCOMPARE(store.getQueueDiagnostics().acked, std::int64_t(0));
}

void TestKVStoreListener::secondAckCountsLeaseLost()
{
    // Gotcha 4: acknowledging from an autoAck handler makes the auto-ack return false.
    KVStore store(m_files.path("lost.db"));
    store.addQueueListener("g", [&](const QueueMessage &message) {
        QVERIFY(store.acknowledge(static_cast<double>(message.id), message.token));
    });
    store.enqueue(Value("x"), onTopic("g"));
    QTRY_COMPARE_WITH_TIMEOUT(store.getQueueDiagnostics().leaseLost, std::int64_t(1), 5000);
    QCOMPARE(store.getQueueDiagnostics().acked, std::int64_t(0));
}

void TestKVStoreListener::wakeUps()
{
    // The store's clock stands still, so the 1 s poll never runs: every delivery is a wake-up's.
    KVStore store(m_files.path("wake.db"), onClock(std::make_shared<ManualClock>()));
    std::atomic<int> handled{0};
    std::atomic<bool> fail{false};
    store.addQueueListener("w", [&](const QueueMessage &) {
        handled.fetch_add(1);
        if (fail.load())
            throw std::runtime_error("no");
    });
    QVERIFY(backgroundThreadDrained(store)); // the listener's own start has found nothing
    store.atomic().set({"k"}, Value(1)).enqueue(Value("a"), onTopic("w")).commit();
    QTRY_COMPARE_WITH_TIMEOUT(handled.load(), 1, 5000);
    fail.store(true);
    store.enqueue(Value("b"), onTopic("w", 1));
    QTRY_COMPARE_WITH_TIMEOUT(store.listDead("w").size(), std::size_t(1), 5000);
    fail.store(false);
    QCOMPARE(store.retryDead("w"), std::int64_t(1));
    QTRY_COMPARE_WITH_TIMEOUT(handled.load(), 3, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(store.getQueueDiagnostics().acked, std::int64_t(2), 5000);
}

void TestKVStoreListener::pollPicksUpDelayedMessages()
{
    const auto clock = std::make_shared<ManualClock>();
    KVStore store(m_files.path("poll.db"), onClock(clock));
    std::atomic<int> handled{0};
    store.addQueueListener("d", [&](const QueueMessage &) { handled.fetch_add(1); });
    QVERIFY(backgroundThreadDrained(store)); // the listener's own start has found nothing
    store.enqueue(Value("later"), onTopic("d", 3, 200));
    // And one from another process's point of view: a second store on the file (its enqueue
    // cannot wake this store's listener; only the poll sees it).
    KVStore other(store.path(), onClock(clock));
    other.enqueue(Value("elsewhere"), onTopic("d"));
    QVERIFY(backgroundThreadDrained(store));
    QCOMPARE(handled.load(), 0);
    clock->advance(1000); // the poll, past "later"'s due time
    QTRY_COMPARE_WITH_TIMEOUT(handled.load(), 2, 5000);
}

void TestKVStoreListener::listenerValidation()
{
    KVStore store(m_files.path("validate.db"));
    const auto noop = [](const QueueMessage &) {
    };
    for (double bad : {0.0, 1001.0, 2.5, -1.0}) {
        QVERIFY(throwsWith<RangeError>(
            [&] { store.addQueueListener("v", noop, listenerOptions(bad)); },
            "kvs: addQueueListener() concurrency must be an integer from 1 to 1000, got "
                + std::string(bad == 2.5 ? "2.5"
                              : bad == 0 ? "0"
                              : bad < 0  ? "-1"
                                         : "1001")));
    }
    QueueListenerOptions options;
    options.visibilityTimeout = 0;
    QVERIFY(throwsWith<RangeError>(
        [&] { store.addQueueListener("v", noop, options); },
        "kvs: addQueueListener() visibilityTimeout must be a finite number > 0, got 0"));
    QCOMPARE(store.getQueueDiagnostics().listeners, std::int64_t(0));

    KVStoreOptions readOnly;
    readOnly.readOnly = true;
    KVStore viewer(store.path(), readOnly);
    QVERIFY(throwsWith<ReadOnlyError>(
        [&] { viewer.addQueueListener("v", noop); },
        "kvs: the store is open read-only; addQueueListener() needs write access"));
    store.close();
    QVERIFY(throwsWith<ClosedError>([&] { store.addQueueListener("v", noop); },
                                    "kvs: the store is closed"));
}

void TestKVStoreListener::closeCancelsWithoutWaiting()
{
    KVStore store(m_files.path("close.db"));
    Gate gate;
    std::atomic<int> started{0};
    store.addQueueListener("c", [&](const QueueMessage &) {
        started.fetch_add(1);
        gate.wait();
    });
    store.enqueue(Value(1), onTopic("c"));
    store.enqueue(Value(2), onTopic("c"));
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 1, 5000);
    store.close(); // returns with the handler still inside
    QCOMPARE(gate.waiting(), 1);
    gate.open();
    // Its auto-ack meets a closed store: a dispatch error, and no second handler starts.
    QTRY_COMPARE_WITH_TIMEOUT(store.getQueueDiagnostics().dispatchErrors, std::int64_t(1), 5000);
    // close() ended the store's background thread, which runs every dequeue: nothing can start
    // a second handler, so there is nothing to wait for.
    QCOMPARE(started.load(), 1);
    QCOMPARE(store.getQueueDiagnostics().listeners, std::int64_t(0));
}

QTEST_GUILESS_MAIN(TestKVStoreListener)
#include "tst_kvstore_listener.moc"
