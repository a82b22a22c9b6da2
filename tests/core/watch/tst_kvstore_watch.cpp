// KVStore::watch(): the initial call, one call per committed batch per watcher, values from the
// committed bytes, tombstones from delete, cleanExpired, the maintenance timer and reset, the
// sequence numbers, callback errors and the diagnostics (reference "watch", "Watch internals").
#include "support/test_support.h"
#include "watch_recorder.h"

#include <kvs/clock.h>
#include <kvs/kvstore.h>

#include <QTest>

#include <atomic>
#include <thread>

using namespace kvs;
using kvs::test::throwsWith;
using kvs::test::WatchRecorder;

namespace {

bool sameKeys(const std::vector<Key> &a, const std::vector<Key> &b)
{
    return a == b;
}

double numberAt(const std::optional<Entry> &entry)
{
    return entry ? entry->value.asNumber() : -1;
}

} // namespace

class TestKVStoreWatch : public QObject
{
    Q_OBJECT

private:
    kvs::test::TestFiles m_files;

private slots:
    void initialCallComesAtOnce();
    void setIsDeliveredFromTheCommittedBytes();
    void atomicCommitIsOneBatch();
    void deleteTombstonesAndMissingDeleteIsSilent();
    void unchangedKeysAreReadOnceAndShared();
    void sequenceCountsEveryBatch();
    void incrementAndGetAsyncFillAreWrites();
    void cleanExpiredAndMaintenanceEmitTombstones();
    void resetEmitsResetTombstonesAndKeepsWatchers();
    void callbackErrorsAreCountedAndIsolated();
    void cancelStopsCallbacks();
    void callbackThatWritesGetsItsBatchAfter();
    void threadsSeeBatchesInOrder();
    void nothingFiresAfterClose();
    void readOnlyStoreGivesTheInitialCall();
    void watchValidatesKeys();
};

void TestKVStoreWatch::initialCallComesAtOnce()
{
    KVStore store(m_files.path("initial.db"));
    store.set({"config", "theme"}, Value("dark"));
    store.set({"other"}, Value(1));
    WatchRecorder recorder;
    const WatchHandle handle
        = store.watch({{"config", "theme"}, {"config", "lang"}}, recorder.callback());
    QCOMPARE(recorder.count(), std::size_t(1)); // before watch() returned
    const auto call = recorder.last();
    QVERIFY(call.event.initial);
    QVERIFY(call.event.changedKeys.empty());
    QCOMPARE(call.event.sequence, std::uint64_t(2)); // two batches committed before
    QCOMPARE(call.entries.size(), std::size_t(2));
    QVERIFY(call.entries[0].has_value());
    QCOMPARE(call.entries[0]->value.asString(), std::string("dark"));
    QVERIFY(!call.entries[1].has_value());
    QVERIFY(handle.isActive());
    QCOMPARE(store.getWatchDiagnostics().activeWatchers, std::int64_t(1));
    QCOMPARE(store.getWatchDiagnostics().callbacks, std::int64_t(1));
}

void TestKVStoreWatch::setIsDeliveredFromTheCommittedBytes()
{
    KVStore store(m_files.path("set.db"));
    WatchRecorder recorder;
    store.watch({{"a"}, {"b"}}, recorder.callback());
    const CommitResult written = store.set({"b"}, Value(42), SetOptions{60000});
    QCOMPARE(recorder.count(), std::size_t(2));
    const auto call = recorder.last();
    QVERIFY(!call.event.initial);
    QCOMPARE(call.event.sequence, std::uint64_t(1));
    QVERIFY(sameKeys(call.event.changedKeys, {{"b"}}));
    QVERIFY(!call.entries[0].has_value());
    QCOMPARE(numberAt(call.entries[1]), 42.0);
    QCOMPARE(call.entries[1]->version, written.version);
    QVERIFY(call.entries[1]->expiresAt.has_value());
    QVERIFY(call.entries[1]->key == Key({"b"}));
    // Key "a" was not changed and has no row: read once for this batch.
    QCOMPARE(store.getWatchDiagnostics().sharedReads, std::int64_t(1));
    // A write of an unwatched key calls nobody.
    store.set({"c"}, Value(1));
    QCOMPARE(recorder.count(), std::size_t(2));
}

