// Singleflight on its own, and KVStore::getAsync() with its in-process singleflight (reference
// "getAsync", "Singleflight", gotcha 5).
#include "support/gate.h"
#include "support/test_support.h"

#include <kvs/future.h>
#include <kvs/kvstore.h>
#include <kvs/singleflight.h>

#include <QPromise>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

using namespace kvs;
using kvs::test::Gate;
using kvs::test::throwsWith;

namespace {

// Runs fn on a thread of its own once gate opens, like a fetch that takes as long as the test
// wants: every caller has joined the flight before it settles.
template <typename T>
QFuture<T> later(std::function<T()> fn, Gate &gate)
{
    auto promise = std::make_shared<QPromise<T>>();
    promise->start();
    std::thread([promise, fn, &gate] {
        gate.wait();
        try {
            promise->addResult(fn());
        } catch (...) {
            promise->setException(std::current_exception());
        }
        kvs::finish(*promise);
    }).detach();
    return promise->future();
}

template <typename E, typename T>
bool failsWith(QFuture<T> future, const std::string &message)
{
    return throwsWith<E>([&] { future.waitForFinished(); }, message);
}

} // namespace

class TestSingleflight : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;

private slots:
    void concurrentCallersShareOneRun();
    void everyCallerMayAttachAContinuation();
    void keyIsFreeAfterItSettles();
    void failureReachesEveryCaller();
    void clearStartsNewFlights();
    void getAsyncHitDoesNotCompute();
    void getAsyncMissComputesOnceAndStores();
    void getAsyncComputeFailureStoresNothing();
    void getAsyncErrors();
    void getAsyncResultArrivesOnTheCallersEventLoop();
};

void TestSingleflight::concurrentCallersShareOneRun()
{
    Singleflight<int> flights;
    std::atomic<int> runs{0};
    std::vector<QFuture<int>> futures;
    Gate gate;
    for (int i = 0; i < 100; ++i) {
        futures.push_back(flights.run(
            "user:42", [&] { return later<int>([&] { return runs.fetch_add(1) + 42; }, gate); }));
    }
    QCOMPARE(flights.size(), std::size_t(1));
    gate.open();
    for (auto &future : futures)
        QCOMPARE(future.result(), 42);
    QCOMPARE(runs.load(), 1);
    QTRY_COMPARE(flights.size(), std::size_t(0));
}

void TestSingleflight::everyCallerMayAttachAContinuation()
{
    // A QFuture takes one continuation: callers of one flight must not share a future, or all
    // but the last continuation would be dropped (and their futures cancelled).
    Singleflight<int> flights;
    std::atomic<int> continued{0};
    std::vector<QFuture<int>> chained;
    Gate gate;
    for (int i = 0; i < 10; ++i) {
        chained.push_back(kvs::then(
            flights.run("k", [&] { return later<int>([] { return 1; }, gate); }), [&](int value) {
                continued.fetch_add(1);
                return value + 1;
            }));
    }
    gate.open();
    for (auto &future : chained)
        QCOMPARE(future.result(), 2);
    QCOMPARE(continued.load(), 10);
}

void TestSingleflight::keyIsFreeAfterItSettles()
{
    Singleflight<int> flights;
    int runs = 0;
    const auto ready = [&] {
        ++runs;
        QPromise<int> promise;
        promise.start();
        promise.addResult(runs);
        promise.finish();
        return promise.future();
    };
    QCOMPARE(flights.run("k", ready).result(), 1); // settled at once, key freed at once
    QCOMPARE(flights.run("k", ready).result(), 2);
    QCOMPARE(flights.size(), std::size_t(0));
}

void TestSingleflight::failureReachesEveryCaller()
{
    Singleflight<int> flights;
    Gate gate;
    const auto failing = [&] {
        return later<int>([]() -> int { throw RangeError("kvs: fetch failed"); }, gate);
    };
    QFuture<int> first = flights.run("k", failing);
    QFuture<int> second = flights.run("k", failing);
    gate.open();
    QVERIFY(failsWith<RangeError>(first, "kvs: fetch failed"));
    QVERIFY(failsWith<RangeError>(second, "kvs: fetch failed"));
    // A fn that throws instead of returning a future fails its flight the same way.
    QFuture<int> thrown = flights.run("t", []() -> QFuture<int> { throw TypeError("kvs: no"); });
    QVERIFY(failsWith<TypeError>(thrown, "kvs: no"));
    QTRY_COMPARE(flights.size(), std::size_t(0));
}

void TestSingleflight::clearStartsNewFlights()
{
    Singleflight<int> flights;
    std::atomic<int> runs{0};
    Gate gate; // the first flight is still under way when clear() forgets it
    const auto slow = [&] {
        return later<int>([&] { return runs.fetch_add(1); }, gate);
    };
    QFuture<int> first = flights.run("k", slow);
    flights.clear();
    QCOMPARE(flights.size(), std::size_t(0));
    QFuture<int> second = flights.run("k", slow);
    gate.open();
    first.waitForFinished(); // the forgotten flight still settles its callers
    second.waitForFinished();
    QCOMPARE(runs.load(), 2);
}

