// watch(), addQueueListener() and getAsync() on every backend: the same in-process machinery
// runs on KVStore and AsyncKVStore (whose watch callbacks arrive on its background thread, so
// these tests wait for them).
#include "conformance/store_under_test.h"
#include "core/watch/watch_recorder.h"
#include "support/gate.h"
#include "support/test_support.h"

#include <QTest>

#include <atomic>
#include <memory>

using namespace kvs;
using namespace kvs::test;

namespace {

thread_local int t_depth = 0;

double numberAt(const std::optional<Entry> &entry)
{
    return entry ? entry->value.asNumber() : -1;
}

// Whether every watch batch recorded before the call has been delivered: batches are delivered
// one at a time in the order they were recorded, and a new watcher's initial call comes after
// them. So a test that checks that a write called nobody waits for this, not for some time. The
// watcher (of a key the tests never write) is cancelled again.
bool watchersDelivered(StoreUnderTest &store)
{
    auto called = std::make_shared<std::atomic<bool>>(false);
    WatchHandle barrier = store.watch(
        {{"barrier"}}, [called](const auto &, const WatchEvent &) { called->store(true); });
    const bool delivered = QTest::qWaitFor([&] { return called->load(); }, 5000);
    barrier.cancel();
    return delivered;
}

} // namespace

class TestConformanceRuntime : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<StoreUnderTest> open(const char *name, const StoreConfig &config = {})
    {
        QFETCH(Backend, backend);
        return openStore(backend, name, config);
    }

private slots:
    void watchDeliversBatches_data() { addBackendRows(); }
    void watchDeliversBatches();
    void watchTombstones_data() { addBackendRows(); }
    void watchTombstones();
    void maintenanceCleansWithTombstones_data() { addBackendRows(); }
    void maintenanceCleansWithTombstones();
    void listenerAcksAndNacks_data() { addBackendRows(); }
    void listenerAcksAndNacks();
    void listenerChainKeepsAFlatStack_data() { addBackendRows(); }
    void listenerChainKeepsAFlatStack();
    void getAsyncComputesOnce_data() { addBackendRows(); }
    void getAsyncComputesOnce();
    void nothingFiresAfterClose_data() { addBackendRows(); }
    void nothingFiresAfterClose();
};

void TestConformanceRuntime::watchDeliversBatches()
{
    auto store = open("watch");
    store->set({"b"}, Value(1));
    WatchRecorder recorder;
    store->watch({{"a"}, {"b"}}, recorder.callback());
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(1), 5000);
    QVERIFY(recorder.last().event.initial);
    QCOMPARE(numberAt(recorder.last().entries[1]), 1.0);
    const CommitResult written = store->set({"a"}, Value(5));
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(2), 5000);
    QCOMPARE(numberAt(recorder.last().entries[0]), 5.0);
    QCOMPARE(recorder.last().entries[0]->version, written.version);
    QCOMPARE(numberAt(recorder.last().entries[1]), 1.0); // unchanged, read once
    // One atomic commit is one batch, with every key at its final state.
    Mutation setA{Mutation::Type::Set, {"a"}, Value(6), 0, {}, {}};
    Mutation setB{Mutation::Type::Set, {"b"}, Value(7), 0, {}, {}};
    Mutation sumA{Mutation::Type::Sum, {"a"}, {}, 10, {}, {}};
    QVERIFY(store->commit({}, {setA, setB, sumA}).ok);
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(3), 5000);
    QCOMPARE(numberAt(recorder.last().entries[0]), 16.0);
    QCOMPARE(numberAt(recorder.last().entries[1]), 7.0);
    QCOMPARE(recorder.last().event.changedKeys.size(), std::size_t(2));
    store->set({"unwatched"}, Value(1));
    store->increment({"a"});
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(4), 5000);
    QCOMPARE(numberAt(recorder.last().entries[0]), 17.0);
    QVERIFY(watchersDelivered(*store));
    QCOMPARE(recorder.count(), std::size_t(4)); // the unwatched write called nobody
    // Sequences increase, the unwatched batch counted too.
    const auto calls = recorder.calls();
    QCOMPARE(calls[3].event.sequence, calls[2].event.sequence + 2);
}

void TestConformanceRuntime::watchTombstones()
{
    auto store = open("tombstones");
    store->set({"d"}, Value(1));
    store->set({"t"}, Value(1), SetOptions{0});
    WatchRecorder recorder;
    WatchHandle handle = store->watch({{"d"}, {"t"}}, recorder.callback());
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(1), 5000);
    store->remove({"d"});
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(2), 5000);
    QVERIFY(!recorder.last().entries[0].has_value());
    QCOMPARE(store->cleanExpired(), std::int64_t(1));
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(3), 5000);
    QCOMPARE(recorder.last().event.changedKeys.size(), std::size_t(1));
    store->set({"d"}, Value(2));
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(4), 5000);
    store->reset();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(5), 5000);
    QVERIFY(recorder.last().event.reset);
    QVERIFY(!recorder.last().entries[0].has_value());
    handle.cancel();
    store->set({"d"}, Value(3));
    QVERIFY(watchersDelivered(*store));
    QCOMPARE(recorder.count(), std::size_t(5));
    QCOMPARE(store->watchDiagnostics().activeWatchers, std::int64_t(0));
}