void TestKVStoreWatch::atomicCommitIsOneBatch()
{
    KVStore store(m_files.path("atomic.db"));
    WatchRecorder recorder;
    store.watch({{"a"}, {"b"}, {"c"}}, recorder.callback());
    store.set({"c"}, Value(5));
    const std::int64_t readsBefore = store.getWatchDiagnostics().sharedReads;
    const CommitResult result = store.atomic()
                                    .set({"a"}, Value(1))
                                    .set({"b"}, Value(2))
                                    .set({"a"}, Value(3)) // collapses to its final state
                                    .sum({"c"}, 10)
                                    .commit();
    QVERIFY(result.ok);
    QCOMPARE(recorder.count(), std::size_t(3)); // initial, set c, the commit
    const auto call = recorder.last();
    QVERIFY(sameKeys(call.event.changedKeys, {{"a"}, {"b"}, {"c"}}));
    QCOMPARE(numberAt(call.entries[0]), 3.0);
    QCOMPARE(numberAt(call.entries[1]), 2.0);
    QCOMPARE(numberAt(call.entries[2]), 15.0);
    for (const auto &entry : call.entries)
        QCOMPARE(entry->version, result.version);
    // Every watched key changed: nothing had to be read.
    QCOMPARE(store.getWatchDiagnostics().sharedReads, readsBefore);
    // A failed check commits nothing and calls nobody.
    QVERIFY(!store.atomic().check({{"a"}, std::nullopt}).set({"b"}, Value(0)).commit().ok);
    QCOMPARE(recorder.count(), std::size_t(3));
}

void TestKVStoreWatch::deleteTombstonesAndMissingDeleteIsSilent()
{
    KVStore store(m_files.path("delete.db"));
    store.set({"k"}, Value("v"));
    WatchRecorder recorder;
    store.watch({{"k"}}, recorder.callback());
    const auto batches = store.getWatchDiagnostics().committedBatches;
    store.remove({"missing"});
    store.remove({"k"});
    QCOMPARE(recorder.count(), std::size_t(2));
    QVERIFY(!recorder.last().entries[0].has_value());
    QVERIFY(sameKeys(recorder.last().event.changedKeys, {{"k"}}));
    store.remove({"k"}); // gone already: emits nothing
    QCOMPARE(recorder.count(), std::size_t(2));
    QCOMPARE(store.getWatchDiagnostics().committedBatches, batches + 1);
}

void TestKVStoreWatch::unchangedKeysAreReadOnceAndShared()
{
    KVStore store(m_files.path("shared.db"));
    store.set({"c"}, Value(7));
    WatchRecorder first;
    WatchRecorder second;
    store.watch({{"a"}, {"c"}}, first.callback());
    store.watch({{"c"}, {"a"}}, second.callback());
    store.set({"a"}, Value(1));
    QCOMPARE(first.count(), std::size_t(2));
    QCOMPARE(second.count(), std::size_t(2));
    QCOMPARE(numberAt(first.last().entries[1]), 7.0);
    QCOMPARE(numberAt(second.last().entries[0]), 7.0);
    QCOMPARE(numberAt(second.last().entries[1]), 1.0);
    QCOMPARE(store.getWatchDiagnostics().sharedReads, std::int64_t(1)); // "c", once for both
    QCOMPARE(store.getWatchDiagnostics().callbacks, std::int64_t(4));
}

void TestKVStoreWatch::sequenceCountsEveryBatch()
{
    KVStore store(m_files.path("sequence.db"));
    store.set({"x"}, Value(1)); // nothing watched: still a batch
    store.set({"x"}, Value(2));
    QCOMPARE(store.getWatchDiagnostics().committedBatches, std::int64_t(2));
    WatchRecorder recorder;
    store.watch({{"w"}}, recorder.callback());
    QCOMPARE(recorder.last().event.sequence, std::uint64_t(2));
    store.set({"x"}, Value(3)); // unwatched, counted
    store.set({"w"}, Value(1));
    QCOMPARE(recorder.last().event.sequence, std::uint64_t(4));
    store.enqueue(Value("job")); // not a kv batch
    store.set({"w"}, Value(2));
    QCOMPARE(recorder.last().event.sequence, std::uint64_t(5));
    QCOMPARE(store.getWatchDiagnostics().committedBatches, std::int64_t(5));
}

void TestKVStoreWatch::incrementAndGetAsyncFillAreWrites()
{
    KVStore store(m_files.path("increment.db"));
    WatchRecorder recorder;
    store.watch({{"n"}, {"cache"}}, recorder.callback());
    store.increment({"n"}, 5);
    QCOMPARE(numberAt(recorder.last().entries[0]), 5.0);
    QFuture<Value> filled = store.getAsync(
        {"cache"}, [] { return Value("computed"); }, 60000);
    filled.waitForFinished();
    QCOMPARE(filled.result().asString(), std::string("computed"));
    // The fill is a set() on the compute pool's thread; its callback ran there, before the
    // future finished.
    QCOMPARE(recorder.count(), std::size_t(3));
    QCOMPARE(recorder.last().entries[1]->value.asString(), std::string("computed"));
}