void TestSingleflight::getAsyncHitDoesNotCompute()
{
    KVStore store(m_files.path("hit.db"));
    store.set({"ads", 42}, Value("cached"));
    bool computed = false;
    QFuture<Value> future = store.getAsync({"ads", 42}, [&] {
        computed = true;
        return Value("fresh");
    });
    QVERIFY(future.isFinished()); // a hit is answered at once
    QCOMPARE(future.result().asString(), std::string("cached"));
    QVERIFY(!computed);
}

void TestSingleflight::getAsyncMissComputesOnceAndStores()
{
    KVStore store(m_files.path("miss.db"));
    std::atomic<int> runs{0};
    std::vector<QFuture<Value>> futures;
    const Qt::HANDLE caller = QThread::currentThreadId();
    std::atomic<bool> offThread{true};
    Gate gate; // the compute waits until every caller has asked: all 100 find the key missing
    for (int i = 0; i < 100; ++i) {
        futures.push_back(store.getAsync(
            {"ads", "venue", 42},
            [&] {
                offThread.store(offThread.load() && QThread::currentThreadId() != caller);
                runs.fetch_add(1);
                gate.wait();
                return Value(7);
            },
            60000));
    }
    gate.open();
    for (auto &future : futures)
        QCOMPARE(future.result().asNumber(), 7.0);
    QCOMPARE(runs.load(), 1);
    QVERIFY(offThread.load());
    const auto entry = store.get({"ads", "venue", 42});
    QVERIFY(entry.has_value());
    QCOMPARE(entry->value.asNumber(), 7.0);
    QVERIFY(entry->expiresAt.has_value());
    // Without ttl the value does not expire.
    store.getAsync({"forever"}, [] { return Value(1); }).waitForFinished();
    QVERIFY(!store.get({"forever"})->expiresAt.has_value());
}

void TestSingleflight::getAsyncComputeFailureStoresNothing()
{
    KVStore store(m_files.path("fail.db"));
    QFuture<Value> future
        = store.getAsync({"k"}, []() -> Value { throw std::runtime_error("upstream down"); });
    QVERIFY(throwsWith<std::runtime_error>([&] { future.waitForFinished(); }, "upstream down"));
    QVERIFY(!store.get({"k"}).has_value());
    // The key is free again: the next call computes.
    QCOMPARE(store.getAsync({"k"}, [] { return Value(2); }).result().asNumber(), 2.0);
}

void TestSingleflight::getAsyncErrors()
{
    KVStore store(m_files.path("errors.db"));
    bool computed = false;
    const auto compute = [&] {
        computed = true;
        return Value(1);
    };
    QVERIFY(failsWith<RangeError>(store.getAsync({"k"}, compute, -1),
                                  "kvs: ttl must be a finite number >= 0, got -1"));
    QVERIFY(failsWith<TypeError>(store.getAsync({std::nan("")}, compute),
                                 "kvs: NaN cannot be a key part"));
    QVERIFY(!computed);
    KVStoreOptions readOnly;
    readOnly.readOnly = true;
    {
        KVStore viewer(store.path(), readOnly);
        QVERIFY(failsWith<ReadOnlyError>(viewer.getAsync({"k"}, compute),
                                         "kvs: the store is open read-only; set() needs write "
                                         "access"));
    }
    store.close();
    QVERIFY(failsWith<ClosedError>(store.getAsync({"k"}, compute), "kvs: the store is closed"));
}

void TestSingleflight::getAsyncResultArrivesOnTheCallersEventLoop()
{
    // What a GUI does: ask, return to the event loop, and get the value in a continuation on
    // its own thread (a context object), never waiting on the store.
    KVStore store(m_files.path("gui.db"));
    QObject context;
    bool onCallersThread = false;
    double received = 0;
    Gate gate; // the compute is still under way when getAsync() returns
    // kvs::then, not QFuture::then: Qt 6.4's races with the finishing thread (kvs/future.h).
    kvs::then(store.getAsync({"gui"},
                             [&gate] {
                                 gate.wait();
                                 return Value(5);
                             }),
              &context,
              [&](const Value &value) {
                  onCallersThread = QThread::currentThread() == context.thread();
                  received = value.asNumber();
              });
    QCOMPARE(received, 0.0); // not yet: the caller was not blocked
    gate.open();
    QTRY_COMPARE(received, 5.0);
    QVERIFY(onCallersThread);
}

QTEST_GUILESS_MAIN(TestSingleflight)
#include "tst_singleflight.moc"