void TestConformanceRuntime::maintenanceCleansWithTombstones()
{
    // The maintenance timer (60 s in the reference; 50 ms here, on the store's clock) deletes
    // expired rows, tells watchers with null tombstones, and dead-letters leases that expired on
    // their last attempt.
    StoreConfig config;
    config.maintenanceInterval = std::chrono::milliseconds(50);
    auto store = open("maintenance", config);
    WatchRecorder recorder;
    store->watch({{"t"}}, recorder.callback());
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(1), 5000);
    store->set({"t"}, Value(1), SetOptions{30});
    store->enqueue(Value("job"), QueueOptions{"m", 0, 1});
    QCOMPARE(store->dequeue("m", 1, {30.0}).size(), std::size_t(1));
    store->clock().advance(50);
    QTRY_COMPARE_WITH_TIMEOUT(recorder.count(), std::size_t(3), 5000);
    QVERIFY(!recorder.last().entries[0].has_value());
    QTRY_COMPARE_WITH_TIMEOUT(store->queueStats("m").at(0).dead, std::int64_t(1), 5000);
    QCOMPARE(store->watchDiagnostics().dispatchErrors, std::int64_t(0));
}

void TestConformanceRuntime::listenerAcksAndNacks()
{
    auto store = open("listener");
    std::atomic<int> handled{0};
    store->addQueueListener("ok", [&](const QueueMessage &) { handled.fetch_add(1); });
    store->addQueueListener("fail",
                            [](const QueueMessage &) { throw std::runtime_error("bad input"); });
    for (int i = 0; i < 3; ++i)
        store->enqueue(Value(i), QueueOptions{"ok", 0, 3});
    store->enqueue(Value("x"), QueueOptions{"fail", 0, 1});
    QTRY_COMPARE_WITH_TIMEOUT(store->queueDiagnostics().acked, std::int64_t(3), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(store->queueDiagnostics().nacked, std::int64_t(1), 5000);
    QCOMPARE(handled.load(), 3);
    QCOMPARE(store->listDead("fail").at(0).lastError.value_or(""), std::string("bad input"));
    const QueueDiagnostics d = store->queueDiagnostics();
    QCOMPARE(d.listeners, std::int64_t(2));
    QCOMPARE(d.delivered, std::int64_t(4));
    QCOMPARE(d.handlerErrors, std::int64_t(1));
    QCOMPARE(d.dispatchErrors + d.leaseLost, std::int64_t(0));
}

void TestConformanceRuntime::listenerChainKeepsAFlatStack()
{
    auto store = open("chain");
    constexpr int kChain = 500;
    std::atomic<int> handled{0};
    std::atomic<int> maxDepth{0};
    StoreUnderTest *raw = store.get();
    store->addQueueListener("c", [&, raw](const QueueMessage &message) {
        const int depth = ++t_depth;
        if (depth > maxDepth.load())
            maxDepth.store(depth);
        const int n = static_cast<int>(message.payload.asNumber());
        if (n < kChain)
            raw->enqueue(Value(n + 1), QueueOptions{"c", 0, 3});
        handled.fetch_add(1);
        --t_depth;
    });
    store->enqueue(Value(0), QueueOptions{"c", 0, 3});
    QTRY_COMPARE_WITH_TIMEOUT(handled.load(), kChain + 1, 60000);
    QCOMPARE(maxDepth.load(), 1);
}

void TestConformanceRuntime::getAsyncComputesOnce()
{
    auto store = open("getasync");
    std::atomic<int> runs{0};
    std::vector<QFuture<Value>> futures;
    Gate gate; // the compute waits until every caller has asked: all 50 find the key missing
    for (int i = 0; i < 50; ++i) {
        futures.push_back(store->getAsync(
            {"cache", 1},
            [&] {
                runs.fetch_add(1);
                gate.wait();
                return Value("computed");
            },
            60000));
    }
    gate.open();
    for (auto &future : futures)
        QCOMPARE(future.result().asString(), std::string("computed"));
    QCOMPARE(runs.load(), 1);
    QVERIFY(store->get({"cache", 1})->expiresAt.has_value());
    QCOMPARE(store->getAsync({"cache", 1}, [] { return Value("again"); }).result().asString(),
             std::string("computed")); // a hit now
}

void TestConformanceRuntime::nothingFiresAfterClose()
{
    auto store = open("close");
    std::atomic<bool> closed{false};
    std::atomic<int> late{0};
    store->watch({{"k"}}, [&](const auto &, const WatchEvent &) {
        if (closed.load())
            late.fetch_add(1);
    });
    std::atomic<int> handled{0};
    store->addQueueListener("q", [&](const QueueMessage &) {
        if (closed.load())
            late.fetch_add(1);
        handled.fetch_add(1);
    });
    store->set({"k"}, Value(1));
    store->enqueue(Value(1), QueueOptions{"q", 0, 3});
    QTRY_COMPARE_WITH_TIMEOUT(handled.load(), 1, 5000);
    store->enqueue(Value(2), QueueOptions{"q", 500, 3}); // due after the close
    store->close();
    closed.store(true);
    // Past the due time and a poll: close() ended the store's timers, so the move fires nothing.
    store->clock().advance(1600);
    QCOMPARE(late.load(), 0);
    QCOMPARE(store->queueDiagnostics().listeners, std::int64_t(0));
}

KVS_CONFORMANCE_MAIN(TestConformanceRuntime)
#include "tst_conformance_runtime.moc"