void TestKVStoreWatch::cleanExpiredAndMaintenanceEmitTombstones()
{
    const auto clock = std::make_shared<ManualClock>();
    KVStoreOptions options;
    options.clock = clock;
    KVStore store(m_files.path("expire.db"), options);
    store.set({"t"}, Value(1), SetOptions{1});
    WatchRecorder recorder;
    store.watch({{"t"}}, recorder.callback());
    clock->advance(5);
    QCOMPARE(store.cleanExpired(), std::int64_t(1));
    QCOMPARE(recorder.count(), std::size_t(2));
    QVERIFY(!recorder.last().entries[0].has_value());
    QVERIFY(sameKeys(recorder.last().event.changedKeys, {{"t"}}));

    // The maintenance timer does the same on the store's own thread, when the clock passes it.
    options.maintenanceInterval = std::chrono::milliseconds(30);
    KVStore timed(m_files.path("timer.db"), options);
    WatchRecorder timer;
    timed.watch({{"t"}}, timer.callback());
    timed.set({"t"}, Value(1), SetOptions{20});
    clock->advance(30);
    QTRY_COMPARE_WITH_TIMEOUT(timer.count(), std::size_t(3), 5000);
    QVERIFY(!timer.last().entries[0].has_value());
    QCOMPARE(timed.getWatchDiagnostics().dispatchErrors, std::int64_t(0));
}

void TestKVStoreWatch::resetEmitsResetTombstonesAndKeepsWatchers()
{
    KVStore store(m_files.path("reset.db"));
    store.set({"a"}, Value(1));
    WatchRecorder recorder;
    store.watch({{"a"}, {"b"}}, recorder.callback());
    store.reset();
    QCOMPARE(recorder.count(), std::size_t(2));
    const auto call = recorder.last();
    QVERIFY(call.event.reset);
    QVERIFY(!call.entries[0].has_value() && !call.entries[1].has_value());
    QVERIFY(sameKeys(call.event.changedKeys, {{"a"}, {"b"}}));
    store.set({"b"}, Value(2)); // still registered
    QCOMPARE(recorder.count(), std::size_t(3));
    QVERIFY(!recorder.last().event.reset);
    QCOMPARE(numberAt(recorder.last().entries[1]), 2.0);
}

void TestKVStoreWatch::callbackErrorsAreCountedAndIsolated()
{
    KVStore store(m_files.path("errors.db"));
    int thrown = 0;
    store.watch({{"k"}}, [&](const auto &, const WatchEvent &event) {
        if (!event.initial) {
            ++thrown;
            throw std::runtime_error("callback failed");
        }
    });
    WatchRecorder after;
    store.watch({{"k"}}, after.callback());
    QVERIFY(store.set({"k"}, Value(1)).ok); // the writer never sees the callback's error
    QCOMPARE(thrown, 1);
    QCOMPARE(after.count(), std::size_t(2)); // the next watcher still ran
    const WatchDiagnostics d = store.getWatchDiagnostics();
    QCOMPARE(d.callbackErrors, std::int64_t(1));
    QCOMPARE(d.callbacks, std::int64_t(4));
}

void TestKVStoreWatch::cancelStopsCallbacks()
{
    KVStore store(m_files.path("cancel.db"));
    WatchRecorder recorder;
    WatchHandle handle = store.watch({{"k"}}, recorder.callback());
    WatchHandle copy = handle;
    store.set({"k"}, Value(1));
    copy.cancel();
    QVERIFY(!handle.isActive());
    QCOMPARE(store.getWatchDiagnostics().activeWatchers, std::int64_t(0));
    store.set({"k"}, Value(2));
    QCOMPARE(recorder.count(), std::size_t(2));
    handle.cancel(); // idempotent

    // A callback may cancel its own watcher.
    WatchHandle self;
    int calls = 0;
    self = store.watch({{"k"}}, [&](const auto &, const WatchEvent &event) {
        ++calls;
        if (!event.initial)
            self.cancel();
    });
    store.set({"k"}, Value(3));
    store.set({"k"}, Value(4));
    QCOMPARE(calls, 2);
}

void TestKVStoreWatch::callbackThatWritesGetsItsBatchAfter()
{
    KVStore store(m_files.path("reentrant.db"));
    std::vector<std::string> log;
    int depth = 0;
    int maxDepth = 0;
    store.watch({{"a"}, {"b"}}, [&](const auto &entries, const WatchEvent &event) {
        maxDepth = std::max(maxDepth, ++depth);
        log.push_back(std::to_string(event.sequence) + ":" + (entries[1] ? "b" : "-"));
        if (!event.initial && !entries[1])
            store.set({"b"}, Value(1)); // its batch comes after this callback returns
        --depth;
    });
    store.set({"a"}, Value(1));
    QCOMPARE(log, std::vector<std::string>({"0:-", "1:-", "2:b"}));
    QCOMPARE(maxDepth, 1);
}

void TestKVStoreWatch::threadsSeeBatchesInOrder()
{
    KVStore store(m_files.path("threads.db"));
    std::mutex mutex;
    std::vector<std::uint64_t> sequences;
    std::atomic<int> running{0};
    std::atomic<int> overlapped{0};
    store.watch({{"k"}}, [&](const auto &, const WatchEvent &event) {
        if (running.fetch_add(1) > 0)
            overlapped.fetch_add(1);
        {
            std::lock_guard lock(mutex);
            sequences.push_back(event.sequence);
        }
        running.fetch_sub(1);
    });
    constexpr int kWrites = 300;
    std::thread other([&] {
        for (int i = 0; i < kWrites; ++i)
            store.set({"k"}, Value(i));
    });
    for (int i = 0; i < kWrites; ++i)
        store.set({"k"}, Value(-i));
    other.join();
    QCOMPARE(overlapped.load(), 0);
    QCOMPARE(sequences.size(), std::size_t(2 * kWrites + 1));
    for (std::size_t i = 1; i < sequences.size(); ++i)
        QCOMPARE(sequences[i], sequences[i - 1] + 1);
}

void TestKVStoreWatch::nothingFiresAfterClose()
{
    const auto clock = std::make_shared<ManualClock>();
    KVStoreOptions options;
    options.maintenanceInterval = std::chrono::milliseconds(5);
    options.clock = clock;
    KVStore store(m_files.path("close.db"), options);
    std::atomic<bool> closed{false};
    std::atomic<int> late{0};
    std::atomic<int> calls{0};
    store.watch({{"k"}}, [&](const auto &, const WatchEvent &) {
        calls.fetch_add(1);
        if (closed.load())
            late.fetch_add(1);
        QThread::usleep(200); // widen the window for a write racing close()
    });
    std::thread writer([&] {
        for (int i = 0;; ++i) {
            try {
                store.set({"k"}, Value(i), SetOptions{1}); // also feeds the maintenance timer
            } catch (const ClosedError &) {
                break;
            }
            clock->advance(5); // the timer runs as often as the writes
        }
    });
    QTRY_VERIFY_WITH_TIMEOUT(calls.load() > 20, 5000);
    store.close();
    closed.store(true);
    writer.join();     // its first write after close() threw
    clock->advance(5); // a timer that outlived close() would run now
    QCOMPARE(late.load(), 0);
    QCOMPARE(store.getWatchDiagnostics().activeWatchers, std::int64_t(0));
    QVERIFY(throwsWith<ClosedError>([&] { store.watch({{"k"}}, {}); }, "kvs: the store is closed"));
}

void TestKVStoreWatch::readOnlyStoreGivesTheInitialCall()
{
    const std::string path = m_files.path("readonly.db");
    {
        KVStore writer(path);
        writer.set({"k"}, Value("v"));
    }
    KVStoreOptions options;
    options.readOnly = true;
    KVStore store(path, options);
    WatchRecorder recorder;
    store.watch({{"k"}}, recorder.callback());
    QCOMPARE(recorder.count(), std::size_t(1));
    QCOMPARE(recorder.last().entries[0]->value.asString(), std::string("v"));
}

void TestKVStoreWatch::watchValidatesKeys()
{
    KVStore store(m_files.path("validate.db"));
    QVERIFY(throwsWith<TypeError>([&] { store.watch({{std::nan("")}}, {}); },
                                  "kvs: NaN cannot be a key part"));
    QVERIFY(throwsWith<RangeError>(
        [&] { store.watch({{std::string(3000, 'x')}}, {}); },
        "kvs: key is 3002 bytes encoded, over the 2048-byte limit (maxKeySize)"));
    QCOMPARE(store.getWatchDiagnostics().activeWatchers, std::int64_t(0));
}

QTEST_GUILESS_MAIN(TestKVStoreWatch)
#include "tst_kvstore_watch.moc"
